import {
  type ChangeCursors,
  type ChatMessage,
  type ChatSession,
  ErrorCode,
  type MessageRemovePayload,
  messageApi,
  SESSION_REFRESH_DELAY_MS,
  type SessionClearPayload,
} from '@chatpay/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { ApiError, ClientCode, isNetworkError } from '../../lib/errors.ts';
import { perfMark } from '../../lib/perf-marks.ts';
import { call } from '../../lib/request.ts';
import { connectPending } from '../../lib/socket.ts';
import { chatKeys } from './keys.ts';
import { cachedChat } from './offline-cache.ts';
import { Outbox, type OutboxItem } from './outbox.ts';
import { forgetSend, savedSends, saveSend } from './outbox-store.ts';
import { deliverMessage } from './send-transport.ts';
import { applyMessage, applyRead } from './sessions.ts';
import { getThread, type Thread, useChatStore } from './store.ts';
import {
  applyChanges,
  arrange,
  hasGap,
  maxSeq,
  mergeMessages,
  minSeq,
  nextCursor,
  removeById,
  removeLocal,
  type UiMessage,
  upsertLocal,
} from './thread.ts';

const PAGE_SIZE = 30;
const CATCH_UP_SIZE = 100;

let qc: QueryClient | null = null;
/** The query cache the engine keeps the session list in. */
export const bindQueryClient = (client: QueryClient) => {
  qc = client;
};
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
/** SPEC §4: the list refreshes 2 s after an event about a session it does not know. */
export const refreshSessionsSoon = () => {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    void qc?.invalidateQueries({ queryKey: chatKeys.sessions() });
  }, SESSION_REFRESH_DELAY_MS);
};

export const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
export const isOpen = (sessionId: number) => useChatStore.getState().openId === sessionId && visible();

const update = (id: number, fn: (thread: Thread) => Thread) => useChatStore.getState().update(id, fn);

// ---- catch-up -----------------------------------------------------------------------------------

const catchUps = new Map<number, Promise<void>>();
const catchUpAgain = new Set<number>();

/**
 * Fetches everything after the thread's synced seq (DESIGN §5 catch-up). One run per session at a time; a
 * request while one runs schedules one more run, so a message that arrived meanwhile is not missed.
 */
export const catchUp = (sessionId: number): Promise<void> => {
  const running = catchUps.get(sessionId);
  if (running) {
    catchUpAgain.add(sessionId);
    return running;
  }
  const run = (async () => {
    do {
      catchUpAgain.delete(sessionId);
      for (;;) {
        const after = getThread(sessionId).syncedSeq;
        const page = await call(messageApi.page, { sessionId, afterSeq: after, size: CATCH_UP_SIZE });
        const top = page.list.reduce((m, x) => Math.max(m, x.seq), after);
        update(sessionId, (t) => ({
          ...t,
          items: mergeMessages(t.items, page.list),
          syncedSeq: Math.max(t.syncedSeq, top),
        }));
        if (!page.hasMore || page.list.length === 0) break;
      }
    } while (catchUpAgain.has(sessionId));
  })().finally(() => catchUps.delete(sessionId));
  catchUps.set(sessionId, run);
  return run;
};

/** Stored messages reach a thread: merged in seq order; a hole before them is fetched (gap detection). */
export const receive = (sessionId: number, messages: ChatMessage[]) => {
  const thread = getThread(sessionId);
  if (!thread.loaded) {
    // The open chat, one opened at start-up before its page rendered (or one holding my pending sends) is
    // still loading its first page, which may have left before these were stored: keep them. The page merges in by id; the synced seq stays with the page, so
    // a later gap check or catch-up can only re-fetch, never skip. Other sessions load when opened.
    if (useChatStore.getState().openId === sessionId || opening.has(sessionId) || thread.items.length > 0) {
      update(sessionId, (t) => ({ ...t, items: mergeMessages(t.items, messages) }));
    }
    return;
  }
  let gap = false;
  update(sessionId, (t) => {
    let synced = t.syncedSeq;
    for (const m of [...messages].sort((a, b) => a.seq - b.seq)) {
      if (m.seq <= synced) continue;
      if (hasGap(synced, m.seq)) gap = true;
      else synced = m.seq;
    }
    return { ...t, items: mergeMessages(t.items, messages), syncedSeq: synced };
  });
  if (gap) void catchUp(sessionId).catch(() => undefined);
};

