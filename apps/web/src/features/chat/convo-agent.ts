import {
  type ChangeCursors,
  type ChatMessage,
  type ChatSession,
  type MessageRemovePayload,
  messageApi,
  type ReactionEmoji,
  type SessionClearPayload,
} from '@chatpay/shared';
import { isNetworkError } from '../../lib/errors.ts';
import { perfMark } from '../../lib/perf-marks.ts';
import { call } from '../../lib/request.ts';
import { connectPending } from '../../lib/socket.ts';
import type { ConvoState, ConvoStatus, WriteActions } from './convo-types.ts';
import { myId, queryClient, refreshSessionsSoon, sessionsOf, setSessions } from './engine-app.ts';
import { chatKeys } from './keys.ts';
import { sendImage, sendMedia, sendVoice } from './media.ts';
import { cachedChat } from './offline-cache.ts';
import { deleteFailed, onStored, retryFailed, sendMessage } from './outbox-send.ts';
import { applyMessage, applyRead } from './sessions.ts';
import { getThread, type Thread, useChatStore } from './store.ts';
import {
  applyChanges,
  hasGap,
  maxSeq,
  mergeMessages,
  minSeq,
  nextCursor,
  removeById,
  type UiMessage,
} from './thread.ts';

const PAGE_SIZE = 30;
const CATCH_UP_SIZE = 100;

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

/** The quote a reply to `m` shows (the server stores its own copy; this one is the preview while sending). */
export const quoteOf = (m: UiMessage) => ({
  id: m.id,
  seq: m.seq,
  senderId: m.senderId,
  contentType: m.contentType,
  text: m.contentType === 'text' ? String(m.content.text ?? '').slice(0, 200) : '',
});

/** How far the convo's data got, apart from whether a page shows it (see ConvoStatus). */
type Phase = 'idle' | 'loading' | 'loaded' | 'offline' | 'error';

/**
 * One conversation of this tab (social-app's convo agent): its status (convo-types.ts), and the machinery
 * that keeps its thread current: the first opening, catch-up by seq, catch-up by changes, history upward,
 * read marks. Its messages live in the chat store (store.ts), which the pages render from; the convo is
 * the only writer of its thread besides the outbox's pending sends.
 *
 * The machinery never depends on the status: a backgrounded or failed convo still takes live messages and
 * catches up after a reconnect, so nothing is missed when it is opened again. The status decides what the
 * convo offers (`snapshot()`), and what the page shows.
 */
export class Convo {
  /** Every action bound to this chat; `snapshot()` carries them only when it is ready. */
  readonly actions: WriteActions;

  private phase: Phase = 'idle';
  /** How many pages show this chat (one, but a remount may open before the old page leaves). */
  private pages = 0;
  private error: unknown = null;
  private snap: ConvoState | null = null;
  private readonly listeners = new Set<() => void>();

  /** The first opening in flight: a second opening (start-up, then the page) joins it. */
  private opening: Promise<void> | null = null;
  private catchUpRun: Promise<void> | null = null;
  private catchUpAgain = false;
  private changeRun: Promise<void> | null = null;
  private changeAgain = false;
  /** The newest seq I told the server I read (0: none pending or confirmed by this tab). */
  private readSent = 0;

  constructor(readonly sessionId: number) {
    if (getThread(sessionId).loaded) this.phase = 'loaded';
    const id = sessionId;
    this.actions = {
      loadOlder: () => this.loadOlder(),
      markRead: () => this.markRead(),
      removeForMe: (message) => this.removeForMe(message),
      deleteFailed: (message) => deleteFailed(id, message.clientMsgId),
      sendText: (text, quote, mentions) =>
        sendMessage(id, 'text', {
          text,
          ...(quote ? { quoteId: quote.id, quote: quoteOf(quote) } : {}),
          ...mentions,
        }),
      sendFile: async (kind, file) => {
        if (kind === 'image') await sendImage(id, file);
        else await sendMedia(id, kind, file);
      },
      sendVoice: (blob, seconds) => sendVoice(id, blob, seconds),
      retryFailed: () => retryFailed(id),
      recall: (message) => this.recall(message),
      edit: (message, text) => this.edit(message, text),
      react: (message, emoji, active) => this.react(message, emoji, active),
    };
  }

