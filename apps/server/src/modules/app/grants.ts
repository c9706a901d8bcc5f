import type { MemberGrants } from '@chatpay/shared';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { appGoods, appMemberGrants } from './tables.ts';

const DAY_MS = 86_400_000;

export type GoodsGrantRow = typeof appMemberGrants.$inferSelect;

/** The end of a member's VIP badge (latest VIP grant), or null. */
const vipEnd = async (exec: Executor, userId: number) => {
  const [last] = await exec
    .select({ endTime: appMemberGrants.endTime })
    .from(appMemberGrants)
    .where(and(eq(appMemberGrants.userId, userId), eq(appMemberGrants.kind, 'vip')))
    .orderBy(desc(appMemberGrants.endTime))
    .limit(1);
  return last?.endTime ?? null;
};

/**
 * Grants what the goods of a paid order grant, inside the transaction that marks the order paid.
 * One grant per order (`order_no` unique): a second call for the same order grants nothing and answers the
 * first. VIP extends from the later of now and the current end; the member's grants are serialised by an
 * advisory lock so two purchases at once both count.
 */
export const grantGoods = async (
  tx: Executor,
  input: { userId: number; goodsId: number; orderNo: string; now: Date },
): Promise<GoodsGrantRow | null> => {
  const [goods] = await tx.select().from(appGoods).where(eq(appGoods.id, input.goodsId));
  if (!goods || goods.grantKind === 'none') return null;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${7_418_001}, ${input.userId})`);
  const [done] = await tx.select().from(appMemberGrants).where(eq(appMemberGrants.orderNo, input.orderNo));
  if (done) return done;
  let start = input.now;
  let end: Date | null = null;
  if (goods.grantKind === 'vip') {
    const current = await vipEnd(tx, input.userId);
    if (current && current > start) start = current;
    end = new Date(start.getTime() + goods.grantDays * DAY_MS);
  }
  const [row] = await tx
    .insert(appMemberGrants)
    .values({
      userId: input.userId,
      goodsId: goods.id,
      orderNo: input.orderNo,
      kind: goods.grantKind,
      days: goods.grantKind === 'vip' ? goods.grantDays : 0,
      startTime: start,
      endTime: end,
    })
    .onConflictDoNothing({ target: appMemberGrants.orderNo })
    .returning();
  return row ?? null;
};

/** The grants of some paid orders, by order number (for the member's purchases). */
export const grantsOfOrders = async (exec: Executor, orderNos: string[]) => {
  if (orderNos.length === 0) return new Map<string, GoodsGrantRow>();
  const rows = await exec.select().from(appMemberGrants).where(inArray(appMemberGrants.orderNo, orderNos));
  return new Map(rows.map((r) => [r.orderNo, r]));
};

/** What a member's purchases granted that still holds: the VIP badge's end, the deposit badge. */
export const memberGrantsOf = async (exec: Executor, userId: number, now: Date): Promise<MemberGrants> => {
  const end = await vipEnd(exec, userId);
  return {
    vip: end && end > now ? { endTime: end.toISOString() } : null,
    deposit: (await depositHolders(exec, [userId])).has(userId),
  };
};

/** Which of these members hold the C2C "deposit held" badge (bought at the pay desk). */
export const depositHolders = async (exec: Executor, userIds: number[], now = new Date()) => {
  if (userIds.length === 0) return new Set<number>();
  const rows = await exec
    .selectDistinct({ userId: appMemberGrants.userId })
    .from(appMemberGrants)
    .where(
      and(
        inArray(appMemberGrants.userId, [...new Set(userIds)]),
        eq(appMemberGrants.kind, 'deposit'),
        or(isNull(appMemberGrants.endTime), gt(appMemberGrants.endTime, now)),
      ),
    );
  return new Set(rows.map((r) => r.userId));
};
