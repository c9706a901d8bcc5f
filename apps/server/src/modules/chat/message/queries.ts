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
