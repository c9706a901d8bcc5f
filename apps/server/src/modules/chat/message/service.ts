import {
  type AutoReplyContentType,
  type ChatMessage,
  ErrorCode,
  type MessageContentType,
  type MessageQuote,
  QUOTE_TEXT_MAX,
} from '@chatpay/shared';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import type { Db, Executor } from '../../../db/connection.ts';
import type { Ports } from '../../../http/ports.ts';
import type { Clock } from '../../../lib/clock.ts';
import { uniqueViolation } from '../../../lib/db-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { assertMayUseMedia } from '../../uploads/index.ts';
import { memberOf, peerOf, sessionById } from '../session/queries.ts';
import { chatMembers, chatMessageRemovals, chatMessages, chatPushDevices, chatSessions } from '../tables.ts';
import { getAutoReply, sendAutoReply, setAutoReply } from './auto-reply.ts';
import { isMoneyContent, MONEY_CONTENT_MESSAGE, mediaUrlsOf, parseContent } from './content.ts';
import { withMentions, withoutMentions } from './mentions.ts';
import { editMessage, type MessageChange, reactToMessage } from './message-changes.ts';
import { presentSendResult, recallableUntil } from './presenter.ts';
import { byClientMsgId, visibleCount, visibleMessage, visibleTo } from './queries.ts';
import type { SendLimiter } from './rate-limit.ts';
import { presentWithReactions } from './reactions.ts';
import { SendPermissions } from './send-permission.ts';
import { assertCanSend, deliver, redeliver, type StoredMessage, storeMessage } from './store.ts';

/** At most this many changes of each kind per `changes` answer (a removal call stores at most 100 under one number). */
const CHANGES_LIMIT = 200;

/** Raises my member change seq of a session (taking my member row lock) and answers the new value. */
const raiseMyChangeSeq = async (tx: Executor, sessionId: number, userId: number) => {
  const [row] = await tx
    .update(chatMembers)
    .set({ changeSeq: sql`${chatMembers.changeSeq} + 1` })
    .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)))
    .returning({ changeSeq: chatMembers.changeSeq });
  return row!.changeSeq;
};

