import {
  type Ad,
  type AdType,
  cents,
  effectiveMax,
  formatFiat,
  formatUsdt,
  micro,
  type Order,
  type OrderStatus,
  type PaymentType,
  type PriceType,
} from '@chatpay/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { users } from '../user/index.ts';
import { isOnlineNow } from './presence.ts';
import { percentOf } from './rates.ts';
import { statsOf } from './stats.ts';
import { c2cAds, c2cFeedback, c2cMerchants, type c2cOrderEvents, c2cOrders } from './tables.ts';
import { trustedAmong } from './trusted.ts';

export type AdRow = typeof c2cAds.$inferSelect;
export type OrderRow = typeof c2cOrders.$inferSelect;
export type EventRow = typeof c2cOrderEvents.$inferSelect;

export const OPEN_STATUSES: OrderStatus[] = ['pending', 'payment', 'appealing'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Ads with their owner's name, avatar, 30-day stats, open order count, whether the owner is online now and
 * whether the viewer marked them as trusted.
 */
export const presentAds = async (
  exec: Executor,
  rows: AdRow[],
  view: { viewerId?: number; now?: Date } = {},
): Promise<Ad[]> => {
  if (rows.length === 0) return [];
  const owners = [...new Set(rows.map((r) => r.userId))];
  const now = view.now ?? new Date();
  const [people, stats, open, trusted] = await Promise.all([
    exec
      .select({
        id: users.id,
        nickName: users.nickName,
        avatar: users.avatar,
        name: c2cMerchants.name,
        online: c2cMerchants.online,
        hoursFrom: c2cMerchants.hoursFrom,
        hoursTo: c2cMerchants.hoursTo,
      })
      .from(users)
      .leftJoin(c2cMerchants, eq(c2cMerchants.userId, users.id))
      .where(inArray(users.id, owners)),
    statsOf(exec, owners),
    exec
      .select({ adId: c2cOrders.adId, n: sql<number>`count(*)::int` })
      .from(c2cOrders)
      .where(
        and(
          inArray(
            c2cOrders.adId,
            rows.map((r) => r.id),
          ),
          inArray(c2cOrders.status, OPEN_STATUSES),
        ),
      )
      .groupBy(c2cOrders.adId),
    view.viewerId === undefined ? new Set<number>() : trustedAmong(exec, view.viewerId, owners),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const openBy = new Map(open.map((o) => [o.adId, o.n]));
  return rows.map((r) => {
    const owner = byId.get(r.userId);
    return {
      id: r.id,
      type: r.type as AdType,
      status: r.status,
      paymentType: r.paymentType as PaymentType,
      paymentMethodId: r.paymentMethodId,
      priceType: r.priceType as PriceType,
      floatPercent: r.floatBp === null ? null : percentOf(r.floatBp),
      price: formatFiat(cents(r.price)),
      quantity: formatUsdt(micro(r.quantity)),
      remaining: formatUsdt(micro(r.remaining)),
      minLimit: formatFiat(cents(r.minLimit)),
      maxLimit: formatFiat(
        effectiveMax({ price: cents(r.price), remaining: micro(r.remaining), maxLimit: cents(r.maxLimit) }),
      ),
      timeLimit: r.timeLimit,
      terms: r.terms,
      autoReply: r.autoReply,
      useShare: r.useShare,
      requirements: { minOrders: r.takerMinOrders, minDays: r.takerMinDays },
      openOrders: openBy.get(r.id) ?? 0,
      merchant: {
        userId: r.userId,
        name: owner?.name || owner?.nickName || '',
        avatar: owner?.avatar ?? '',
        stats: stats.get(r.userId)!,
        online: owner?.online != null && isOnlineNow({ ...owner, online: owner.online }, now),
        trusted: trusted.has(r.userId),
      },
      createTime: r.createTime.toISOString(),
    };
  });
};

export type PresentedOrder = Omit<Order, 'role'>;

/** What orders show besides their own row: the parties, the ad's terms and the feedback left on them. */
interface OrderHydration {
  people: { userId: number; memberId: string; nickName: string; avatar: string }[];
  terms: Map<number, string>;
  feedback: (typeof c2cFeedback.$inferSelect)[];
}

const partiesOf = (exec: Executor, rows: OrderRow[]) =>
  exec
    .select({ userId: users.id, memberId: users.memberId, nickName: users.nickName, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))]));

