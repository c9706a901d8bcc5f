import type { ChangeCursors, ChatMessage, ChatSession } from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { storage } from '../../lib/storage.ts';
import { chatKeys } from './keys.ts';
import { useChatStore } from './store.ts';

/**
 * What the chat tab shows without a network: the member's session list and the newest messages
 * of the chats they opened lately, kept on this phone and shown on a cold start while the server cannot be
 * reached. Loaded data always replaces it; logging out forgets it.
 */
const PREFIX = 'chat-cache:';
/** The newest messages kept per chat, and how many chats (the most recently opened). */
export const CACHED_MESSAGES = 30;
export const CACHED_CHATS = 20;

interface CachedChat {
  session: ChatSession;
  messages: ChatMessage[];
  hasMoreOlder: boolean;
  /** The thread's change cursors when these messages were kept (absent in caches written before them). */
  changes?: ChangeCursors;
}
interface ChatCache {
  sessions: ChatSession[] | null;
  /** Most recently opened first. */
  chats: { id: number; chat: CachedChat }[];
}

const keyOf = (uid: number) => `${PREFIX}${uid}`;
const me = () => useAuth.getState().user?.id ?? useAuth.getState().payload?.uid ?? null;
const read = (uid: number): ChatCache =>
  storage.getJson<ChatCache>(keyOf(uid)) ?? { sessions: null, chats: [] };
const write = (uid: number, cache: ChatCache) => {
  try {
    storage.setJson(keyOf(uid), cache);
  } catch {
    // Storage full: the cache is a convenience, the app works without it.
  }
};

export const cachedChat = (sessionId: number): CachedChat | null => {
  const uid = me();
  return uid === null ? null : (read(uid).chats.find((c) => c.id === sessionId)?.chat ?? null);
};

/** Forgets what this phone kept of one chat (its history was cleared). */
export const forgetCachedChat = (sessionId: number) => {
  const uid = me();
  if (uid === null) return;
  const cache = read(uid);
  write(uid, { ...cache, chats: cache.chats.filter((c) => c.id !== sessionId) });
};

/** Forgets every member's cache on this phone (logout). */
export const forgetChatCache = () => {
  try {
    const ls = globalThis.localStorage;
    for (const key of Object.keys(ls)) if (key.startsWith(PREFIX)) ls.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
};

/**
 * Keeps the cache up to date (the session list as the query cache holds it, the open chat's newest stored
 * messages) and seeds the session list from it at start, as stale data the first fetch replaces.
 */
export const startChatCache = (qc: QueryClient) => {
  const sessionsKey = JSON.stringify(chatKeys.sessions());
  const uid = me();
  const seeded = uid === null ? null : read(uid).sessions;
  if (seeded && !qc.getQueryData(chatKeys.sessions()))
    qc.setQueryData(chatKeys.sessions(), seeded, { updatedAt: 0 });

  qc.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) !== sessionsKey) return;
    const owner = me();
    const list = event.query.state.data as ChatSession[] | undefined;
    if (owner === null || !list) return;
    write(owner, { ...read(owner), sessions: list });
  });

  let timer: ReturnType<typeof setTimeout> | null = null;
  useChatStore.subscribe((state, prev) => {
    const id = state.openId;
    if (id === null || state.threads[id] === prev.threads[id] || !state.threads[id]?.loaded) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const owner = me();
      const thread = useChatStore.getState().threads[id];
      const session = qc.getQueryData<ChatSession>(chatKeys.session(id));
      if (owner === null || !thread?.loaded || !session) return;
      const messages = thread.items
        .filter((m) => m.status === 'sent')
        .slice(-CACHED_MESSAGES)
        .map(({ status: _status, ...m }) => m);
      const hasMoreOlder = thread.hasMoreOlder || thread.items.length > messages.length;
      const cache = read(owner);
      const chats = [
        { id, chat: { session, messages, hasMoreOlder, changes: thread.changes } },
        ...cache.chats.filter((c) => c.id !== id),
      ];
      write(owner, { ...cache, chats: chats.slice(0, CACHED_CHATS) });
    }, 500);
  });
};
