import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { usdtAmount } from '../money.ts';
import { goodsGrantKinds } from './goods.ts';
import { pin } from './user.ts';
import { requestId } from './wallet.ts';

const PAY = '/app/app/pay';

/** An unpaid goods order closes this long after it was created (a merchant order: the merchant chooses). */
export const PAY_ORDER_TTL_SECONDS = 30 * 60;
/** Bounds of a merchant order's `expireMinutes`. */
export const PAY_ORDER_MAX_MINUTES = 24 * 60;

export const payOrderStatuses = ['unpaid', 'paid', 'partially_refunded', 'refunded', 'closed'] as const;
export type PayOrderStatus = (typeof payOrderStatuses)[number];

const orderNo = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, 'Letters and digits only');

/** The cashier page of an order (hash route); absolute when the server knows its PUBLIC_URL. */
export const cashierPath = (orderNo: string) =>
  `#/uni_modules/uni-pay/pages/pay-desk/pay-desk?orderNo=${encodeURIComponent(orderNo)}`;

/**
 * An order at the pay desk (cashier), docs/design/paydesk.md: goods of the operator (`goods`, price copied at
 * creation) or a merchant's checkout (`merchant`, `description`). Refunds only exist for merchant orders.
 */
export const payOrder = z.object({
  orderNo: z.string(),
  /** The operator's goods, named in the asked `lang` (else English, else the name when bought). */
  goods: z
    .object({ id: z.number().int(), name: z.string(), description: z.string(), image: z.string() })
    .nullable(),
  /** What paying for these goods granted me; null while unpaid or when it grants nothing. */
  granted: z
    .object({
      kind: z.enum(goodsGrantKinds).exclude(['none']),
      days: z.number().int(),
      /** The VIP badge's end right after this purchase; null for a badge without end. */
      endTime: z.string().nullable(),
    })
    .nullable(),
  /** Who is asking: the merchant's shop name (null for the operator's goods). */
  merchant: z.object({ name: z.string() }).nullable(),
  description: z.string(),
  amount: z.string(),
  refunded: z.string(),
  /** Where the success page sends the payer back (http/https), or null. */
  returnUrl: z.string().nullable(),
  status: z.enum(payOrderStatuses),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  /** An unpaid order closes at this time. */
  expireTime: z.string(),
});
export type PayOrder = z.infer<typeof payOrder>;

/** The language goods are named in on a pay order (optional, like `comm/param?lang=`). */
const lang = z.enum(LOCALES).optional();

export const payDeskApi = {
  create: endpoint({
    method: 'POST',
    path: `${PAY}/create`,
    auth: 'user',
    summary: 'Open an order for goods at the pay desk (idempotent by requestId); pay it within 30 minutes',
    input: z.object({ goodsId: z.coerce.number().int().positive().max(2_147_483_647), requestId, lang }),
    output: payOrder,
    errors: [ErrorCode.IdempotencyConflict, ErrorCode.GoodsNotFound],
  }),
  pay: endpoint({
    method: 'POST',
    path: `${PAY}/pay`,
    auth: 'user',
    summary:
      'Pay an order from my wallet with the PIN: my goods order, or any open merchant order I have the link of; paid once at most',
    input: z.object({ orderNo, pin, lang }),
    output: payOrder,
    errors: [
      ErrorCode.OutflowHeld,
      ErrorCode.OutflowLimitReached,
      ErrorCode.WrongPin,
      ErrorCode.PinLocked,
      ErrorCode.InsufficientBalance,
      ErrorCode.PayOrderNotFound,
      ErrorCode.PayOrderPaid,
      ErrorCode.PayOrderClosed,
      ErrorCode.PinNotSet,
      ErrorCode.CannotTransferToSelf,
      // The shop's merchant status was revoked after the order was made.
      ErrorCode.MerchantNotFound,
    ],
  }),
  info: endpoint({
    method: 'GET',
    path: `${PAY}/info`,
    auth: 'user',
    summary: 'One of my pay-desk orders, or an open merchant order I have the link of',
    input: z.object({ orderNo, lang }),
    output: payOrder,
    errors: [ErrorCode.PayOrderNotFound],
  }),
  page: endpoint({
    method: 'POST',
    path: `${PAY}/page`,
    auth: 'user',
    summary: 'My pay-desk orders, newest first',
    input: pageInput.extend({ status: z.enum(payOrderStatuses).optional(), lang }),
    output: pageOf(payOrder),
  }),
};

const OPEN_PAY = '/open/pay';
const SIGNED_CALL = 'Merchant API, signed (docs/design/market.md, "Merchant API")';
const reference = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Letters, digits and _ . : - only');
const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .refine((u) => /^https?:\/\//i.test(u), 'An http or https URL');

/** A payment order as its merchant sees it. */
export const merchantPayOrder = z.object({
  orderNo: z.string(),
  merchantOrderRef: z.string(),
  description: z.string(),
  amount: z.string(),
  refunded: z.string(),
  status: z.enum(payOrderStatuses),
  /** The paying member's public member id, once paid. */
  payerMemberId: z.string().nullable(),
  notifyUrl: z.string().nullable(),
  returnUrl: z.string().nullable(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  expireTime: z.string(),
  refunds: z.array(
    z.object({ refundRef: z.string(), amount: z.string(), reason: z.string(), createTime: z.string() }),
  ),
});
export type MerchantPayOrder = z.infer<typeof merchantPayOrder>;

export const merchantPayApi = {
  create: endpoint({
    method: 'POST',
    path: `${OPEN_PAY}/order/create`,
    auth: 'merchant',
    summary: `${SIGNED_CALL}. Create a payment order; the same merchantOrderRef answers the same order. Answers the cashier link`,
    input: z.object({
      amount: usdtAmount,
      description: z.string().trim().min(1).max(200),
      merchantOrderRef: reference,
      expireMinutes: z.coerce.number().int().min(1).max(PAY_ORDER_MAX_MINUTES).default(30),
      notifyUrl: httpUrl.optional(),
      returnUrl: httpUrl.optional(),
    }),
    output: z.object({ cashierUrl: z.string(), order: merchantPayOrder }),
    errors: [ErrorCode.IdempotencyConflict],
  }),
  info: endpoint({
    method: 'GET',
    path: `${OPEN_PAY}/order/info`,
    auth: 'merchant',
    summary: `${SIGNED_CALL}. One of my payment orders, by orderNo or by my merchantOrderRef`,
    input: z
      .object({ orderNo: orderNo.optional(), merchantOrderRef: reference.optional() })
      .refine((v) => Boolean(v.orderNo) !== Boolean(v.merchantOrderRef), 'Give orderNo or merchantOrderRef'),
    output: merchantPayOrder,
    errors: [ErrorCode.PayOrderNotFound],
  }),
  refund: endpoint({
    method: 'POST',
    path: `${OPEN_PAY}/order/refund`,
    auth: 'merchant',
    summary: `${SIGNED_CALL}. Refund a paid order in full or in part from my balance (idempotent by refundRef)`,
    input: z.object({
      orderNo,
      refundRef: reference,
      amount: usdtAmount,
      reason: z.string().trim().max(200).default(''),
    }),
    output: merchantPayOrder,
    errors: [
      ErrorCode.PayOrderNotFound,
      ErrorCode.PayOrderNotPaid,
      ErrorCode.RefundExceedsPaid,
      ErrorCode.IdempotencyConflict,
      ErrorCode.InsufficientBalance,
    ],
  }),
};
