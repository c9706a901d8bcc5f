import { ErrorCode } from '@chatpay/shared';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connection.ts';
import { AppError } from '../../../lib/errors.ts';
import { chatMembers, chatMessageRemovals, chatMessages } from '../tables.ts';

export const byClientMsgId = async (exec: Executor, senderId: number, clientMsgId: string) => {
  const [row] = await exec
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientMsgId, clientMsgId)));
  return row ?? null;
};

/** Messages of a session that `userId` may see: after their clear point and not removed by them. */
export const visibleTo = (sessionId: number, userId: number, clearedSeq: number): SQL =>
  and(
    eq(chatMessages.sessionId, sessionId),
    gt(chatMessages.seq, clearedSeq),
    sql`not exists (select 1 from ${chatMessageRemovals} r where r.user_id = ${userId} and r.message_id = ${chatMessages.id})`,
  )!;

/**
 * How many messages of a session `userId` can see (a page's `pagination.total`), without counting the history:
 * seqs run from 1 to `lastSeq` with no gap and messages are never deleted (chat-delivery.md, invariant 1), so
 * exactly `lastSeq − clearedSeq` lie above my clear point (a group member's join point is their clear point);
 * from those, the ones I deleted for me are taken away. The cost follows my deletions, not the session's size;
 * a member whose change seq is still 0 has deleted nothing here since joining (every deletion raises it), so
 * that common case costs no query at all. A member who left a group and came back starts at 0 again: what they
 * deleted before lies at or below their new join point.
 */
export const visibleCount = async (
  exec: Executor,
  lastSeq: number,
  member: { sessionId: number; userId: number; clearedSeq: number; changeSeq: number },
) => {
  const above = Math.max(0, lastSeq - member.clearedSeq);
  if (member.changeSeq === 0) return above;
  const [removed] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessageRemovals)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageRemovals.messageId))
    .where(
      and(
        eq(chatMessageRemovals.userId, member.userId),
        eq(chatMessages.sessionId, member.sessionId),
        gt(chatMessages.seq, member.clearedSeq),
      ),
    );
  return Math.max(0, above - (removed?.n ?? 0));
};

/** A message that `userId` can see (member of its session), or MessageNotFound. */
export const visibleMessage = async (exec: Executor, id: number, userId: number) => {
  const [row] = await exec
    .select({ message: chatMessages, clearedSeq: chatMembers.clearedSeq })
    .from(chatMessages)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.sessionId, chatMessages.sessionId), eq(chatMembers.userId, userId)),
    )
    .where(eq(chatMessages.id, id));
  if (!row || row.message.seq <= row.clearedSeq) throw new AppError(ErrorCode.MessageNotFound);
  return row.message;
};

/** A message by id, whoever may see it (the caller has checked access). */
export const messageById = async (exec: Executor, id: number) => {
  const [row] = await exec.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row ?? null;
};

/** The first `limit` messages of a session in seq order (support reading an order chat as evidence). */
export const sessionHistory = (exec: Executor, sessionId: number, limit: number) =>
  exec
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.seq))
    .limit(limit);
