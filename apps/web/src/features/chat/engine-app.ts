import { type ChatSession, SESSION_REFRESH_DELAY_MS } from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { chatKeys } from './keys.ts';
import { useChatStore } from './store.ts';

/*
 * The app-wide half of the chat engine: the query cache it keeps the session list in, who is signed in and
 * which chat is on screen. Everything about one conversation lives in its Convo (convo-agent.ts); the
 * outbox, which spans sessions and survives reloads, in outbox-send.ts.
 */

let qc: QueryClient | null = null;
/** The query cache the engine keeps the session list in. */
export const bindQueryClient = (client: QueryClient) => {
  qc = client;
};
/** The bound query cache (null before the engine starts). */
export const queryClient = () => qc;
/** Invalidates chat queries (friends, requests, users) after an event. */
export const invalidate = (queryKey: readonly unknown[]) => void qc?.invalidateQueries({ queryKey });

export const myId = () => useAuth.getState().user?.id ?? useAuth.getState().payload?.uid ?? null;

export const sessionsOf = () => qc?.getQueryData<ChatSession[]>(chatKeys.sessions());
export const setSessions = (fn: (list: ChatSession[]) => ChatSession[]) =>
  qc?.setQueryData<ChatSession[]>(chatKeys.sessions(), (list) => (list ? fn(list) : list));

/** Changes the cached detail of one session (the chat page's), if it is loaded. */
export const setSession = (id: number, fn: (s: ChatSession) => ChatSession) =>
  qc?.setQueryData<ChatSession>(chatKeys.session(id), (s) => (s ? fn(s) : s));

let refreshTimer: ReturnType<typeof setTimeout> | null = null;
/** The list refreshes 2 s after an event about a session it does not know (one reload for a burst). */
export const refreshSessionsSoon = () => {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    void qc?.invalidateQueries({ queryKey: chatKeys.sessions() });
  }, SESSION_REFRESH_DELAY_MS);
};

export const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
export const isOpen = (sessionId: number) => useChatStore.getState().openId === sessionId && visible();
