import { formatUsdt, micro, type PayOrder, type PayOrderStatus } from '@chatpay/shared';
import type { payOrders } from '../tables.ts';

export type PayOrderRow = typeof payOrders.$inferSelect;

/** An order as the cashier shows it; an unpaid order past its expiry is closed even before anything wrote so. */
export const presentOrder = (row: PayOrderRow, now: Date): PayOrder => ({
  orderNo: row.orderNo,
  goods: { id: row.goodsId, name: row.goodsName, image: row.goodsImage },
  amount: formatUsdt(micro(row.amount)),
  status: (row.status === 'unpaid' && row.expireTime <= now ? 'closed' : row.status) as PayOrderStatus,
  createTime: row.createTime.toISOString(),
  paidTime: row.paidTime ? row.paidTime.toISOString() : null,
  expireTime: row.expireTime.toISOString(),
});
