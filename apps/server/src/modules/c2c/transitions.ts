import { AdStatus, ErrorCode, type OrderStatus } from '@chatpay/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { fromEscrow, releaseEscrow } from './escrow.ts';
import { recordEvent } from './order-events.ts';
import { c2cAds, c2cOrders, type OrderRow } from './tables.ts';

/**
 * The order state machine's moves, shared by members, support and the sweeper (docs/design/market.md).
 * Callers hold the order row lock (`lockOrder`) and have re-checked actor and status; lock order is always
 * order → ad → ledger accounts.
 */

export const lockOrder = async (tx: Tx, id: number): Promise<OrderRow> => {
  const [row] = await tx.select().from(c2cOrders).where(eq(c2cOrders.id, id)).for('update');
  if (!row) throw new AppError(ErrorCode.OrderNotFound);
  return row;
};

/** The caller must be the buyer or the seller; anyone else learns nothing ("Order does not exist"). */
export const assertParty = (order: OrderRow, userId: number) => {
  if (order.buyerId !== userId && order.sellerId !== userId) throw new AppError(ErrorCode.OrderNotFound);
};

export const assertStatus = (order: OrderRow, ...allowed: OrderStatus[]) => {
  if (!allowed.includes(order.status as OrderStatus)) throw new AppError(ErrorCode.OrderStatusInvalid);
};

/** The acting party has seen what they did: only the other one gets it as unread. */
const seenBy = (order: OrderRow, actorId: number | null, now: Date) => ({
  ...(actorId === order.buyerId ? { buyerSeenTime: now } : {}),
  ...(actorId === order.sellerId ? { sellerSeenTime: now } : {}),
});

/**
 * Writes the new status with the event row, and a webhook delivery for each party that is a merchant with a
 * webhook URL, all in the caller's transaction.
 */
export const applyTransition = async (
  tx: Tx,
  order: OrderRow,
  change: {
    kind: string;
    to: OrderStatus;
    actorId: number | null;
    note?: string;
    set?: Partial<OrderRow>;
    /** The clock's time of the change (lib/clock.ts). */
    now: Date;
  },
): Promise<OrderRow> => {
  const { now } = change;
  const [updated] = await tx
    .update(c2cOrders)
    .set({
      ...change.set,
      status: change.to,
      lastEventTime: now,
      updateTime: now,
      ...seenBy(order, change.actorId, now),
    })
    .where(eq(c2cOrders.id, order.id))
    .returning();
  await recordEvent(tx, updated!, { ...change, from: order.status });
  return updated!;
};

/**
 * Cancels a locked pending or appealing order: escrow back to the seller (into the frozen account when the
 * sell ad is still active and takes the quantity back, else to available). Key `c2c:order:<id>:cancel`.
 */
export const cancelOrder = async (
  tx: Tx,
  order: OrderRow,
  by: { reason: 'buyer' | 'timeout' | 'support'; actorId: number | null; note?: string; now: Date },
) => {
  const { reason, actorId, note = '', now } = by;
  const [ad] = await tx.select().from(c2cAds).where(eq(c2cAds.id, order.adId)).for('update');
  const refreeze = order.type === 'sell' && ad?.status === AdStatus.Active;
  await tx
    .update(c2cAds)
    .set({
      remaining: sql`${c2cAds.remaining} + ${order.amountCoin.toString()}::bigint`,
      ...(refreeze ? { frozen: sql`${c2cAds.frozen} + ${order.amountCoin.toString()}::bigint` } : {}),
      updateTime: now,
    })
    .where(eq(c2cAds.id, order.adId));
  await fromEscrow(tx, order.sellerId, refreeze ? 'frozen' : 'available', order.amountCoin, {
    key: `c2c:order:${order.id}:cancel`,
    kind: 'c2c-order-cancel',
    memo: `order ${order.id} canceled (${reason})`,
    ref: { type: 'c2c-order', id: order.id },
    createdBy: actorId,
  });
  return applyTransition(tx, order, {
    kind: reason === 'support' ? 'resolve' : reason === 'timeout' ? 'timeout' : 'canceled',
    to: 'canceled',
    actorId,
    note,
    now,
    set: { canceledTime: now, cancelReason: reason },
  });
};

/** Releases a locked paid or appealing order: escrow to the buyer less the fee. Key `c2c:order:<id>:release`. */
export const releaseOrder = async (
  tx: Tx,
  order: OrderRow,
  by: { actorId: number; kind: 'completed' | 'resolve'; note?: string; now: Date },
) => {
  const { actorId, kind, note = '', now } = by;
  await releaseEscrow(tx, order.buyerId, order.amountCoin, order.charge, {
    key: `c2c:order:${order.id}:release`,
    kind: 'c2c-order-release',
    memo: `order ${order.id} released`,
    ref: { type: 'c2c-order', id: order.id },
    createdBy: actorId,
  });
  return applyTransition(tx, order, {
    kind,
    to: 'completed',
    actorId,
    note,
    now,
    set: {
      completedTime: now,
      ...(kind === 'resolve' ? { resolvedBy: actorId, resolutionNote: note } : {}),
    },
  });
};