// ---- changes (recall, delete for me, clear; chat-delivery.md "Changes since") ---------------------

const changeSyncs = new Map<number, Promise<void>>();
const changeSyncAgain = new Set<number>();

const laterCursors = (a: ChangeCursors, b: ChangeCursors): ChangeCursors => ({
  shared: Math.max(a.shared, b.shared),
  mine: Math.max(a.mine, b.mine),
});

/** Drops what the clear point hides; nothing older is left to load when it reaches the oldest held message. */
const withClear = (t: Thread, clearedSeq: number): Thread => {
  if (clearedSeq <= 0) return t;
  const items = applyChanges(t.items, { clearedSeq });
  const oldest = minSeq(items);
  const hasMoreOlder = t.hasMoreOlder && oldest !== null && oldest > clearedSeq + 1;
  return items === t.items && hasMoreOlder === t.hasMoreOlder ? t : { ...t, items, hasMoreOlder };
};

/**
 * Fetches the changes after the thread's cursors (a recall made while this device was away keeps its seq, so
 * afterSeq cannot see it; my deletions and clears on another device neither) and applies them. One run per
 * session at a time; a request while one runs schedules one more run.
 */
export const syncChanges = (sessionId: number): Promise<void> => {
  const running = changeSyncs.get(sessionId);
  if (running) {
    changeSyncAgain.add(sessionId);
    return running;
  }
  const run = (async () => {
    do {
      changeSyncAgain.delete(sessionId);
      for (;;) {
        const { changes } = getThread(sessionId);
        const answer = await call(messageApi.changes, {
          sessionId,
          afterShared: changes.shared,
          afterMine: changes.mine,
        });
        update(sessionId, (t) =>
          withClear(
            {
              ...t,
              items: applyChanges(t.items, answer),
              changes: laterCursors(t.changes, answer.changes),
            },
            answer.clearedSeq,
          ),
        );
        if (!answer.hasMore) break;
      }
    } while (changeSyncAgain.has(sessionId));
  })().finally(() => changeSyncs.delete(sessionId));
  changeSyncs.set(sessionId, run);
  return run;
};

/** A live change moves its cursor when it is the next one; past a missed one, the changes are fetched. */
const noteChange = (sessionId: number, kind: keyof ChangeCursors, changeSeq: number) => {
  if (!getThread(sessionId).loaded) return;
  let gap = false;
  update(sessionId, (t) => {
    const next = nextCursor(t.changes[kind], changeSeq);
    gap = next.gap;
    return next.cursor === t.changes[kind] ? t : { ...t, changes: { ...t.changes, [kind]: next.cursor } };
  });
  if (gap) void syncChanges(sessionId).catch(() => undefined);
};

/** A stored message was changed (recalled): the `message` event or my recall's answer carries its number. */
export const receiveChange = (m: ChatMessage) => {
  if (m.changeSeq) noteChange(m.sessionId, 'shared', m.changeSeq);
};

/** I deleted messages for me on some device of mine (this one included): they leave the thread. */
export const receiveRemoval = ({ sessionId, ids, changeSeq }: MessageRemovePayload) => {
  update(sessionId, (t) => ({ ...t, items: applyChanges(t.items, { removedIds: ids }) }));
  noteChange(sessionId, 'mine', changeSeq);
};

/** I cleared a chat on some device of mine: everything up to the clear point leaves the thread. */
export const receiveClear = ({ sessionId, clearedSeq, changeSeq }: SessionClearPayload) => {
  update(sessionId, (t) => withClear(t, clearedSeq));
  noteChange(sessionId, 'mine', changeSeq);
};

