import {
  type AutoReplyContentType,
  type ChatMessage,
  ErrorCode,
  type MessageContentType,
  type MessageQuote,
  QUOTE_TEXT_MAX,
  RECALL_WINDOW_MS,
} from '@chatpay/shared';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/connection.ts';
import { uniqueViolation } from '../../../lib/db-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { memberOf, peerOf, sessionById } from '../session/queries.ts';
import { chatMembers, chatMessageRemovals, chatMessages, chatPushDevices, chatSessions } from '../tables.ts';
import { getAutoReply, sendAutoReply, setAutoReply } from './auto-reply.ts';
import { isMoneyContent, MONEY_CONTENT_MESSAGE, parseContent } from './content.ts';
import { withMentions, withoutMentions } from './mentions.ts';
import { presentMessage, presentSendResult } from './presenter.ts';
import { byClientMsgId, visibleMessage, visibleTo } from './queries.ts';
import type { SendLimiter } from './rate-limit.ts';
import { assertCanSend, deliver, redeliver, type StoredMessage, storeMessage } from './store.ts';

export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly limiter: SendLimiter,
    private readonly config: Config,
    private readonly log: Logger,
  ) {}

  /**
   * Stores and delivers a message. A retry with a clientMsgId already stored answers the first result (and is
   * not counted against the rate limit); a concurrent duplicate that loses on the unique index does the same.
   */
  async send(
    userId: number,
    input: { sessionId: number; clientMsgId: string; contentType: MessageContentType; content: unknown },
  ) {
    const first = await byClientMsgId(this.db, userId, input.clientMsgId);
    if (first) return this.repeat(first, input.sessionId, true);
    const content = await withMentions(
      this.db,
      input.sessionId,
      userId,
      await this.withQuote(
        userId,
        input.sessionId,
        parseContent(input.contentType, input.content, this.config.PUBLIC_URL),
      ),
    );
    await this.limiter.hit(userId);
    let stored: StoredMessage;
    try {
      stored = await this.db.transaction(async (tx) => {
        await assertCanSend(tx, input.sessionId, userId);
        return storeMessage(tx, { ...input, senderId: userId, content });
      });
    } catch (error) {
      if (uniqueViolation(error) === 'chat_messages_sender_client_msg_key') {
        const winner = await byClientMsgId(this.db, userId, input.clientMsgId);
        if (winner) return this.repeat(winner, input.sessionId);
      }
      throw error;
    }
    deliver(this.realtime, stored);
    await sendAutoReply(this.db, this.realtime, this.log, stored);
    return presentSendResult(stored.message);
  }

  /**
   * A reply's quote (issue 16): the quoted message must be one I can see in the same session and not recalled;
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

  /** The answer to a send whose clientMsgId is stored; a retry (`redeliverIt`) also emits it again. */
  private async repeat(first: typeof chatMessages.$inferSelect, sessionId: number, redeliverIt = false) {
    if (first.sessionId !== sessionId) throw new AppError(ErrorCode.ClientMsgIdReused);
    if (redeliverIt) await redeliver(this.db, this.realtime, first);
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
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(visible);
    return {
      list: list.map(presentMessage),
      pagination: { page: 1, size: input.size, total: count?.total ?? 0 },
      lastSeq: session.lastSeq,
      readSeq: member.readSeq,
      hasMore,
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

  async remove(userId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .innerJoin(
          chatMembers,
          and(eq(chatMembers.sessionId, chatMessages.sessionId), eq(chatMembers.userId, userId)),
        )
        .where(inArray(chatMessages.id, unique));
      if (rows.length !== unique.length) throw new AppError(ErrorCode.MessageNotFound);
      await tx
        .insert(chatMessageRemovals)
        .values(unique.map((messageId) => ({ userId, messageId })))
        .onConflictDoNothing();
    });
    return { ok: true as const };
  }

  /** Sender only, within 2 minutes: the content becomes a notice for everyone and the event goes out again. */
  async recall(userId: number, id: number): Promise<ChatMessage> {
    const outcome = await this.db.transaction(async (tx) => {
      const message = await visibleMessage(tx, id, userId);
      const [locked] = await tx
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, message.id))
        .for('update');
      // A transfer or red packet cannot be recalled: the money has moved.
      if (locked!.senderId !== userId || locked!.isAutoReply || isMoneyContent(locked!.contentType))
        throw new AppError(ErrorCode.RecallNotAllowed);
      if (locked!.recalled) return { message: locked!, changed: false };
      if (Date.now() - locked!.createTime.getTime() > RECALL_WINDOW_MS)
        throw new AppError(ErrorCode.RecallExpired);
      const [updated] = await tx
        .update(chatMessages)
        .set({
          contentType: 'notice',
          content: { type: 'recall', text: 'A message was recalled', senderId: userId },
          recalled: true,
        })
        .where(eq(chatMessages.id, id))
        .returning();
      const members = await tx
        .select({ userId: chatMembers.userId })
        .from(chatMembers)
        .where(eq(chatMembers.sessionId, updated!.sessionId));
      return { message: updated!, changed: true, members };
    });
    const payload = presentMessage(outcome.message);
    if (outcome.changed) {
      for (const m of outcome.members ?? []) this.realtime.emitToUser(m.userId, 'message', payload);
    }
    return payload;
  }

  /** Hides the history up to now for me (and reads it). */
  async clear(userId: number, sessionId: number) {
    await memberOf(this.db, sessionId, userId);
    const session = await sessionById(this.db, sessionId);
    await this.db
      .update(chatMembers)
      .set({
        clearedSeq: session.lastSeq,
        readSeq: sql`greatest(${chatMembers.readSeq}, ${session.lastSeq}::bigint)`,
      })
      .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)));
    this.realtime.emitToUser(userId, 'onUpdateUnread', { sessionId, unreadCount: 0 });
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
    for (const sessionId of targets) await assertCanSend(this.db, sessionId, userId);
    await this.limiter.hit(userId, sources.length * targets.length);
    const stored = await this.db.transaction(async (tx) => {
      const out: StoredMessage[] = [];
      for (const sessionId of targets) {
        await assertCanSend(tx, sessionId, userId);
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

  setReply(userId: number, input: { enabled: boolean; contentType: AutoReplyContentType; content: unknown }) {
    const content = parseContent(input.contentType, input.content, this.config.PUBLIC_URL);
    return setAutoReply(this.db, userId, { ...input, content });
  }
}
