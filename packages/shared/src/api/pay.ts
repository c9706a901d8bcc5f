import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { pin } from './user.ts';
import { requestId } from './wallet.ts';

const PAY = '/app/app/pay';

/** An unpaid pay-desk order closes this long after it was created. */
export const PAY_ORDER_TTL_SECONDS = 30 * 60;

export const payOrderStatuses = ['unpaid', 'paid', 'closed'] as const;
export type PayOrderStatus = (typeof payOrderStatuses)[number];

const orderNo = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, 'Letters and digits only');

/** A purchase at the pay desk (cashier); the price is copied from the goods when the order is created. */
export const payOrder = z.object({
  orderNo: z.string(),
  goods: z.object({ id: z.number().int(), name: z.string(), image: z.string() }),
  amount: z.string(),
  status: z.enum(payOrderStatuses),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  /** An unpaid order closes at this time. */
  expireTime: z.string(),
});
export type PayOrder = z.infer<typeof payOrder>;

export const payDeskApi = {
  create: endpoint({
    method: 'POST',
    path: `${PAY}/create`,
    auth: 'user',
    summary: 'Open an order for goods at the pay desk (idempotent by requestId); pay it within 30 minutes',
    input: z.object({ goodsId: z.coerce.number().int().positive().max(2_147_483_647), requestId }),
    output: payOrder,
    errors: [ErrorCode.IdempotencyConflict, ErrorCode.GoodsNotFound],
  }),
  pay: endpoint({
    method: 'POST',
    path: `${PAY}/pay`,
    auth: 'user',
    summary: 'Pay my order from my wallet with the PIN; an order is paid once at most',
    input: z.object({ orderNo, pin }),
    output: payOrder,
    errors: [
      ErrorCode.WrongPin,
      ErrorCode.PinLocked,
      ErrorCode.InsufficientBalance,
      ErrorCode.PayOrderNotFound,
      ErrorCode.PayOrderPaid,
      ErrorCode.PayOrderClosed,
      ErrorCode.PinNotSet,
    ],
  }),
  info: endpoint({
    method: 'GET',
    path: `${PAY}/info`,
    auth: 'user',
    summary: 'One of my pay-desk orders',
    input: z.object({ orderNo }),
    output: payOrder,
    errors: [ErrorCode.PayOrderNotFound],
  }),
  page: endpoint({
    method: 'POST',
    path: `${PAY}/page`,
    auth: 'user',
    summary: 'My pay-desk orders, newest first',
    input: pageInput.extend({ status: z.enum(payOrderStatuses).optional() }),
    output: pageOf(payOrder),
  }),
};
