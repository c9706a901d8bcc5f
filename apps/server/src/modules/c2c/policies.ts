import type { OrderAction } from '@chatpay/shared';
import type { OrderRow } from './tables.ts';

/**
 * What a party may do to an order, decided here once: the services refuse by these rules and the presenter
 * shows them as the order's `actions` (docs/design/market.md, "Orders: state machine"), so a client never
 * derives them and cannot disagree with the server.
 */

/** The buyer can no longer mark a pending order paid: its payment deadline passed (before the sweeper runs). */
export const paymentDeadlinePassed = (o: Pick<OrderRow, 'paymentDeadline'>, now: Date) =>
  now > o.paymentDeadline;

/** The buyer of a paid order must still wait to appeal: the release countdown runs (the seller need not). */
export const releaseCountdownRuns = (o: Pick<OrderRow, 'releaseDeadline'>, now: Date) =>
  o.releaseDeadline !== null && now < o.releaseDeadline;

/**
 * The calls `userId` (a party) may make on the order at `now`: the buyer cancels or marks paid while pending;
 * in payment the seller appeals or releases, the buyer appeals once the release countdown is over. Nothing
 * on a finished or appealing order. In the order the order page shows them.
 */
export const orderActions = (
  o: Pick<OrderRow, 'status' | 'buyerId' | 'paymentDeadline' | 'releaseDeadline'>,
  userId: number,
  now: Date,
): OrderAction[] => {
  const buyer = o.buyerId === userId;
  if (o.status === 'pending') {
    if (!buyer) return [];
    return paymentDeadlinePassed(o, now) ? ['cancel'] : ['cancel', 'paid'];
  }
  if (o.status === 'payment') {
    if (!buyer) return ['appeal', 'release'];
    return releaseCountdownRuns(o, now) ? [] : ['appeal'];
  }
  return [];
};