/** Orders as the contract shows them (both countdowns from `now`); `role` is added per viewer. */
export const presentOrders = async (exec: Executor, rows: OrderRow[], now: Date) => {
  if (rows.length === 0) return [];
  const [people, ads, feedback] = await Promise.all([
    partiesOf(exec, rows),
    exec
      .select({ id: c2cAds.id, terms: c2cAds.terms })
      .from(c2cAds)
      .where(
        inArray(
          c2cAds.id,
          rows.map((r) => r.adId),
        ),
      ),
    exec
      .select()
      .from(c2cFeedback)
      .where(
        inArray(
          c2cFeedback.orderId,
          rows.map((r) => r.id),
        ),
      ),
  ]);
  return present(rows, { people, terms: new Map(ads.map((a) => [a.id, a.terms])), feedback }, now);
};

/**
 * An order its start just wrote, on the ad row the start committed against: the terms are that ad's and
 * nobody left feedback yet, so only the parties are read (two statements less per start).
 */
export const presentStartedOrder = async (exec: Executor, row: OrderRow, ad: AdRow, now: Date) => {
  const people = await partiesOf(exec, [row]);
  return present([row], { people, terms: new Map([[ad.id, ad.terms]]), feedback: [] }, now)[0]!;
};

const present = (rows: OrderRow[], { people, terms, feedback }: OrderHydration, now: Date) => {
  const said = new Map(
    feedback.map((f) => [
      `${f.orderId}:${f.fromUserId}`,
      { positive: f.positive, comment: f.comment, createTime: f.createTime.toISOString() },
    ]),
  );
  const person = new Map(people.map((p) => [p.userId, p]));
  const left = (deadline: Date | null) =>
    deadline ? Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000)) : 0;
  return rows.map(
    (r): PresentedOrder => ({
      orderId: r.id,
      orderNo: r.orderNo,
      adId: r.adId,
      type: r.type as AdType,
      status: r.status as OrderStatus,
      buyer: person.get(r.buyerId)!,
      seller: person.get(r.sellerId)!,
      price: formatFiat(cents(r.price)),
      amountCoin: formatUsdt(micro(r.amountCoin)),
      amountFiat: formatFiat(cents(r.amountFiat)),
      charge: formatUsdt(micro(r.charge)),
      receive: formatUsdt(micro(r.amountCoin - r.charge)),
      paymentType: r.paymentType as PaymentType,
      payee: r.payee,
      sessionId: r.sessionId,
      createTime: r.createTime.toISOString(),
      paymentDeadline: r.paymentDeadline.toISOString(),
      paymentTime: iso(r.paymentTime),
      releaseDeadline: iso(r.releaseDeadline),
      completedTime: iso(r.completedTime),
      canceledTime: iso(r.canceledTime),
      cancelReason: r.cancelReason,
      payTimeLeft: r.status === 'pending' ? left(r.paymentDeadline) : 0,
      releaseTimeLeft: r.status === 'payment' ? left(r.releaseDeadline) : 0,
      appealBy: r.appealBy,
      appealReason: r.appealReason,
      appealReasonCode: r.appealReasonCode,
      appealProof: r.appealProof,
      resolutionNote: r.resolutionNote,
      terms: terms.get(r.adId) ?? '',
      buyerFeedback: said.get(`${r.id}:${r.buyerId}`) ?? null,
      sellerFeedback: said.get(`${r.id}:${r.sellerId}`) ?? null,
    }),
  );
};

export const roleOf = (r: OrderRow, userId: number): 'buyer' | 'seller' =>
  r.buyerId === userId ? 'buyer' : 'seller';

export const presentEvent = (e: EventRow) => ({
  id: e.id,
  kind: e.kind,
  fromStatus: e.fromStatus,
  toStatus: e.toStatus,
  actorId: e.actorId,
  note: e.note,
  createTime: e.createTime.toISOString(),
});
