import { AdStatus, ErrorCode } from '@chatpay/shared';
import { and, count, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import type { Leg, MemberLeg } from '../ledger/index.ts';
import { type MethodRow, payeeOf } from './cards.ts';
import { postMove } from './escrow.ts';
import { newOrderNo } from './order-chat.ts';
import { recordEvent } from './order-events.ts';
import { type AdRow, c2cAds, c2cOrders, type OrderRow } from './tables.ts';

/**
 * The money step of a start (docs/design/market.md, "Starting an order"): one transaction that writes the
 * order and its start event, then, as its last two statements, takes the ad's coins with a guarded UPDATE
 * (the ad row lock) and posts the escrow (the ledger account locks). Both locks live only until the commit.
 */

/** Advisory transaction lock (with the buyer's id) that serialises a buyer's starts for the open-order cap. */
const OPEN_ORDERS_LOCK = 72_173_130;

/** What the check step read and validated without any lock; the money step commits against exactly this. */
export interface StartPlan {
  /** The ad as read (price, limits, requirements, payment method): the guard re-checks them under the lock. */
  ad: AdRow;
  takerId: number;
  buyerId: number;
  sellerId: number;
  amountCoin: bigint;
  amountFiat: bigint;
  charge: bigint;
  /** The seller's payment method (the ad's for a sell ad, the taker's own for a buy ad). */
  method: MethodRow;
  /** Seller's available/frozen → escrow (`escrowLegs`). */
  legs: (Leg | MemberLeg)[];
  requestKey: string | null;
}

export interface StartLimits {
  maxOpenOrders: number;
  /**
   * Runs when the taker sells into a buy ad, after the order row exists and before any hot lock: the
   * outgoing-money guard of the seller (it takes the seller's own lock, which must come before the ledger's).
   */
  beforeSellerEscrow: (tx: Tx, order: OrderRow) => Promise<void>;
}

/** The ad changed between the check and the guarded UPDATE: roll back and check again. */
export class AdChangedSinceCheck extends Error {
  constructor() {
    super('The ad changed since the start was checked');
  }
}

const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** A taker who buys may hold only a few unfinished orders: each one locks a seller's coins. */
const assertOpenOrderRoom = async (tx: Tx, buyerId: number, max: number) => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${OPEN_ORDERS_LOCK}, ${buyerId})`);
  const [open] = await tx
    .select({ n: count() })
    .from(c2cOrders)
    .where(
      and(eq(c2cOrders.buyerId, buyerId), inArray(c2cOrders.status, ['pending', 'payment', 'appealing'])),
    );
  if ((open?.n ?? 0) >= max) throw new AppError(ErrorCode.TooManyOpenOrders);
};

/** The seller's payment method takes at most `dailyMaxOrders` paid orders a UTC day (a start pays nothing). */
const assertMethodDailyRoom = async (tx: Tx, method: MethodRow, now: Date) => {
  if (method.dailyMaxOrders <= 0) return;
  const [today] = await tx
    .select({ n: count() })
    .from(c2cOrders)
    .where(
      and(
        eq(c2cOrders.paymentMethodId, method.id),
        gte(c2cOrders.createTime, startOfUtcDay(now)),
        // Only orders the buyer paid: unpaid ones cannot use up a seller's method for the day.
        isNotNull(c2cOrders.paymentTime),
        ne(c2cOrders.status, 'canceled'),
      ),
    );
  if ((today?.n ?? 0) >= method.dailyMaxOrders) throw new AppError(ErrorCode.DailyOrderLimitReached);
};

/**
 * Takes the order's coins from the ad if the ad is still what the check saw: active, same price, method,
 * limits, time limit and taker requirements, and its remaining still fits the order by the pricing rules
 * (coins left, and for a split ad the fiat the remaining is worth; a whole-only ad must be taken whole).
 * This UPDATE takes the ad row lock, held until the commit. Answers false when no row matched.
 */
const takeFromAd = async (tx: Tx, plan: StartPlan, now: Date) => {
  const { ad, amountCoin, amountFiat } = plan;
  const coins = amountCoin.toString();
  const fits = ad.useShare
    ? sql`${c2cAds.remaining} >= ${coins}::bigint
        AND floor(${c2cAds.remaining}::numeric * ${c2cAds.price} / 1000000) >= ${amountFiat.toString()}::numeric`
    : sql`${c2cAds.remaining} = ${coins}::bigint`;
  // A sell ad holds its remaining in the owner's frozen account: the order's part leaves it for escrow.
  const fromFrozen = ad.type === 'sell' ? coins : '0';
  const taken = await tx
    .update(c2cAds)
    .set({
      remaining: sql`${c2cAds.remaining} - ${coins}::bigint`,
      frozen: sql`${c2cAds.frozen} - ${fromFrozen}::bigint`,
      updateTime: now,
    })
    .where(
      and(
        eq(c2cAds.id, ad.id),
        eq(c2cAds.status, AdStatus.Active),
        eq(c2cAds.price, ad.price),
        eq(c2cAds.paymentMethodId, ad.paymentMethodId),
        eq(c2cAds.minLimit, ad.minLimit),
        eq(c2cAds.maxLimit, ad.maxLimit),
        eq(c2cAds.useShare, ad.useShare),
        eq(c2cAds.timeLimit, ad.timeLimit),
        eq(c2cAds.takerMinOrders, ad.takerMinOrders),
        eq(c2cAds.takerMinDays, ad.takerMinDays),
        eq(c2cAds.takerMinLevel, ad.takerMinLevel),
        fits,
      ),
    )
    .returning({ id: c2cAds.id });
  return taken.length === 1;
};

/**
 * Transaction 1 of a start: the order row (no chat yet: `session_id` NULL until the chat step), its start
 * event, then the ad's coins and the escrow entry, in that order so the hot locks are the last taken.
 * Throws AdChangedSinceCheck when the guard finds the ad changed (the caller rolls back and checks again).
 */
export const commitStartMoney = async (
  tx: Tx,
  plan: StartPlan,
  limits: StartLimits,
  now: Date,
): Promise<OrderRow> => {
  const { ad, takerId, buyerId, sellerId, method } = plan;
  if (buyerId === takerId) await assertOpenOrderRoom(tx, buyerId, limits.maxOpenOrders);
  await assertMethodDailyRoom(tx, method, now);
  const [order] = await tx
    .insert(c2cOrders)
    .values({
      orderNo: newOrderNo(now),
      adId: ad.id,
      type: ad.type,
      merchantId: ad.userId,
      buyerId,
      sellerId,
      price: ad.price,
      amountCoin: plan.amountCoin,
      amountFiat: plan.amountFiat,
      charge: plan.charge,
      paymentType: method.type,
      paymentMethodId: method.id,
      payee: payeeOf(method),
      paymentDeadline: new Date(now.getTime() + ad.timeLimit * 60_000),
      lastEventTime: now,
      ...(takerId === buyerId ? { buyerSeenTime: now } : { sellerSeenTime: now }),
      createTime: now,
      requestKey: plan.requestKey,
    })
    .returning();
  await recordEvent(tx, order!, { kind: 'start', from: null, to: 'pending', actorId: takerId, now });
  if (sellerId === takerId) await limits.beforeSellerEscrow(tx, order!);
  // The hot part, last: the ad row lock, then the seller's and escrow's account locks, until the commit.
  if (!(await takeFromAd(tx, plan, now))) throw new AdChangedSinceCheck();
  await postMove(tx, plan.legs, {
    key: `c2c:order:${order!.id}:start`,
    kind: 'c2c-order-start',
    memo: `order ${order!.id} escrow`,
    ref: { type: 'c2c-order', id: order!.id },
    createdBy: takerId,
  });
  return order!;
};