/**
 * A message the server stored for a call of mine (a send, a transfer, a red packet): into its thread and
 * the session list at once; the socket echo is the same id and merges away.
 */
export const receiveStored = (m: ChatMessage) => {
  receive(m.sessionId, [m]);
  const outcome = applyMessage(sessionsOf() ?? [], m, myId());
  if (outcome.unknown) refreshSessionsSoon();
  else setSessions(() => outcome.sessions);
};

// ---- loading ------------------------------------------------------------------------------------

/** First openings in flight, by session: a second opening (start-up, then the page) joins the first. */
const opening = new Map<number, Promise<void>>();

/**
 * Loads the newest page the first time a chat opens; later openings only catch up. What this phone kept of
 * the chat (offline-cache.ts) is shown at once, before the network answers; the newest page then joins it when
 * the two meet, or replaces it when messages are missing in between (a hole is never shown as continuous).
 * Start-up opens the chat of the address it was launched at beside the page's code (app/boot-route.ts); the
 * page's own opening then joins that one instead of asking again.
 */
export const openThread = (sessionId: number): Promise<void> => {
  const running = opening.get(sessionId);
  if (running) return running;
  if (getThread(sessionId).loaded) {
    // While the socket is on its way, its connect catches every loaded chat up (realtime.ts onConnect): a
    // round now would only be repeated by it (a chat page opened at start-up asked three times).
    if (connectPending()) return Promise.resolve();
    // Changes are best effort here: the next reconnect or live change asks again.
    return Promise.all([catchUp(sessionId), syncChanges(sessionId).catch(() => undefined)]).then(
      () => undefined,
    );
  }
  const first = openFirst(sessionId).finally(() => opening.delete(sessionId));
  opening.set(sessionId, first);
  return first;
};

const openFirst = async (sessionId: number) => {
  const cached = openFromCache(sessionId);
  perfMark(cached ? 'chat-from-cache' : 'chat-page-asked');
  let page: Awaited<ReturnType<typeof call<typeof messageApi.page>>>;
  try {
    page = await call(messageApi.page, { sessionId, size: PAGE_SIZE });
  } catch (error) {
    // No network: what this phone kept of the chat stays; it catches up once the connection is back. Any
    // other failure (no longer a member, …): the kept messages go, as the chat did not open.
    if (cached && !isNetworkError(error)) {
      const kept = new Set(cached.map((m) => m.id));
      update(sessionId, (t) => ({
        ...t,
        items: t.items.filter((m) => m.status !== 'sent' || !kept.has(m.id)),
        syncedSeq: 0,
        loaded: false,
      }));
    }
    throw error;
  }
  perfMark('chat-page-answered');
  const seqs = page.list.map((m) => m.seq);
  const oldest = seqs.length > 0 ? Math.min(...seqs) : null;
  const cachedSeqs = (cached ?? []).map((m) => m.seq);
  const joins = cachedSeqs.length === 0 || oldest === null || oldest <= Math.max(...cachedSeqs) + 1;
  // A kept message the page should hold but does not is gone from the server (cleared, deleted on another
  // device): the page covers every seq from its oldest up, and everything when there is nothing older.
  const pageIds = new Set(page.list.map((m) => m.id));
  const covered = (seq: number) => !page.hasMore || (oldest !== null && seq >= oldest);
  const fromCache = new Set(
    (cached ?? []).filter((m) => !joins || (covered(m.seq) && !pageIds.has(m.id))).map((m) => m.id),
  );
  // The cache's own "more older" holds while the page starts at or above the cache's oldest message.
  const keepOlder = cachedSeqs.length > 0 && joins && (oldest === null || oldest >= Math.min(...cachedSeqs));
  update(sessionId, (t) => ({
    items: mergeMessages(
      t.items.filter((m) => m.status !== 'sent' || !fromCache.has(m.id)),
      page.list,
    ),
    syncedSeq: Math.max(joins ? t.syncedSeq : 0, Math.max(0, ...seqs)),
    // A fresh thread is as current as the page's cursors (read before its messages); kept messages are only
    // as current as the cursors kept with them, and catch up by changes from there.
    changes: cached ? t.changes : laterCursors(t.changes, page.changes),
    // Nothing older on the server when the page says so, whatever the phone kept.
    hasMoreOlder: page.hasMore && (keepOlder ? t.hasMoreOlder : true),
    loaded: true,
  }));
  if (cached) await syncChanges(sessionId).catch(() => undefined);
};

