import {
  type Ad,
  type AdType,
  cents,
  effectiveMax,
  formatFiat,
  formatUsdt,
  KYC_LEVEL_FOR,
  micro,
  type Order,
  type OrderStatus,
  type PaymentType,
  type PriceType,
} from '@chatpay/shared';
import type { AdHydration, OrderHydration } from './hydrate.ts';
import { orderActions } from './policies.ts';
import { isOnlineNow } from './presence.ts';
import { percentOf } from './rates.ts';
import type { AdRow, EventRow, OrderRow } from './tables.ts';

/**
 * Rows as the contract shows them. A presenter only shapes: what it needs besides the rows comes from a
 * hydration (hydrate.ts), and what a member may do from the rules in policies.ts.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Ads with their owner's name, avatar, 30-day stats, open order count, whether the owner is online now and
 * whether the viewer marked them as trusted.
 */
export const presentAds = (rows: AdRow[], h: AdHydration, now: Date): Ad[] =>
  rows.map((r) => {
    const owner = h.owners.get(r.userId);
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
      requirements: {
        minOrders: r.takerMinOrders,
        minDays: r.takerMinDays,
        minLevel: Math.max(r.takerMinLevel, KYC_LEVEL_FOR.c2c),
      },
      openOrders: h.openOrders.get(r.id) ?? 0,
      merchant: {
        userId: r.userId,
        name: owner?.name || owner?.nickName || '',
        avatar: owner?.avatar ?? '',
        stats: h.stats.get(r.userId)!,
        online: owner?.online != null && isOnlineNow({ ...owner, online: owner.online }, now),
        trusted: h.trusted.has(r.userId),
      },
      createTime: r.createTime.toISOString(),
    };
  });

/** An order as anyone with access sees it (support, the merchant API): without a viewer's role or actions. */
export type PresentedOrder = Omit<Order, 'role' | 'actions'>;

/** Orders as the contract shows them, both countdowns from `now`. */
export const presentOrders = (
  rows: OrderRow[],
  { people, terms, feedback }: OrderHydration,
  now: Date,
): PresentedOrder[] => {
  const said = new Map(
    feedback.map((f) => [
      `${f.orderId}:${f.fromUserId}`,
      { positive: f.positive, comment: f.comment, createTime: f.createTime.toISOString() },
    ]),
  );
  const person = new Map(people.map(({ realName, ...p }) => [p.userId, { party: p, realName }] as const));
  const left = (deadline: Date | null) =>
    deadline ? Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000)) : 0;
  return rows.map(
    (r): PresentedOrder => ({
      orderId: r.id,
      orderNo: r.orderNo,
      adId: r.adId,
      type: r.type as AdType,
      status: r.status as OrderStatus,
      buyer: person.get(r.buyerId)!.party,
      seller: person.get(r.sellerId)!.party,
      buyerRealName: person.get(r.buyerId)!.realName,
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

/** Orders as their party `userId` sees them: their side and what they may do now (policies.ts). */
export const presentOrdersFor = (rows: OrderRow[], h: OrderHydration, now: Date, userId: number): Order[] =>
  presentOrders(rows, h, now).map((o, i) => ({
    ...o,
    role: roleOf(rows[i]!, userId),
    actions: orderActions(rows[i]!, userId, now),
  }));

export const presentEvent = (e: EventRow) => ({
  id: e.id,
  kind: e.kind,
  fromStatus: e.fromStatus,
  toStatus: e.toStatus,
  actorId: e.actorId,
  note: e.note,
  createTime: e.createTime.toISOString(),
});
