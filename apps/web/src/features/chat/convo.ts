import type { ChatMessage, ChatSession } from '@chatpay/shared';
import { isNetworkError } from '../../lib/errors.ts';
import type { MediaKind } from './components/Composer.tsx';
import {
  deleteFailed,
  loadOlder,
  markRead,
  recallMessage,
  removeForMe,
  retryFailed,
  sendMessage,
} from './engine.ts';
import { sendImage, sendMedia, sendVoice } from './media.ts';
import type { Mentions } from './mentions.ts';
import type { Thread } from './store.ts';
import type { UiMessage } from './thread.ts';

/**
 * The chat page as a typed state (social-app's ConvoState). What may be done to a chat depends on where it
 * is, and the type says so: only a `ready` chat sends, retries and recalls; a `dissolved` group keeps its
 * history to read, scroll back and delete from, and nothing else; `loading` and `error` offer nothing.
 *
 *   loading ──(session and first page loaded)──► ready ──(the group is dissolved)──► dissolved
 *      │  ▲                                       │
 *      │  └─(back online)── offline ◄─(no network, nothing loaded yet: the page stays)
 *      └──────────(either load fails)─────────────┴──► error (the page leaves)
 *
 * A network failure never sends the member away (issue 17): a chat already loaded stays `ready` (sending
 * queues in the outbox), one not loaded yet is `offline` until the connection is back.
 */
export type ChatState =
  | { status: 'loading'; sessionId: number; session: ChatSession | null }
  | { status: 'offline'; sessionId: number; session: ChatSession | null }
  | { status: 'error'; sessionId: number; error: unknown }
  | ({ status: 'ready'; sessionId: number; session: ChatSession; thread: Thread } & WriteActions)
  | ({ status: 'dissolved'; sessionId: number; session: ChatSession; thread: Thread } & ReadActions);

/** What a chat whose history can only be read allows. */
export interface ReadActions {
  /** History upward; answers how many messages arrived. */
  loadOlder: () => Promise<number>;
  /** Marks what is shown read. */
  markRead: () => Promise<void>;
  /** Deletes a message for me only. */
  removeForMe: (message: UiMessage) => Promise<void>;
  /** Deletes one of my messages that failed to send (it never reached the server). */
  deleteFailed: (message: UiMessage) => void;
}

/** What a live chat allows besides reading. */
export interface WriteActions extends ReadActions {
  /** Sends a text; with `quote`, as a reply quoting that stored message; with `mentions`, naming members. */
  sendText: (text: string, quote?: UiMessage | null, mentions?: Mentions) => void;
  sendFile: (kind: MediaKind, file: File) => Promise<void>;
  sendVoice: (blob: Blob, seconds: number) => void;
  /** Sends every failed message of the chat again, in order. */
  retryFailed: () => void;
  recall: (message: UiMessage) => Promise<void>;
}

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

/** The engine's calls bound to one session. */
export const chatActions = (sessionId: number): WriteActions => ({
  loadOlder: () => loadOlder(sessionId),
  markRead: () => markRead(sessionId),
  removeForMe: (message) => removeForMe(message),
  deleteFailed: (message) => deleteFailed(sessionId, message.clientMsgId),
  sendText: (text, quote, mentions) =>
    sendMessage(sessionId, 'text', {
      text,
      ...(quote ? { quoteId: quote.id, quote: quoteOf(quote) } : {}),
      ...mentions,
    }),
  sendFile: async (kind, file) => {
    if (kind === 'image') await sendImage(sessionId, file);
    else await sendMedia(sessionId, kind, file);
  },
  sendVoice: (blob, seconds) => sendVoice(sessionId, blob, seconds),
  retryFailed: () => retryFailed(sessionId),
  recall: (message) => recallMessage(message),
});

/** Whether a message can be forwarded: stored content a copy can carry (not money, notices or recalls). */
export const forwardable = (message: Pick<ChatMessage, 'contentType' | 'recalled' | 'id'>) =>
  message.id > 0 &&
  !message.recalled &&
  ['text', 'image', 'video', 'voice', 'file'].includes(message.contentType);

/** The quote a reply to `m` shows (the server stores its own copy; this one is the preview while sending). */
export const quoteOf = (m: UiMessage) => ({
  id: m.id,
  seq: m.seq,
  senderId: m.senderId,
  contentType: m.contentType,
  text: m.contentType === 'text' ? String(m.content.text ?? '').slice(0, 200) : '',
});

/** Whether a message can be quoted in a reply: a stored one that was not recalled, not a notice. */
export const quotable = (m: Pick<ChatMessage, 'id' | 'recalled' | 'contentType'>) =>
  m.id > 0 && !m.recalled && m.contentType !== 'notice';