  private get foreground() {
    return this.pages > 0;
  }

  // ---- status -----------------------------------------------------------------------------------

  get status(): ConvoStatus {
    if (this.phase === 'loaded') return this.foreground ? 'ready' : 'backgrounded';
    return this.phase;
  }

  /** For useSyncExternalStore: called whenever the status (or its error) changes. */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The status with what it allows; the same object until the status changes. */
  snapshot = (): ConvoState => {
    this.snap ??= this.describe();
    return this.snap;
  };

  private describe(): ConvoState {
    const sessionId = this.sessionId;
    const status = this.status;
    switch (status) {
      case 'ready':
        return { status, sessionId, error: this.error, ...this.actions };
      case 'offline':
      case 'error':
        return { status, sessionId, error: this.error };
      default:
        return { status, sessionId };
    }
  }

  private commit() {
    this.snap = null;
    for (const l of [...this.listeners]) l();
  }

  private move(phase: Phase, error: unknown) {
    if (phase === this.phase && error === this.error) return;
    this.phase = phase;
    this.error = error;
    this.commit();
  }

  /**
   * A load failed. Shown by a page: without a network a loaded chat stays usable and another waits
   * (`offline`); a refusal is final (`error`). With no page to tell, the failure is not kept: the chat is
   * as it was (backgrounded when loaded, idle otherwise) and its next opening loads again.
   */
  private failed(error: unknown) {
    const loaded = getThread(this.sessionId).loaded;
    if (!this.foreground) this.move(loaded ? 'loaded' : 'idle', null);
    else if (isNetworkError(error)) this.move(loaded ? 'loaded' : 'offline', error);
    else this.move('error', error);
  }

  /**
   * The chat page shows this chat: it becomes the open chat (read marks, no sound) and loads. Each `open`
   * is matched by a `background` when that page leaves.
   */
  open(): Promise<void> {
    useChatStore.getState().setOpen(this.sessionId);
    this.pages += 1;
    if (this.pages === 1) this.commit();
    return this.load();
  }

  /**
   * The page left: once no page shows it, the chat is no longer the open one. Its thread is kept and kept
   * current; why it failed is forgotten (that page is gone), so the next opening starts afresh.
   */
  background() {
    if (this.pages === 0) return;
    this.pages -= 1;
    if (this.pages > 0) return;
    if (useChatStore.getState().openId === this.sessionId) useChatStore.getState().setOpen(null);
    if (this.phase === 'error' || this.phase === 'offline') this.phase = 'idle';
    this.error = null;
    this.commit();
  }

  // ---- loading ----------------------------------------------------------------------------------

  /**
   * Loads the newest page the first time; later only catches up. What this phone kept of the chat
   * (offline-cache.ts) is shown at once, before the network answers; the newest page then joins it when the
   * two meet, or replaces it when messages are missing in between (a hole is never shown as continuous).
   * Start-up loads the chat of the address it was launched at beside the page's code (app/boot-route.ts);
   * the page's own opening then joins that one instead of asking again.
   */
  load(): Promise<void> {
    if (this.opening) return this.opening;
    if (getThread(this.sessionId).loaded) {
      this.move('loaded', null);
      // While the socket is on its way, its connect catches every loaded chat up (realtime.ts onConnect): a
      // round now would only be repeated by it (a chat page opened at start-up asked three times).
      if (connectPending()) return Promise.resolve();
      // Changes are best effort here: the next reconnect or live change asks again.
      return Promise.all([this.catchUp(), this.syncChanges().catch(() => undefined)]).then(
        () => undefined,
        (error: unknown) => {
          this.failed(error);
          throw error;
        },
      );
    }
    this.move('loading', null);
    const first = this.openFirst()
      .then(
        () => this.move('loaded', null),
        (error: unknown) => {
          this.failed(error);
          throw error;
        },
      )
      .finally(() => {
        this.opening = null;
      });
    this.opening = first;
    return first;
  }

