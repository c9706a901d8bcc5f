import {
  formatUsdt,
  type MerchantPayOrder,
  micro,
  type PayOrder,
  type PayOrderStatus,
} from '@chatpay/shared';
import type { GoodsGrantRow } from '../app/index.ts';
import type { payOrders, payRefunds } from './tables.ts';

export type PayOrderRow = typeof payOrders.$inferSelect;
export type PayRefundRow = typeof payRefunds.$inferSelect;

const usdt = (amount: bigint) => formatUsdt(micro(amount));

/** An unpaid order past its expiry is closed even before anything wrote so. */
export const statusOf = (row: PayOrderRow, now: Date): PayOrderStatus =>
  (row.status === 'unpaid' && row.expireTime <= now ? 'closed' : row.status) as PayOrderStatus;

/** What the caller hydrated for an order: the shop's name, the goods' texts in the member's language, the grant. */
export interface OrderExtras {
  merchantName?: string | null;
  goodsText?: { name: string; description: string } | undefined;
  grant?: GoodsGrantRow | undefined;
}

/** An order as the cashier shows it to a member. */
export const presentOrder = (row: PayOrderRow, now: Date, extras: OrderExtras = {}): PayOrder => ({
  orderNo: row.orderNo,
  goods:
    row.goodsId === null
      ? null
      : {
          id: row.goodsId,
          name: extras.goodsText?.name || row.goodsName,
          description: extras.goodsText?.description ?? '',
          image: row.goodsImage,
        },
  granted: extras.grant
    ? {
        kind: extras.grant.kind as 'vip' | 'deposit',
        days: extras.grant.days,
        endTime: extras.grant.endTime ? extras.grant.endTime.toISOString() : null,
      }
    : null,
  merchant: row.payeeId === null ? null : { name: extras.merchantName ?? '' },
  description: row.description,
  amount: usdt(row.amount),
  refunded: usdt(row.refunded),
  returnUrl: row.returnUrl || null,
  status: statusOf(row, now),
  createTime: row.createTime.toISOString(),
  paidTime: row.paidTime ? row.paidTime.toISOString() : null,
  expireTime: row.expireTime.toISOString(),
});

/** An order as its merchant sees it (signed API); the payer is named by public member id only. */
export const presentMerchantOrder = (
  row: PayOrderRow,
  now: Date,
  payerMemberId: string | null,
  refunds: readonly PayRefundRow[],
): MerchantPayOrder => ({
  orderNo: row.orderNo,
  merchantOrderRef: row.merchantRef ?? '',
  description: row.description,
  amount: usdt(row.amount),
  refunded: usdt(row.refunded),
  status: statusOf(row, now),
  payerMemberId,
  notifyUrl: row.notifyUrl || null,
  returnUrl: row.returnUrl || null,
  createTime: row.createTime.toISOString(),
  paidTime: row.paidTime ? row.paidTime.toISOString() : null,
  expireTime: row.expireTime.toISOString(),
  refunds: refunds.map((r) => ({
    refundRef: r.refundRef,
    amount: usdt(r.amount),
    reason: r.reason,
    createTime: r.createTime.toISOString(),
  })),
});
