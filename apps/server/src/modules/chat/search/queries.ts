import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/connection.ts';
import { users } from '../../user/index.ts';
import { friendRows } from '../friend/queries.ts';
import { chatMembers, chatMessageRemovals, chatMessages, friends } from '../tables.ts';

/**
 * An ILIKE pattern matching `keyword` anywhere: its `%`, `_` and `\` match themselves (backslash is
 * PostgreSQL's default LIKE escape).
 */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** My friends whose nickname, my remark for them or member id matches; A-Z. */
export const friendsMatching = (exec: Executor, userId: number, pattern: string, limit: number) =>
  friendRows(
    exec,
    userId,
    or(
      sql`${users.nickName} ilike ${pattern}`,
      sql`${friends.remark} ilike ${pattern}`,
      sql`${users.memberId} ilike ${pattern}`,
    ),
  ).limit(limit);

const sender = alias(users, 'sender');
const senderRemark = alias(friends, 'sender_remark');
const textOf = sql<string>`(${chatMessages.content}->>'text')`;

/**
 * Text messages `userId` can see that match `pattern`, newest first: only sessions they are a member of, above
 * their cleared seq, not deleted for them, not recalled. `content_type = 'text'` and the `->>'text'`
 * expression are those of the partial trigram index chat_messages_text_trgm_idx, so the planner can use it
 * (keywords under three characters have no trigram and are matched without it).
 */
export const messagesMatching = (
  exec: Executor,
  userId: number,
  input: { pattern: string; sessionId?: number; cursor?: number; limit: number },
) =>
  exec
    .select({
      id: chatMessages.id,
      sessionId: chatMessages.sessionId,
      seq: chatMessages.seq,
      senderId: chatMessages.senderId,
      text: textOf,
      createTime: chatMessages.createTime,
      senderNickName: sender.nickName,
      senderAvatar: sender.avatar,
      senderRemark: senderRemark.remark,
    })
    .from(chatMessages)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.sessionId, chatMessages.sessionId), eq(chatMembers.userId, userId)),
    )
    .innerJoin(sender, eq(sender.id, chatMessages.senderId))
    .leftJoin(senderRemark, and(eq(senderRemark.userId, userId), eq(senderRemark.friendId, sender.id)))
    .where(
      and(
        eq(chatMessages.contentType, 'text'),
        sql`${textOf} ilike ${input.pattern}`,
        eq(chatMessages.recalled, false),
        gt(chatMessages.seq, chatMembers.clearedSeq),
        sql`not exists (select 1 from ${chatMessageRemovals} r where r.user_id = ${userId} and r.message_id = ${chatMessages.id})`,
        input.sessionId === undefined ? undefined : eq(chatMessages.sessionId, input.sessionId),
        input.cursor === undefined ? undefined : lt(chatMessages.id, input.cursor),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(input.limit);

export type MessageMatchRow = Awaited<ReturnType<typeof messagesMatching>>[number];
