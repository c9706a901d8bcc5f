import { type ChatMessage, ErrorCode } from '@chatpay/shared';
import { ApiError, ClientCode } from '../../lib/errors.ts';
import { myId } from './engine-app.ts';
import { Outbox, type OutboxItem } from './outbox.ts';
import { forgetSend, savedSends, saveSend } from './outbox-store.ts';
import { deliverMessage } from './send-transport.ts';
import { type Thread, useChatStore } from './store.ts';
import { arrange, removeLocal, type UiMessage, upsertLocal } from './thread.ts';

/*
 * The app-wide outbox: one queue per session (outbox.ts), kept on this device so it survives a reload
 * (outbox-store.ts), and restored once per signed-in member. It knows no conversation object: a stored
 * message is handed to the listeners of `onStored` (convo-agent.ts puts it into its thread and the list).
 */

type SendResult = Awaited<ReturnType<typeof deliverMessage>>;

const retryAfterMs = (error: unknown) => {
  const data = error instanceof ApiError ? (error.data as { retryAfter?: unknown } | null) : null;
  const seconds = typeof data?.retryAfter === 'number' ? data.retryAfter : 1;
  return Math.min(10, Math.max(1, seconds)) * 1000;
};

const isRetryable = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === ClientCode.Network ||
    error.code === ClientCode.UploadNetwork ||
    error.code === ErrorCode.Internal ||
    error.code === ErrorCode.SendTooFast ||
    error.status >= 500);

const update = (id: number, fn: (thread: Thread) => Thread) => useChatStore.getState().update(id, fn);

const setStatus = (sessionId: number, clientMsgId: string, status: UiMessage['status'], refused?: string) =>
  update(sessionId, (t) => ({
    ...t,
    items: arrange(
      t.items.map((m) =>
        m.status !== 'sent' && m.clientMsgId === clientMsgId ? { ...m, status, refused } : m,
      ),
    ),
  }));

/** Why the server refused a message, in the member's language (the error catalogue's text). */
const refusalOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : String(error);

const errorListeners = new Set<(error: unknown) => void>();
/** The chat page shows why a message failed (a refusal such as "not friends"). */
export const onSendError = (listener: (error: unknown) => void) => {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
};

const storedListeners = new Set<(message: ChatMessage) => void>();
/** A queued message the server stored (its answer, before the socket echo): the conversation takes it. */
export const onStored = (listener: (message: ChatMessage) => void) => {
  storedListeners.add(listener);
  return () => storedListeners.delete(listener);
};

export const outbox = new Outbox<SendResult>({
  send: (item) =>
    deliverMessage({
      sessionId: item.sessionId,
      clientMsgId: item.clientMsgId,
      contentType: item.contentType as 'text',
      content: item.content,
    }),
  onSent: (item, result) => {
    const stored: ChatMessage = {
      id: result.id,
      sessionId: item.sessionId,
      seq: result.seq,
      clientMsgId: item.clientMsgId,
      senderId: myId() ?? 0,
      contentType: item.contentType as ChatMessage['contentType'],
      content: item.content ?? {},
      createTime: result.createTime,
      isAutoReply: false,
      recalled: false,
      recallableUntil: result.recallableUntil,
    };
    const me = myId();
    if (me !== null) forgetSend(me, item.clientMsgId);
    for (const l of storedListeners) l(stored);
  },
  onFailed: (item, error) => {
    // A refusal (too long, not friends) will never be stored: it is not kept for after a reload.
    const me = myId();
    if (me !== null && error !== null && !isRetryable(error)) forgetSend(me, item.clientMsgId);
    const refused = error !== null && !isRetryable(error) ? refusalOf(error) : undefined;
    setStatus(item.sessionId, item.clientMsgId, 'failed', refused);
    if (error) for (const l of errorListeners) l(error);
  },
  retryable: isRetryable,
  attempts: 4,
  delay: (n, error) =>
    // Offline: wait for the network (the 'online' event wakes the outbox) instead of failing the message.
    typeof navigator !== 'undefined' && navigator.onLine === false
      ? new Promise<void>(() => undefined)
      : new Promise((r) =>
          setTimeout(
            r,
            error instanceof ApiError && error.code === ErrorCode.SendTooFast
              ? retryAfterMs(error)
              : 400 * 2 ** n,
          ),
        ),
});

const newClientMsgId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Queues one message: it shows at once as pending, then goes out in order. `prepare` (an upload) turns the
 * local preview content into the content that is sent.
 */
export const sendMessage = (
  sessionId: number,
  contentType: ChatMessage['contentType'],
  preview: Record<string, unknown>,
  options: { prepare?: OutboxItem['prepare']; localUrl?: string } = {},
) => {
  const clientMsgId = newClientMsgId();
  const local: UiMessage = {
    id: 0,
    sessionId,
    seq: 0,
    clientMsgId,
    senderId: myId() ?? 0,
    contentType,
    content: preview,
    createTime: new Date().toISOString(),
    isAutoReply: false,
    recalled: false,
    status: 'pending',
    localUrl: options.localUrl,
  };
  update(sessionId, (t) => ({ ...t, items: upsertLocal(t.items, local) }));
  const me = myId();
  // Text and other ready content survives a reload while offline; an upload in progress cannot.
  if (me !== null && !options.prepare)
    saveSend(me, { sessionId, clientMsgId, contentType, content: preview, createTime: local.createTime });
  outbox.enqueue({
    sessionId,
    clientMsgId,
    contentType,
    content: options.prepare ? null : preview,
    prepare: options.prepare,
  });
};

let restoredFor: number | null = null;

/**
 * After a reload (or a login): the messages I wrote and the server has not stored show as pending again and
 * go out in their order, with their clientMsgId, so one the server did store before the reload is not
 * stored twice (the server answers the stored copy).
 */
export const restoreOutbox = () => {
  const me = myId();
  if (me === null || restoredFor === me) return;
  restoredFor = me;
  for (const saved of savedSends(me)) {
    const local: UiMessage = {
      id: 0,
      sessionId: saved.sessionId,
      seq: 0,
      clientMsgId: saved.clientMsgId,
      senderId: me,
      contentType: saved.contentType as ChatMessage['contentType'],
      content: saved.content,
      createTime: saved.createTime,
      isAutoReply: false,
      recalled: false,
      status: 'pending',
    };
    update(saved.sessionId, (t) => ({ ...t, items: upsertLocal(t.items, local) }));
    outbox.enqueue({
      sessionId: saved.sessionId,
      clientMsgId: saved.clientMsgId,
      contentType: saved.contentType,
      content: saved.content,
    });
  }
};

/** Logout: the next member on this device starts clean (their own saved messages are restored). */
export const forgetRestore = () => {
  restoredFor = null;
};

/** Tap to retry: every failed message of the session goes again, in order, with the same clientMsgId. */
export const retryFailed = (sessionId: number) => {
  for (const item of outbox.failedOf(sessionId)) setStatus(sessionId, item.clientMsgId, 'pending');
  outbox.retry(sessionId);
};

/** Deletes one of my failed messages: it leaves the chat, the outbox and this device's saved sends. */
export const deleteFailed = (sessionId: number, clientMsgId: string) => {
  outbox.discard(sessionId, clientMsgId);
  const me = myId();
  if (me !== null) forgetSend(me, clientMsgId);
  update(sessionId, (t) => ({ ...t, items: removeLocal(t.items, clientMsgId) }));
};