export class MessageService {
  private readonly permissions: SendPermissions;

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly limiter: SendLimiter,
    private readonly config: Config,
    private readonly log: Logger,
    private readonly ports: Ports,
    private readonly clock: Clock,
  ) {
    this.permissions = new SendPermissions(db, realtime, ports.groups, config.CHAT_SEND_CACHE_SECONDS * 1000);
  }

  /**
   * Stores and delivers a message. A retry with a clientMsgId already stored answers the first result (and is
   * not counted against the rate limit). No lookup comes first: the store's unique index on (sender,
   * clientMsgId) refuses a retry, its statement rolls back whole (no seq used), and only then is the first read.
   */
  async send(
    userId: number,
    input: { sessionId: number; clientMsgId: string; contentType: MessageContentType; content: unknown },
  ) {
    let stored: StoredMessage;
    try {
      stored = await this.store(userId, input);
    } catch (error) {
      const first = await this.storedBefore(userId, input.clientMsgId, error);
      if (first) return this.repeat(first, input.sessionId);
      throw error;
    }
    deliver(this.realtime, stored);
    await sendAutoReply(this.db, this.realtime, this.log, this.ports.groups, stored);
    return presentSendResult(stored.message);
  }

  /** Checks the send, counts it against the rate limit and stores it. */
  private async store(
    userId: number,
    input: { sessionId: number; clientMsgId: string; contentType: MessageContentType; content: unknown },
  ) {
    const content = await withMentions(
      this.db,
      this.ports.groups,
      input.sessionId,
      userId,
      await this.withQuote(userId, input.sessionId, await this.usableContent(userId, input)),
    );
    const single = await this.permissions.singleAllowed(input.sessionId, userId);
    await this.limiter.hit(userId);
    const message = { ...input, senderId: userId, content };
    // A single session: the store is one statement, atomic without a transaction. A group: its check takes
    // the group row lock first, in the storing transaction (lock order group, session, members).
    return single
      ? storeMessage(this.db, message)
      : this.db.transaction(async (tx) => {
          await assertCanSend(tx, input.sessionId, userId, this.ports.groups);
          return storeMessage(tx, message);
        });
  }

  /**
   * The message a failed send had already stored, if it was a retry: the unique index refused it (a retry, or
   * a concurrent duplicate that lost), or a check refused it that the first send passed (the rate limit, a
   * block, a mute since). Answers null for any other failure.
   */
  private async storedBefore(userId: number, clientMsgId: string, error: unknown) {
    const duplicate = uniqueViolation(error) === 'chat_messages_sender_client_msg_key';
    if (!duplicate && !(error instanceof AppError)) return null;
    const first = await byClientMsgId(this.db, userId, clientMsgId);
    // The refused store had been counted; a retry is not a new message.
    if (first && duplicate) await this.limiter.refund(userId);
    return first;
  }

  /**
   * A reply's quote: the quoted message must be one I can see in the same session and not recalled;
   * a copy of it is stored with the reply, so the quote reads the same after the original is deleted for me.
   */
  private async withQuote(userId: number, sessionId: number, content: Record<string, unknown>) {
    const { quoteId, ...rest } = content;
    if (typeof quoteId !== 'number') return content;
    const quoted = await visibleMessage(this.db, quoteId, userId);
    if (quoted.sessionId !== sessionId || quoted.recalled || quoted.contentType === 'notice')
      throw new AppError(ErrorCode.MessageNotFound);
    const body = quoted.content as Record<string, unknown>;
    const quote: MessageQuote = {
      id: quoted.id,
      seq: quoted.seq,
      senderId: quoted.senderId,
      contentType: quoted.contentType,
      text: quoted.contentType === 'text' ? String(body.text ?? '').slice(0, QUOTE_TEXT_MAX) : '',
    };
    return { ...rest, quote };
  }

  /**
   * The answer to a send whose clientMsgId is stored. It is emitted again: the first delivery may have been
   * lost (`redeliver`); a concurrent duplicate's copy is dropped by clients, who hold the message by id.
   */
  private async repeat(first: typeof chatMessages.$inferSelect, sessionId: number) {
    if (first.sessionId !== sessionId) throw new AppError(ErrorCode.ClientMsgIdReused);
    await redeliver(this.db, this.realtime, first);
    return presentSendResult(first);
  }

  /**
   * A page of messages in seq order: the newest by default, older than `beforeSeq` for history, newer than
   * `afterSeq` for catch-up (both: the range between). Respects my clear point and my removals.
   */
  async page(
    userId: number,
    input: { sessionId: number; afterSeq?: number; beforeSeq?: number; size: number },
  ) {
    const member = await memberOf(this.db, input.sessionId, userId);
    const session = await sessionById(this.db, input.sessionId);
    const visible = visibleTo(input.sessionId, userId, member.clearedSeq);
    const forward = input.afterSeq !== undefined;
    const where = and(
      visible,
      input.afterSeq !== undefined ? gt(chatMessages.seq, input.afterSeq) : undefined,
      input.beforeSeq !== undefined ? lt(chatMessages.seq, input.beforeSeq) : undefined,
    );
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(where)
      .orderBy(forward ? asc(chatMessages.seq) : desc(chatMessages.seq))
      .limit(input.size + 1);
    const hasMore = rows.length > input.size;
    const list = rows.slice(0, input.size);
    if (!forward) list.reverse();
    // From the counters, not count(*): counting a million-message history took longer than the page itself.
    const total = await visibleCount(this.db, session.lastSeq, member);
    return {
      list: await presentWithReactions(this.db, list),
      pagination: { page: 1, size: input.size, total },
      lastSeq: session.lastSeq,
      readSeq: member.readSeq,
      hasMore,
      // Read with the member and session rows, before the messages: a change racing this page is after them.
      changes: { shared: session.changeSeq, mine: member.changeSeq },
    };
  }

  /**
   * What changed in a session after a device's cursors (chat-delivery.md "Changes since"): recalled messages
   * I can see, the ids I deleted for me, my clear point. The cursors are read before the rows, so a change
   * that commits in between is fetched again by the next call, never missed.
   */
  async changes(userId: number, input: { sessionId: number; afterShared: number; afterMine: number }) {
    const member = await memberOf(this.db, input.sessionId, userId);
    const session = await sessionById(this.db, input.sessionId);
    const changed = await this.db
      .select()
      .from(chatMessages)
      .where(
        and(
          visibleTo(input.sessionId, userId, member.clearedSeq),
          gt(chatMessages.changeSeq, input.afterShared),
        ),
      )
      .orderBy(asc(chatMessages.changeSeq))
      .limit(CHANGES_LIMIT + 1);
    const removed = await this.db
      .select({ id: chatMessageRemovals.messageId, changeSeq: chatMessageRemovals.changeSeq })
      .from(chatMessageRemovals)
      .innerJoin(chatMessages, eq(chatMessages.id, chatMessageRemovals.messageId))
      .where(
        and(
          eq(chatMessageRemovals.userId, userId),
          eq(chatMessages.sessionId, input.sessionId),
          gt(chatMessageRemovals.changeSeq, input.afterMine),
        ),
      )
      .orderBy(asc(chatMessageRemovals.changeSeq))
      .limit(CHANGES_LIMIT + 1);
    const moreShared = changed.length > CHANGES_LIMIT;
    const moreMine = removed.length > CHANGES_LIMIT;
    const messages = changed.slice(0, CHANGES_LIMIT);
    const removedRows = removed.slice(0, CHANGES_LIMIT);
    // Cut short: stop before the last change seq returned, so a removal group cut in two comes again whole.
    const shared = moreShared ? messages.at(-1)!.changeSeq : session.changeSeq;
    const mine = moreMine ? removedRows.at(-1)!.changeSeq - 1 : member.changeSeq;
    return {
      messages: await presentWithReactions(this.db, messages),
      removedIds: removedRows.map((r) => r.id),
      clearedSeq: member.clearedSeq,
      changes: { shared: Math.max(shared, input.afterShared), mine: Math.max(mine, input.afterMine) },
      hasMore: moreShared || moreMine,
    };
  }

  /** Raises my read seq to `seq` (never lowers it, never past the last seq) and tells my sockets. */
  async read(userId: number, sessionId: number, seq: number) {
    const session = await sessionById(this.db, sessionId);
    const before = await memberOf(this.db, sessionId, userId);
    const [row] = await this.db
      .update(chatMembers)
      .set({
        readSeq: sql`greatest(${chatMembers.readSeq}, least(${seq}::bigint, (select s.last_seq from ${chatSessions} s where s.id = ${sessionId})))`,
      })
      .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)))
      .returning({ readSeq: chatMembers.readSeq });
    const readSeq = row!.readSeq;
    const lastSeq = Math.max(session.lastSeq, readSeq);
    const unreadCount = lastSeq - readSeq;
    this.realtime.emitToUser(userId, 'onUpdateUnread', { sessionId, unreadCount });
    // Read receipts: the peer of a single chat (order chats included) sees "Read" under their messages, only
    // when it moved.
    if ((session.type === 'single' || session.trade) && readSeq > before.readSeq) {
      const peer = await peerOf(this.db, sessionId, userId);
      if (peer !== null) this.realtime.emitToUser(peer, 'onPeerRead', { sessionId, readSeq });
    }
    return { sessionId, readSeq, unreadCount };
  }

  /**
   * Deletes messages for me. Per session touched, my member change seq is raised in the same transaction and
   * stored on the removal rows, and my other sockets are told (`onMessageRemove`).
   */
  async remove(userId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const bySession = await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: chatMessages.id, sessionId: chatMessages.sessionId })
        .from(chatMessages)
        .innerJoin(
          chatMembers,
          and(eq(chatMembers.sessionId, chatMessages.sessionId), eq(chatMembers.userId, userId)),
        )
        .where(inArray(chatMessages.id, unique));
      if (rows.length !== unique.length) throw new AppError(ErrorCode.MessageNotFound);
      const groups = new Map<number, number[]>();
      for (const r of rows) groups.set(r.sessionId, [...(groups.get(r.sessionId) ?? []), r.id]);
      const out: { sessionId: number; ids: number[]; changeSeq: number }[] = [];
      // My member rows in session id order: two removals of mine never wait on each other in a cycle.
      for (const sessionId of [...groups.keys()].sort((a, b) => a - b)) {
        const messageIds = groups.get(sessionId)!;
        const changeSeq = await raiseMyChangeSeq(tx, sessionId, userId);
        await tx
          .insert(chatMessageRemovals)
          .values(messageIds.map((messageId) => ({ userId, messageId, changeSeq })))
          .onConflictDoNothing();
        out.push({ sessionId, ids: messageIds.sort((a, b) => a - b), changeSeq });
      }
      return out;
    });
    for (const change of bySession) this.realtime.emitToUser(userId, 'onMessageRemove', change);
    return { ok: true as const };
  }

  /** Sender only, within 2 minutes: the content becomes a notice for everyone and the event goes out again. */
  async recall(userId: number, id: number): Promise<ChatMessage> {
    const outcome = await this.db.transaction(async (tx) => {
      const message = await visibleMessage(tx, id, userId);
      // Lock order: the session row (its change seq), then the message row.
      await tx
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(eq(chatSessions.id, message.sessionId))
        .for('update');
      const [locked] = await tx
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, message.id))
        .for('update');
      if (locked!.senderId !== userId) throw new AppError(ErrorCode.RecallNotAllowed);
      if (locked!.recalled) return { message: locked!, changed: false };
      // The rule messages are presented with (presenter.ts): money, auto-replies never; others for 2 minutes.
      const until = recallableUntil(locked!);
      if (until === null) throw new AppError(ErrorCode.RecallNotAllowed);
      if (Date.now() > until) throw new AppError(ErrorCode.RecallExpired);
      const [session] = await tx
        .update(chatSessions)
        .set({ changeSeq: sql`${chatSessions.changeSeq} + 1` })
        .where(eq(chatSessions.id, locked!.sessionId))
        .returning({ changeSeq: chatSessions.changeSeq });
      const [updated] = await tx
        .update(chatMessages)
        .set({
          contentType: 'notice',
          content: { type: 'recall', text: 'A message was recalled', senderId: userId },
          recalled: true,
          changeSeq: session!.changeSeq,
        })
        .where(eq(chatMessages.id, id))
        .returning();
      const members = await tx
        .select({ userId: chatMembers.userId })
        .from(chatMembers)
        .where(eq(chatMembers.sessionId, updated!.sessionId));
      return { message: updated!, changed: true, members };
    });
    const [payload] = await presentWithReactions(this.db, [outcome.message]);
    if (outcome.changed) {
      for (const m of outcome.members ?? []) this.realtime.emitToUser(m.userId, 'message', payload!);
    }
    return payload!;
  }

  /** My text message gets a new text (message-changes.ts); every member gets it again, same id and seq. */
  async edit(userId: number, id: number, text: string) {
    return this.announce(await editMessage(this.db, this.clock, userId, id, text));
  }

  /** My reaction with one emoji on, or off (message-changes.ts); every member gets the message again. */
  async react(userId: number, input: { id: number; emoji: string; active: boolean }) {
    return this.announce(await reactToMessage(this.db, userId, input.id, input.emoji, input.active));
  }

  /**
   * A changed message goes to every member as the `message` event, one broadcast; a change that changed
   * nothing goes to nobody. No push: push/notify.ts skips a message with a change seq.
   */
  private async announce(change: MessageChange): Promise<ChatMessage> {
    const [payload] = await presentWithReactions(this.db, [change.message]);
    if (change.members.length > 0) this.realtime.emitToUsers(change.members, 'message', payload!);
    return payload!;
  }

  /**
   * Hides the history up to now for me (and reads it). The clear point never moves back; my member change seq
   * is raised with it and my other sockets are told (`onSessionClear`).
   */
  async clear(userId: number, sessionId: number) {
    await memberOf(this.db, sessionId, userId);
    const lastSeq = sql`(select s.last_seq from ${chatSessions} s where s.id = ${sessionId})`;
    const [row] = await this.db
      .update(chatMembers)
      .set({
        clearedSeq: sql`greatest(${chatMembers.clearedSeq}, ${lastSeq})`,
        readSeq: sql`greatest(${chatMembers.readSeq}, ${lastSeq})`,
        changeSeq: sql`${chatMembers.changeSeq} + 1`,
      })
      .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)))
      .returning({ clearedSeq: chatMembers.clearedSeq, changeSeq: chatMembers.changeSeq });
    this.realtime.emitToUser(userId, 'onUpdateUnread', { sessionId, unreadCount: 0 });
    this.realtime.emitToUser(userId, 'onSessionClear', {
      sessionId,
      clearedSeq: row!.clearedSeq,
      changeSeq: row!.changeSeq,
    });
    return { ok: true as const };
  }

  /** Forwards copies of messages I can see to sessions I may send in; each copy counts as one send. */
  async transmit(userId: number, ids: number[], sessionIds: number[]) {
    const targets = [...new Set(sessionIds)];
    const sources = await Promise.all([...new Set(ids)].map((id) => visibleMessage(this.db, id, userId)));
    for (const s of sources) {
      if (s.contentType === 'notice') throw new AppError(ErrorCode.NoticeNotAllowed);
      if (isMoneyContent(s.contentType)) throw new AppError(ErrorCode.Forbidden, MONEY_CONTENT_MESSAGE);
    }
    for (const sessionId of targets) await assertCanSend(this.db, sessionId, userId, this.ports.groups);
    await this.limiter.hit(userId, sources.length * targets.length);
    const stored = await this.db.transaction(async (tx) => {
      const out: StoredMessage[] = [];
      for (const sessionId of targets) {
        await assertCanSend(tx, sessionId, userId, this.ports.groups);
        for (const source of sources.sort((a, b) => a.seq - b.seq)) {
          out.push(
            await storeMessage(tx, {
              sessionId,
              senderId: userId,
              clientMsgId: `fwd:${source.id}:${crypto.randomUUID()}`,
              contentType: source.contentType,
              content: withoutMentions(source.content as Record<string, unknown>),
            }),
          );
        }
      }
      return out;
    });
    for (const s of stored) deliver(this.realtime, s);
    return stored.map((s) => presentSendResult(s.message));
  }

  /** The client rendered a message: checks I can see it and raises my delivered seq. */
  async callback(userId: number, id: number) {
    const message = await visibleMessage(this.db, id, userId);
    await this.db
      .update(chatMembers)
      .set({ deliveredSeq: sql`greatest(${chatMembers.deliveredSeq}, ${message.seq}::bigint)` })
      .where(and(eq(chatMembers.sessionId, message.sessionId), eq(chatMembers.userId, userId)));
    return { ok: true as const };
  }

  async signPushId(
    userId: number,
    input: { clientId: string; platform: string; deviceId: string; deviceName: string; deviceModel: string },
  ) {
    const values = { ...input, userId, updateTime: new Date() };
    await this.db
      .insert(chatPushDevices)
      .values(values)
      .onConflictDoUpdate({ target: [chatPushDevices.userId, chatPushDevices.deviceId], set: values });
    return { ok: true as const };
  }

  getReply(userId: number) {
    return getAutoReply(this.db, userId);
  }

  async setReply(
    userId: number,
    input: { enabled: boolean; contentType: AutoReplyContentType; content: unknown },
  ) {
    const content = await this.usableContent(userId, input);
    return setAutoReply(this.db, userId, { ...input, content });
  }

  /** Clean content whose media the sender may use: their own uploads, or ones they can read now. */
  private async usableContent(userId: number, input: { contentType: MessageContentType; content: unknown }) {
    const content = parseContent(input.contentType, input.content, this.config.PUBLIC_URL);
    await assertMayUseMedia(this.db, this.config.PUBLIC_URL, userId, mediaUrlsOf(content));
    return content;
  }
}