/**
 * Seeds a chat from the offline cache (offline-cache.ts): its session and newest messages, as loaded.
 * Answers the messages it showed (null: nothing kept).
 */
const openFromCache = (sessionId: number): ChatMessage[] | null => {
  const cached = cachedChat(sessionId);
  if (!cached || cached.messages.length === 0) return null;
  if (qc && !qc.getQueryData(chatKeys.session(sessionId)))
    qc.setQueryData(chatKeys.session(sessionId), cached.session);
  update(sessionId, (t) => ({
    items: mergeMessages(t.items, cached.messages),
    // A cache written before the cursors existed: every change is fetched (each applies harmlessly).
    changes: cached.changes ?? { shared: 0, mine: 0 },
    syncedSeq: Math.max(
      t.syncedSeq,
      cached.messages.reduce((m, x) => Math.max(m, x.seq), 0),
    ),
    hasMoreOlder: cached.hasMoreOlder,
    loaded: true,
  }));
  return cached.messages;
};

/** History upward: the page before the oldest message held. Answers how many arrived. */
export const loadOlder = async (sessionId: number) => {
  const oldest = minSeq(getThread(sessionId).items);
  if (oldest === null || oldest <= 1) {
    update(sessionId, (t) => ({ ...t, hasMoreOlder: false }));
    return 0;
  }
  const page = await call(messageApi.page, { sessionId, beforeSeq: oldest, size: PAGE_SIZE });
  update(sessionId, (t) => ({ ...t, items: mergeMessages(t.items, page.list), hasMoreOlder: page.hasMore }));
  return page.list.length;
};

// ---- read state ---------------------------------------------------------------------------------

export const readSent = new Map<number, number>();

/**
 * A fresh session list may have been read on the server before my latest read landed: what I have told
 * the server I read is a floor for its read seq (it never lowers it), so the list never shows it unread.
 */
export const withMyReads = (list: ChatSession[]) =>
  [...readSent].reduce((acc, [sessionId, seq]) => applyRead(acc, sessionId, seq), list);

/** Marks the open chat read up to its newest message (only moves forward). */
export const markRead = async (sessionId: number) => {
  const seq = maxSeq(getThread(sessionId).items);
  const session = sessionsOf()?.find((s) => s.id === sessionId);
  const known = Math.max(readSent.get(sessionId) ?? 0, session?.readSeq ?? 0);
  if (seq <= 0 || seq <= known) return;
  readSent.set(sessionId, seq);
  setSessions((list) => applyRead(list, sessionId, seq));
  try {
    const res = await call(messageApi.read, { sessionId, seq });
    setSessions((list) => list.map((s) => (s.id === sessionId ? { ...s, unreadCount: res.unreadCount } : s)));
  } catch {
    readSent.delete(sessionId);
  }
};

// ---- sending ------------------------------------------------------------------------------------

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
    receiveStored(stored);
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

export const recallMessage = async (message: UiMessage) => {
  const recalled = await call(messageApi.recall, { id: message.id });
  receive(message.sessionId, [recalled]);
  receiveChange(recalled);
  const outcome = applyMessage(sessionsOf() ?? [], recalled, myId());
  if (!outcome.unknown) setSessions(() => outcome.sessions);
};

export const removeForMe = async (message: UiMessage) => {
  await call(messageApi.remove, { ids: [message.id] });
  update(message.sessionId, (t) => ({ ...t, items: removeById(t.items, [message.id]) }));
};
