import { type OrderStatus, orderPage } from '@chatpay/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import type { Realtime } from '../../realtime/socket.ts';
import type { OrderRow } from './present.ts';
import { c2cOrders } from './tables.ts';

/** My orders whose last event is newer than my last look. */
export const unreadCount = async (exec: Executor, userId: number) => {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(c2cOrders)
    .where(
      or(
        and(
          eq(c2cOrders.buyerId, userId),
          sql`${c2cOrders.lastEventTime} > coalesce(${c2cOrders.buyerSeenTime}, 'epoch'::timestamptz)`,
        ),
        and(
          eq(c2cOrders.sellerId, userId),
          sql`${c2cOrders.lastEventTime} > coalesce(${c2cOrders.sellerSeenTime}, 'epoch'::timestamptz)`,
        ),
      ),
    );
  return row?.n ?? 0;
};

/** After the commit: the new status and each party's unread count, to both parties' sockets. */
export const emitOrder = async (exec: Executor, realtime: Realtime, order: OrderRow) => {
  const payload = { orderId: order.id, status: order.status as OrderStatus, page: orderPage(order.id) };
  for (const userId of [order.buyerId, order.sellerId]) {
    realtime.emitToUser(userId, 'onC2COrderStatus', payload);
    realtime.emitToUser(userId, 'onC2COrderUnread', { count: await unreadCount(exec, userId) });
  }
};
