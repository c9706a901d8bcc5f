import { ErrorCode } from '@chatpay/shared';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { TicketTargetPort } from '../../http/ports.ts';
import { AppError } from '../../lib/errors.ts';
import { c2cOrders } from './tables.ts';

/** A complaint about an order: only by its buyer or seller; support sees its number. */
export const orderTicketTarget: TicketTargetPort = {
  assertVisible: async (exec, userId, id) => {
    const [row] = await exec
      .select({ id: c2cOrders.id })
      .from(c2cOrders)
      .where(and(eq(c2cOrders.id, id), or(eq(c2cOrders.buyerId, userId), eq(c2cOrders.sellerId, userId))));
    if (!row) throw new AppError(ErrorCode.OrderNotFound);
  },
  describe: async (exec, ids) => {
    if (ids.length === 0) return new Map();
    const rows = await exec
      .select({ id: c2cOrders.id, orderNo: c2cOrders.orderNo })
      .from(c2cOrders)
      .where(inArray(c2cOrders.id, ids));
    return new Map(rows.map((r) => [r.id, r.orderNo]));
  },
};
