import { type OrderStatus, orderPage } from '@chatpay/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { c2cOrders, type OrderRow } from './tables.ts';

/** An order of `userId` whose last event is newer than their last look. */
const unreadBy = (userId: number) =>
  or(
    and(
      eq(c2cOrders.buyerId, userId),
      sql`${c2cOrders.lastEventTime} > coalesce(${c2cOrders.buyerSeenTime}, 'epoch'::timestamptz)`,
    ),
    and(
      eq(c2cOrders.sellerId, userId),
      sql`${c2cOrders.lastEventTime} > coalesce(${c2cOrders.sellerSeenTime}, 'epoch'::timestamptz)`,
    ),
  );

/** Each member's count of unread orders, in one statement (an order's two parties after every event). */
export const unreadCounts = async (exec: Executor, userIds: number[]): Promise<number[]> => {
  const columns = Object.fromEntries(
    userIds.map((userId, i) => [`n${i}`, sql<number>`(count(*) filter (where ${unreadBy(userId)}))::int`]),
  );
  const [row] = await exec
    .select(columns)
    .from(c2cOrders)
    .where(or(inArray(c2cOrders.buyerId, userIds), inArray(c2cOrders.sellerId, userIds)));
  return userIds.map((_, i) => Number(row?.[`n${i}`] ?? 0));
};

/** My orders whose last event is newer than my last look. */
export const unreadCount = async (exec: Executor, userId: number) => (await unreadCounts(exec, [userId]))[0]!;

/** After the commit: the new status and each party's unread count, to both parties' sockets. */
export const emitOrder = async (exec: Executor, realtime: Realtime, order: OrderRow) => {
  const payload = { orderId: order.id, status: order.status as OrderStatus, page: orderPage(order.id) };
  const parties = [order.buyerId, order.sellerId];
  const counts = await unreadCounts(exec, parties);
  parties.forEach((userId, i) => {
    realtime.emitToUser(userId, 'onC2COrderStatus', payload);
    realtime.emitToUser(userId, 'onC2COrderUnread', { count: counts[i]! });
  });
};
