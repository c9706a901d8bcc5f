import type { ChatMessage, ChatSession } from '@chatpay/shared';
import { isNetworkError } from '../../lib/errors.ts';
import { convos } from './convo-agent.ts';
import type { ReadActions, WriteActions } from './convo-types.ts';
import type { Thread } from './store.ts';

export { quoteOf } from './convo-agent.ts';
export type { ReadActions, WriteActions } from './convo-types.ts';

/**
 * The chat page as a typed state (social-app's ConvoState): its conversation's own status (convo-types.ts)
 * seen together with the session detail, which says whether the group is dissolved. What may be done to a chat depends on where it
 * is, and the type says so: only a `ready` chat sends, retries and recalls; a `dissolved` group keeps its
 * history to read, scroll back and delete from, and nothing else; `loading` and `error` offer nothing.
 *
 *   loading ──(session and first page loaded)──► ready ──(the group is dissolved)──► dissolved
 *      │  ▲                                       │
 *      │  └─(back online)── offline ◄─(no network, nothing loaded yet: the page stays)
 *      └──────────(either load fails)─────────────┴──► error (the page leaves)
 *
 * A network failure never sends the member away: a chat already loaded stays `ready` (sending
 * queues in the outbox), one not loaded yet is `offline` until the connection is back.
 */
export type ChatState =
  | { status: 'loading'; sessionId: number; session: ChatSession | null }
  | { status: 'offline'; sessionId: number; session: ChatSession | null }
  | { status: 'error'; sessionId: number; error: unknown }
  | ({ status: 'ready'; sessionId: number; session: ChatSession; thread: Thread } & WriteActions)
  | ({ status: 'dissolved'; sessionId: number; session: ChatSession; thread: Thread } & ReadActions);

/** Where the chat's data stands: the session query, the thread in the store, the first page's outcome. */
export interface ChatSources {
  sessionId: number;
  session: { data: ChatSession | undefined; error: unknown };
  thread: Thread;
  /** Why the chat cannot open (its first page failed, or there is no session id). */
  openError: unknown;
}

/** The state of a chat from its sources; `actions` are bound to its session (chatActions). */
export const chatState = (sources: ChatSources, actions: WriteActions): ChatState => {
  const { sessionId, session, thread } = sources;
  const error = sources.openError ?? session.error;
  const loaded = Boolean(session.data) && thread.loaded;
  if (error && isNetworkError(error)) {
    if (!loaded) return { status: 'offline', sessionId, session: session.data ?? null };
  } else if (error) return { status: 'error', sessionId, error };
  if (!session.data || !thread.loaded) return { status: 'loading', sessionId, session: session.data ?? null };
  const base = { sessionId, session: session.data, thread };
  if (session.data.groupInfo?.dissolved) {
    const { loadOlder, markRead, removeForMe, deleteFailed } = actions;
    return { status: 'dissolved', ...base, loadOlder, markRead, removeForMe, deleteFailed };
  }
  return { status: 'ready', ...base, ...actions };
};

/** The calls of the session's convo (convo-agent.ts), bound to it; chatState offers those its state allows. */
export const chatActions = (sessionId: number): WriteActions => convos.get(sessionId).actions;

/** Whether a message can be forwarded: stored content a copy can carry (not money, notices or recalls). */
export const forwardable = (message: Pick<ChatMessage, 'contentType' | 'recalled' | 'id'>) =>
  message.id > 0 &&
  !message.recalled &&
  ['text', 'image', 'video', 'voice', 'file'].includes(message.contentType);

/** Whether a message can be quoted in a reply: a stored one that was not recalled, not a notice. */
export const quotable = (m: Pick<ChatMessage, 'id' | 'recalled' | 'contentType'>) =>
  m.id > 0 && !m.recalled && m.contentType !== 'notice';
