import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appGoods } from '../app/tables.ts';
import { users } from '../user/tables.ts';

/**
 * A payment order at the pay desk (docs/design/paydesk.md): goods bought by a member (payee = the system
 * `paydesk` account, `payee_id` null) or a merchant's checkout (payee = the merchant). `user_id` is the payer:
 * the creating member for goods, whoever paid for a merchant order (null while unpaid).
 */
export const payOrders = pgTable(
  'pay_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id').references(() => users.id),
    requestId: text('request_id'),
    goodsId: integer('goods_id').references(() => appGoods.id),
    goodsName: text('goods_name').notNull().default(''),
    goodsImage: text('goods_image').notNull().default(''),
    payeeId: integer('payee_id').references(() => users.id),
    merchantRef: text('merchant_ref'),
    description: text('description').notNull().default(''),
    notifyUrl: text('notify_url').notNull().default(''),
    returnUrl: text('return_url').notNull().default(''),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    refunded: bigint('refunded', { mode: 'bigint' }).notNull().default(sql`0`),
    /** unpaid | paid | partially_refunded | refunded | closed (an unpaid order past expire_time is closed) */
    status: text('status').notNull().default('unpaid'),
    entryId: bigint('entry_id', { mode: 'number' }),
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
    paidTime: timestamp('paid_time', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_orders_order_no_key').on(t.orderNo),
    uniqueIndex('pay_orders_user_request_key').on(t.userId, t.requestId),
    uniqueIndex('pay_orders_payee_ref_key').on(t.payeeId, t.merchantRef),
    index('pay_orders_user_idx').on(t.userId, t.id),
    // Whether an upload is a paid order's goods picture (modules/uploads/references.ts).
    index('pay_orders_goods_image_idx').on(t.goodsImage),
    check('pay_orders_amount', sql`${t.amount} > 0`),
    check('pay_orders_refunded', sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.amount}`),
  ],
);

/** One refund of a paid merchant order; `refund_ref` is the merchant's idempotency key for it. */
export const payRefunds = pgTable(
  'pay_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => payOrders.id),
    refundRef: text('refund_ref').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull().default(''),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pay_refunds_order_ref_key').on(t.orderId, t.refundRef),
    check('pay_refunds_amount', sql`${t.amount} > 0`),
  ],
);