  private async openFirst() {
    const sessionId = this.sessionId;
    const update = (fn: (t: Thread) => Thread) => useChatStore.getState().update(sessionId, fn);
    const cached = this.openFromCache();
    perfMark(cached ? 'chat-from-cache' : 'chat-page-asked');
    let page: Awaited<ReturnType<typeof call<typeof messageApi.page>>>;
    try {
      page = await call(messageApi.page, { sessionId, size: PAGE_SIZE });
    } catch (error) {
      // No network: what this phone kept of the chat stays; it catches up once the connection is back. Any
      // other failure (no longer a member, …): the kept messages go, as the chat did not open.
      if (cached && !isNetworkError(error)) {
        const kept = new Set(cached.map((m) => m.id));
        update((t) => ({
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
    const keepOlder =
      cachedSeqs.length > 0 && joins && (oldest === null || oldest >= Math.min(...cachedSeqs));
    update((t) => ({
      items: mergeMessages(
        t.items.filter((m) => m.status !== 'sent' || !fromCache.has(m.id)),
        page.list,
      ),
      syncedSeq: Math.max(joins ? t.syncedSeq : 0, Math.max(0, ...seqs)),
      // A fresh thread is as current as the page's cursors (read before its messages); kept messages are
      // only as current as the cursors kept with them, and catch up by changes from there.
      changes: cached ? t.changes : laterCursors(t.changes, page.changes),
      // Nothing older on the server when the page says so, whatever the phone kept.
      hasMoreOlder: page.hasMore && (keepOlder ? t.hasMoreOlder : true),
      loaded: true,
    }));
    if (cached) await this.syncChanges().catch(() => undefined);
  }

  /**
   * Seeds the chat from the offline cache (offline-cache.ts): its session and newest messages, as loaded.
   * Answers the messages it showed (null: nothing kept).
   */
  private openFromCache(): ChatMessage[] | null {
    const sessionId = this.sessionId;
    const cached = cachedChat(sessionId);
    if (!cached || cached.messages.length === 0) return null;
    const qc = queryClient();
    if (qc && !qc.getQueryData(chatKeys.session(sessionId)))
      qc.setQueryData(chatKeys.session(sessionId), cached.session);
    this.update((t) => ({
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
  }

  /** History upward: the page before the oldest message held. Answers how many arrived. */
  async loadOlder() {
    const sessionId = this.sessionId;
    const oldest = minSeq(getThread(sessionId).items);
    if (oldest === null || oldest <= 1) {
      this.update((t) => ({ ...t, hasMoreOlder: false }));
      return 0;
    }
    const page = await call(messageApi.page, { sessionId, beforeSeq: oldest, size: PAGE_SIZE });
    this.update((t) => ({ ...t, items: mergeMessages(t.items, page.list), hasMoreOlder: page.hasMore }));
    return page.list.length;
  }

  private update(fn: (thread: Thread) => Thread) {
    useChatStore.getState().update(this.sessionId, fn);
  }

  // ---- catch-up ---------------------------------------------------------------------------------

  /**
   * Fetches everything after the thread's synced seq (docs/design/chat-delivery.md "Catch-up contract for
   * clients"). One run at a time; a request while one runs schedules one more run, so a message that
   * arrived meanwhile is not missed.
   */
  catchUp(): Promise<void> {
    if (this.catchUpRun) {
      this.catchUpAgain = true;
      return this.catchUpRun;
    }
    const sessionId = this.sessionId;
    const run = (async () => {
      do {
        this.catchUpAgain = false;
        for (;;) {
          const after = getThread(sessionId).syncedSeq;
          const page = await call(messageApi.page, { sessionId, afterSeq: after, size: CATCH_UP_SIZE });
          const top = page.list.reduce((m, x) => Math.max(m, x.seq), after);
          this.update((t) => ({
            ...t,
            items: mergeMessages(t.items, page.list),
            syncedSeq: Math.max(t.syncedSeq, top),
          }));
          if (!page.hasMore || page.list.length === 0) break;
        }
      } while (this.catchUpAgain);
    })().finally(() => {
      this.catchUpRun = null;
    });
    this.catchUpRun = run;
    return run;
  }

  /** Stored messages reach the thread: merged in seq order; a hole before them is fetched (gap detection). */
  receive(messages: ChatMessage[]) {
    const thread = getThread(this.sessionId);
    if (!thread.loaded) {
      // The open chat, one opened at start-up before its page rendered (or one holding my pending sends) is
      // still loading its first page, which may have left before these were stored: keep them. The page
      // merges in by id; the synced seq stays with the page, so a later gap check or catch-up can only
      // re-fetch, never skip. Other sessions load when opened.
      if (useChatStore.getState().openId === this.sessionId || this.opening || thread.items.length > 0) {
        this.update((t) => ({ ...t, items: mergeMessages(t.items, messages) }));
      }
      return;
    }
    let gap = false;
    this.update((t) => {
      let synced = t.syncedSeq;
      for (const m of [...messages].sort((a, b) => a.seq - b.seq)) {
        if (m.seq <= synced) continue;
        if (hasGap(synced, m.seq)) gap = true;
        else synced = m.seq;
      }
      return { ...t, items: mergeMessages(t.items, messages), syncedSeq: synced };
    });
    if (gap) void this.catchUp().catch(() => undefined);
  }

  // ---- changes (recall, delete for me, clear; chat-delivery.md "Changes since") ---------------------

  /**
   * Fetches the changes after the thread's cursors (a recall made while this device was away keeps its
   * seq, so afterSeq cannot see it; my deletions and clears on another device neither) and applies them.
   * One run at a time; a request while one runs schedules one more run.
   */
  syncChanges(): Promise<void> {
    if (this.changeRun) {
      this.changeAgain = true;
      return this.changeRun;
    }
    const sessionId = this.sessionId;
    const run = (async () => {
      do {
        this.changeAgain = false;
        for (;;) {
          const { changes } = getThread(sessionId);
          const answer = await call(messageApi.changes, {
            sessionId,
            afterShared: changes.shared,
            afterMine: changes.mine,
          });
          this.update((t) =>
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
      } while (this.changeAgain);
    })().finally(() => {
      this.changeRun = null;
    });
    this.changeRun = run;
    return run;
  }

  /** A live change moves its cursor when it is the next one; past a missed one, the changes are fetched. */
  noteChange(kind: keyof ChangeCursors, changeSeq: number) {
    if (!getThread(this.sessionId).loaded) return;
    let gap = false;
    this.update((t) => {
      const next = nextCursor(t.changes[kind], changeSeq);
      gap = next.gap;
      return next.cursor === t.changes[kind] ? t : { ...t, changes: { ...t.changes, [kind]: next.cursor } };
    });
    if (gap) void this.syncChanges().catch(() => undefined);
  }

  // ---- read state -------------------------------------------------------------------------------

  /** What I told the server I read here, a floor for a fresh session list (0: nothing pending). */
  get readFloor() {
    return this.readSent;
  }

  /** Marks the chat read up to its newest message (only moves forward). */
  async markRead() {
    const sessionId = this.sessionId;
    const seq = maxSeq(getThread(sessionId).items);
    const session = sessionsOf()?.find((s) => s.id === sessionId);
    const known = Math.max(this.readSent, session?.readSeq ?? 0);
    if (seq <= 0 || seq <= known) return;
    this.readSent = seq;
    setSessions((list) => applyRead(list, sessionId, seq));
    try {
      const res = await call(messageApi.read, { sessionId, seq });
      setSessions((list) =>
        list.map((s) => (s.id === sessionId ? { ...s, unreadCount: res.unreadCount } : s)),
      );
    } catch {
      this.readSent = 0;
    }
  }

  // ---- my changes -------------------------------------------------------------------------------

  async recall(message: UiMessage) {
    const recalled = await call(messageApi.recall, { id: message.id });
    this.receive([recalled]);
    if (recalled.changeSeq) this.noteChange('shared', recalled.changeSeq);
    const outcome = applyMessage(sessionsOf() ?? [], recalled, myId());
    if (!outcome.unknown) setSessions(() => outcome.sessions);
  }

  /** My edit's answer is the message as it is now: into the thread, the list's preview when it is the last. */
  async edit(message: UiMessage, text: string) {
    this.changed(await call(messageApi.edit, { id: message.id, text }));
  }

  async react(message: UiMessage, emoji: ReactionEmoji, active: boolean) {
    this.changed(await call(messageApi.react, { id: message.id, emoji, active }));
  }

  /** A message changed by a call of mine: as its live event would (same id, a new change seq). */
  private changed(m: ChatMessage) {
    this.receive([m]);
    if (m.changeSeq) this.noteChange('shared', m.changeSeq);
    const outcome = applyMessage(sessionsOf() ?? [], m, myId());
    if (!outcome.unknown) setSessions(() => outcome.sessions);
  }

  async removeForMe(message: UiMessage) {
    await call(messageApi.remove, { ids: [message.id] });
    this.update((t) => ({ ...t, items: removeById(t.items, [message.id]) }));
  }
}

/**
 * The conversations of this tab, one per session: `get` creates or reuses. A convo is dropped only with
 * every other at logout (`clear`), as the chat store's threads are: a backgrounded convo keeps its thread
 * current through live events and the catch-up after each reconnect, so going back to a chat only catches
 * up.
 */
class Convos {
  private readonly all = new Map<number, Convo>();

  get(sessionId: number): Convo {
    let convo = this.all.get(sessionId);
    if (!convo) {
      convo = new Convo(sessionId);
      this.all.set(sessionId, convo);
    }
    return convo;
  }

  /**
   * The convo of a session this tab holds something of (a loaded thread, my pending sends, the open page);
   * null for the others, whose events only touch the session list.
   */
  held(sessionId: number): Convo | null {
    const known = this.all.get(sessionId);
    if (known) return known;
    const thread = getThread(sessionId);
    const holds = thread.loaded || thread.items.length > 0 || useChatStore.getState().openId === sessionId;
    return holds ? this.get(sessionId) : null;
  }

  list(): Convo[] {
    return [...this.all.values()];
  }

  /** Logout: the next member starts with no conversation. */
  clear() {
    this.all.clear();
  }
}

export const convos = new Convos();

/** Stored messages reach a session's thread (nothing to do for a session this tab holds nothing of). */
export const receive = (sessionId: number, messages: ChatMessage[]) =>
  convos.held(sessionId)?.receive(messages);

/** A stored message was changed (recalled): the `message` event or my recall's answer carries its number. */
export const receiveChange = (m: ChatMessage) => {
  if (m.changeSeq) convos.held(m.sessionId)?.noteChange('shared', m.changeSeq);
};

/** I deleted messages for me on some device of mine (this one included): they leave the thread. */
export const receiveRemoval = ({ sessionId, ids, changeSeq }: MessageRemovePayload) => {
  useChatStore
    .getState()
    .update(sessionId, (t) => ({ ...t, items: applyChanges(t.items, { removedIds: ids }) }));
  convos.held(sessionId)?.noteChange('mine', changeSeq);
};

/** I cleared a chat on some device of mine: everything up to the clear point leaves the thread. */
export const receiveClear = ({ sessionId, clearedSeq, changeSeq }: SessionClearPayload) => {
  useChatStore.getState().update(sessionId, (t) => withClear(t, clearedSeq));
  convos.held(sessionId)?.noteChange('mine', changeSeq);
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

// The outbox's answers reach their conversation (outbox-send.ts knows no convo).
onStored(receiveStored);

/**
 * A fresh session list may have been read on the server before my latest read landed: what I have told
 * the server I read is a floor for its read seq (it never lowers it), so the list never shows it unread.
 */
export const withMyReads = (list: ChatSession[]) =>
  convos
    .list()
    .filter((c) => c.readFloor > 0)
    .reduce((acc, c) => applyRead(acc, c.sessionId, c.readFloor), list);
