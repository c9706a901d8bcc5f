import { ErrorCode, type ServiceConversation, type ServiceMessage } from '@chatpay/shared';
import { and, count, desc, eq, gt, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../../db/connection.ts';
import type { Ports } from '../../../http/ports.ts';
import { uniqueViolation } from '../../../lib/db-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { recordAudit } from '../../audit/index.ts';
import { users } from '../../user/index.ts';
import { parseContent } from '../message/content.ts';
import { type MessageRow, presentMessage } from '../message/presenter.ts';
import { byClientMsgId } from '../message/queries.ts';
import { assertCanSend, deliver, storeMessage } from '../message/store.ts';
import { chatMembers, chatMessages, chatServiceReplies, chatSessions } from '../tables.ts';
import { serviceAccountId } from './account.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The service account's row of a conversation, and the member's (the other one). */
const desk = alias(chatMembers, 'desk');
const asker = alias(chatMembers, 'asker');
const last = alias(chatMessages, 'last');

/** Conversations with messages the service account has not read (the console's menu badge). */
export const unreadServiceConversations = async (exec: Executor) => {
  const serviceId = await serviceAccountId(exec);
  if (serviceId === null) return 0;
  const [row] = await exec
    .select({ n: count() })
    .from(chatSessions)
    .innerJoin(desk, and(eq(desk.sessionId, chatSessions.id), eq(desk.userId, serviceId)))
    .where(
      and(
        eq(chatSessions.type, 'single'),
        eq(chatSessions.kind, 'service'),
        gt(chatSessions.lastSeq, desk.readSeq),
      ),
    );
  return row?.n ?? 0;
};

/**
 * The console's customer-service inbox: staff read and answer members' conversations with the
 * shared service account. Replies go out as that account; `chat_service_replies` keeps who sent each one, and
 * each reply is audited (`chat:service:reply`).
 */
export class ServiceDesk {
  /** The account's id, looked up once (null is looked up again: the account may be created later). */
  private account: Promise<number | null> | null = null;

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly publicUrl: string | undefined,
    private readonly ports: Ports,
  ) {}

  async accountId(): Promise<number | null> {
    this.account ??= serviceAccountId(this.db);
    const id = await this.account;
    if (id === null) this.account = null;
    return id;
  }

  private async requireAccount() {
    const id = await this.accountId();
    if (id === null) throw new AppError(ErrorCode.ServiceUnavailable);
    return id;
  }

  /** Conversations of the service account with at least one message, latest first. */
  private conversations(serviceId: number) {
    return this.db
      .select({
        sessionId: chatSessions.id,
        lastSeq: chatSessions.lastSeq,
        lastChatTime: chatSessions.lastChatTime,
        readSeq: desk.readSeq,
        member: {
          id: users.id,
          username: users.username,
          nickName: users.nickName,
          memberId: users.memberId,
          avatar: users.avatar,
        },
        last: {
          senderId: last.senderId,
          contentType: last.contentType,
          content: last.content,
          createTime: last.createTime,
        },
      })
      .from(chatSessions)
      .innerJoin(desk, and(eq(desk.sessionId, chatSessions.id), eq(desk.userId, serviceId)))
      .innerJoin(asker, and(eq(asker.sessionId, chatSessions.id), ne(asker.userId, serviceId)))
      .innerJoin(users, eq(users.id, asker.userId))
      .leftJoin(last, eq(last.id, chatSessions.lastMessageId))
      .$dynamic();
  }

  private where(serviceId: number, filter: 'all' | 'unread' | 'unanswered', keyword?: string) {
    const conditions: SQL[] = [
      eq(chatSessions.type, 'single'),
      eq(chatSessions.kind, 'service'),
      gt(chatSessions.lastSeq, 0),
    ];
    if (filter === 'unread') conditions.push(gt(chatSessions.lastSeq, desk.readSeq));
    if (filter === 'unanswered') conditions.push(ne(last.senderId, serviceId));
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      conditions.push(
        or(ilike(users.username, like), ilike(users.nickName, like), eq(users.memberId, keyword))!,
      );
    }
    return and(...conditions);
  }

  private present(
    serviceId: number,
    row: Awaited<ReturnType<ReturnType<ServiceDesk['conversations']>['execute']>>[number],
  ): ServiceConversation {
    const text = row.last?.contentType === 'text' ? row.last.content.text : '';
    return {
      sessionId: row.sessionId,
      member: row.member,
      lastMessage: row.last
        ? {
            contentType: row.last.contentType,
            text: typeof text === 'string' ? text : '',
            fromMember: row.last.senderId !== serviceId,
            createTime: row.last.createTime.toISOString(),
          }
        : null,
      lastChatTime: row.lastChatTime?.toISOString() ?? null,
      unread: Math.max(0, row.lastSeq - row.readSeq),
      awaitingReply: row.last !== null && row.last.senderId !== serviceId,
    };
  }

  async page(input: {
    page: number;
    size: number;
    filter: 'all' | 'unread' | 'unanswered';
    keyword?: string | undefined;
  }) {
    const serviceId = await this.requireAccount();
    const where = this.where(serviceId, input.filter, input.keyword);
    const [rows, [total]] = await Promise.all([
      this.conversations(serviceId)
        .where(where)
        .orderBy(desc(chatSessions.lastChatTime), desc(chatSessions.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db
        .select({ n: count() })
        .from(chatSessions)
        .innerJoin(desk, and(eq(desk.sessionId, chatSessions.id), eq(desk.userId, serviceId)))
        .innerJoin(asker, and(eq(asker.sessionId, chatSessions.id), ne(asker.userId, serviceId)))
        .innerJoin(users, eq(users.id, asker.userId))
        .leftJoin(last, eq(last.id, chatSessions.lastMessageId))
        .where(where),
    ]);
    return {
      list: rows.map((r) => this.present(serviceId, r)),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }

  /** One conversation of the service account, or "Session does not exist". */
  private async conversation(serviceId: number, sessionId: number) {
    const [row] = await this.conversations(serviceId).where(
      and(eq(chatSessions.id, sessionId), eq(chatSessions.type, 'single'), eq(chatSessions.kind, 'service')),
    );
    if (!row) throw new AppError(ErrorCode.SessionNotFound);
    return row;
  }

  private async presentMessages(serviceId: number, rows: MessageRow[]): Promise<ServiceMessage[]> {
    const ids = rows.map((r) => r.id);
    const staff =
      ids.length === 0
        ? []
        : await this.db
            .select({ messageId: chatServiceReplies.messageId, id: users.id, nickName: users.nickName })
            .from(chatServiceReplies)
            .innerJoin(users, eq(users.id, chatServiceReplies.staffId))
            .where(inArray(chatServiceReplies.messageId, ids));
    const byMessage = new Map(staff.map((s) => [s.messageId, { id: s.id, nickName: s.nickName }]));
    return rows.map((r) => ({
      ...presentMessage(r),
      fromMember: r.senderId !== serviceId,
      staff: byMessage.get(r.id) ?? null,
    }));
  }

  /** The newest messages, or those before `beforeSeq`, in seq order. Staff see the whole history. */
  async messages(input: { sessionId: number; beforeSeq?: number | undefined; size: number }) {
    const serviceId = await this.requireAccount();
    const row = await this.conversation(serviceId, input.sessionId);
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.sessionId, input.sessionId),
          input.beforeSeq !== undefined ? lt(chatMessages.seq, input.beforeSeq) : undefined,
        ),
      )
      .orderBy(desc(chatMessages.seq))
      .limit(input.size + 1);
    const hasMore = rows.length > input.size;
    const list = rows.slice(0, input.size).reverse();
    return {
      conversation: this.present(serviceId, row),
      list: await this.presentMessages(serviceId, list),
      hasMore,
    };
  }

  /** Marks the conversation read for the service account: every staff member's inbox and badge follow. */
  async read(sessionId: number) {
    const serviceId = await this.requireAccount();
    const row = await this.conversation(serviceId, sessionId);
    await this.db
      .update(chatMembers)
      .set({ readSeq: sql`greatest(${chatMembers.readSeq}, ${row.lastSeq}::bigint)` })
      .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, serviceId)));
    this.realtime.emitToUser(serviceId, 'onUpdateUnread', { sessionId, unreadCount: 0 });
    this.realtime.emitToStaff('console', { kind: 'service' });
    return { ok: true as const };
  }

  /** Sends as the service account; the staff member is recorded with the message and in the audit log. */
  async send(
    staffId: number,
    input: { sessionId: number; clientMsgId: string; contentType: 'text' | 'image'; content: unknown },
  ): Promise<ServiceMessage> {
    const serviceId = await this.requireAccount();
    const row = await this.conversation(serviceId, input.sessionId);
    const repeat = async (first: MessageRow) => {
      if (first.sessionId !== input.sessionId) throw new AppError(ErrorCode.ClientMsgIdReused);
      return (await this.presentMessages(serviceId, [first]))[0]!;
    };
    const first = await byClientMsgId(this.db, serviceId, input.clientMsgId);
    if (first) return repeat(first);
    const content = parseContent(input.contentType, input.content, this.publicUrl);
    let stored: Awaited<ReturnType<typeof storeMessage>>;
    try {
      stored = await this.db.transaction(async (tx) => {
        await assertCanSend(tx, input.sessionId, serviceId, this.ports.groups);
        const message = await storeMessage(tx, { ...input, content, senderId: serviceId });
        await tx.insert(chatServiceReplies).values({ messageId: message.message.id, staffId });
        await recordAudit(tx, {
          actorId: staffId,
          action: 'chat:service:reply',
          targetUserId: row.member.id,
          reason: `message #${message.message.id} in session #${input.sessionId}`,
        });
        return message;
      });
    } catch (error) {
      if (uniqueViolation(error) === 'chat_messages_sender_client_msg_key') {
        const winner = await byClientMsgId(this.db, serviceId, input.clientMsgId);
        if (winner) return repeat(winner);
      }
      throw error;
    }
    deliver(this.realtime, stored);
    this.realtime.emitToStaff('console', { kind: 'service' });
    return (await this.presentMessages(serviceId, [stored.message]))[0]!;
  }

  /** A member wrote to the service account: every staff console refreshes its inbox and badge. */
  watch() {
    this.realtime.onEmit((userId, event, payload) => {
      if (event !== 'message') return;
      void this.accountId().then((serviceId) => {
        const senderId = (payload as { senderId?: unknown } | undefined)?.senderId;
        if (serviceId === userId && senderId !== serviceId)
          this.realtime.emitToStaff('console', { kind: 'service' });
      });
    });
  }
}
