import { ErrorCode } from '@chatpay/shared';
import { and, count, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { users } from '../user/index.ts';
import { c2cTraderStanding } from './tables.ts';

/** Appeal strikes and trading suspension (docs/design/market.md, "Appeals, strikes and suspension"). */

export const standingOf = async (exec: Executor, userId: number) => {
  const [row] = await exec.select().from(c2cTraderStanding).where(eq(c2cTraderStanding.userId, userId));
  return { userId, strikes: row?.strikes ?? 0, suspended: row?.suspended ?? false };
};

/** Whether a member is suspended, as a scalar subquery, for a caller that reads it with other things. */
export const suspendedSql = (userId: number) =>
  sql<boolean>`coalesce((select ${c2cTraderStanding.suspended} from ${c2cTraderStanding} where ${c2cTraderStanding.userId} = ${userId}), false)`;

/** Starting orders, publishing and putting ads up are refused while suspended. */
export const assertNotSuspended = async (exec: Executor, userId: number) => {
  if ((await standingOf(exec, userId)).suspended) throw new AppError(ErrorCode.TradingSuspended);
};

/**
 * One strike for the party support found at fault, in the resolution's transaction; more than `limit`
 * strikes suspend trading. The upsert is one statement, so two resolutions at once both count.
 */
export const strike = async (
  tx: Executor,
  input: { userId: number; orderId: number; supportId: number; note: string; limit: number },
) => {
  const [row] = await tx
    .insert(c2cTraderStanding)
    .values({ userId: input.userId, strikes: 1, suspended: 1 > input.limit })
    .onConflictDoUpdate({
      target: c2cTraderStanding.userId,
      set: {
        strikes: sql`${c2cTraderStanding.strikes} + 1`,
        suspended: sql`${c2cTraderStanding.suspended} OR ${c2cTraderStanding.strikes} + 1 > ${input.limit}`,
        updateTime: new Date(),
      },
    })
    .returning();
  await recordAudit(tx, {
    actorId: input.supportId,
    action: row!.suspended ? 'c2c:strike:suspended' : 'c2c:strike',
    targetUserId: input.userId,
    reason: `order ${input.orderId}: ${input.note}`,
  });
  return row!;
};

/** Support lifts a suspension: trading again, strikes cleared; audited with the note. */
export const liftSuspension = async (db: Db, supportId: number, input: { userId: number; note: string }) => {
  if (supportId === input.userId) throw new AppError(ErrorCode.DutySeparation);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) throw new AppError(ErrorCode.UserNotFound);
  return db.transaction(async (tx) => {
    const before = await standingOf(tx, input.userId);
    await tx
      .insert(c2cTraderStanding)
      .values({ userId: input.userId, strikes: 0, suspended: false })
      .onConflictDoUpdate({
        target: c2cTraderStanding.userId,
        set: { strikes: 0, suspended: false, updateTime: new Date() },
      });
    await recordAudit(tx, {
      actorId: supportId,
      action: 'c2c:trader:lift',
      targetUserId: input.userId,
      reason: `strikes ${before.strikes}, suspended ${before.suspended}: ${input.note}`,
    });
    return { userId: input.userId, strikes: 0, suspended: false };
  });
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Traders with strikes (or only the suspended), latest change first: where support finds whom to lift. */
export const standingPage = async (
  db: Db,
  input: { page: number; size: number; suspended?: boolean | undefined; keyword?: string | undefined },
) => {
  const conditions: SQL[] = [
    input.suspended === undefined
      ? or(gt(c2cTraderStanding.strikes, 0), eq(c2cTraderStanding.suspended, true))!
      : eq(c2cTraderStanding.suspended, input.suspended),
  ];
  if (input.keyword) {
    const like = `%${escapeLike(input.keyword)}%`;
    conditions.push(
      or(ilike(users.username, like), ilike(users.nickName, like), eq(users.memberId, input.keyword))!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        standing: c2cTraderStanding,
        username: users.username,
        nickName: users.nickName,
        memberId: users.memberId,
      })
      .from(c2cTraderStanding)
      .innerJoin(users, eq(users.id, c2cTraderStanding.userId))
      .where(where)
      .orderBy(desc(c2cTraderStanding.updateTime), desc(c2cTraderStanding.userId))
      .limit(input.size)
      .offset((input.page - 1) * input.size),
    db
      .select({ n: count() })
      .from(c2cTraderStanding)
      .innerJoin(users, eq(users.id, c2cTraderStanding.userId))
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({
      userId: r.standing.userId,
      strikes: r.standing.strikes,
      suspended: r.standing.suspended,
      username: r.username,
      nickName: r.nickName,
      memberId: r.memberId,
      updateTime: r.standing.updateTime.toISOString(),
    })),
    pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
  };
};
