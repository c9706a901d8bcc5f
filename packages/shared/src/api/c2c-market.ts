import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok, pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { parseFiat, parseUsdt, usdtAmount } from '../money.ts';
import { c2cId, c2cMediaUrl, fiatAmount, merchantStats, paymentTypes } from './c2c.ts';
import { pin } from './user.ts';
import { requestId } from './wallet.ts';

/** C2C market contract, part 2: ads and orders (docs/design/market.md). */

const C2C = '/app/c2c';
const money = z.string();

/** At most this many images or videos prove an appeal. */
export const APPEAL_PROOF_MAX = 9;

export const adTypes = ['buy', 'sell'] as const;
export type AdType = (typeof adTypes)[number];
/** Ad status (docs/product.md#ads): 0 deleted, 1 active (on shelf), 2 inactive (taken down). */
export const AdStatus = { Deleted: 0, Active: 1, Inactive: 2 } as const;

/** Appeal reasons offered to the parties. */
export const appealReasons = ['not_received', 'paid_not_released', 'third_party', 'other'] as const;
export type AppealReason = (typeof appealReasons)[number];

export const orderStatuses = ['pending', 'payment', 'completed', 'appealing', 'canceled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** What a party may do to an order: cancel, mark paid, release the coins, appeal to support. */
export const orderActionNames = ['cancel', 'paid', 'release', 'appeal'] as const;
export type OrderAction = (typeof orderActionNames)[number];

/** The page an order status event opens (docs/product.md#navigation). */
export const orderPage = (orderId: number) => `/pages/c2c/detail?id=${orderId}`;

const minutes = z.coerce.number().int().min(5).max(180);
/** Bounds far inside the bigint columns: 1e9 USDT per ad, fiat amounts up to 1e10. */
const MAX_QUANTITY = parseUsdt('1000000000');
const MAX_FIAT = parseFiat('10000000000');
const boundedFiat = fiatAmount.refine((s) => {
  try {
    return parseFiat(s) <= MAX_FIAT;
  } catch {
    return true;
  }
}, 'At most 10,000,000,000.00');
const boundedQuantity = usdtAmount.refine((s) => {
  try {
    return parseUsdt(s) <= MAX_QUANTITY;
  } catch {
    return true;
  }
}, 'At most 1,000,000,000 USDT');

export const priceTypes = ['fixed', 'floating'] as const;
export type PriceType = (typeof priceTypes)[number];
const floatPercent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'A percent with at most 2 decimals')
  .refine((s) => Number(s) >= 50 && Number(s) <= 200, 'Between 50 and 200 percent');

export const adInput = z.object({
  type: z.enum(adTypes),
  /** One of my payment methods: for a sell ad where I am paid, for a buy ad the method I pay by. */
  paymentMethodId: c2cId,
  /** fixed: `price`; floating: `floatPercent` of the reference rate, re-priced when the rate changes. */
  priceType: z.enum(priceTypes).default('fixed'),
  /** Fiat per 1 USDT; required for a fixed price, ignored for a floating one. */
  price: boundedFiat.optional(),
  /** Floating: percent of the reference rate, 50.00-200.00 (2 decimals). */
  floatPercent: floatPercent.optional(),
  /** Publish: the total to trade. Update: what is left to trade from now on. */
  quantity: boundedQuantity,
  minLimit: boundedFiat,
  maxLimit: boundedFiat,
  timeLimit: minutes,
  terms: z.string().trim().max(1000).default(''),
  /** Posted by me into each new order's chat as a welcome message ('' = none). */
  autoReply: z.string().trim().max(500).default(''),
  /** true: split (any amount within the limits); false: full (one order takes the whole remaining). */
  useShare: z.boolean().default(true),
  /** Takers need at least this many completed orders (0 = anyone). */
  takerMinOrders: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Takers' accounts must be at least this many days old (0 = anyone). */
  takerMinDays: z.coerce.number().int().min(0).max(3650).default(0),
  /**
   * Takers' identity verification level (docs/design/identity.md): every order needs level 1 already, so 2
   * (address verified too) is the one that asks more; 0 and 1 add nothing.
   */
  takerMinLevel: z.coerce.number().int().min(0).max(2).default(0),
});
export type AdInput = z.input<typeof adInput>;

export const adMerchant = z.object({
  userId: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  stats: merchantStats,
  /** Online now: the merchant's switch is on and now is within their business hours. */
  online: z.boolean(),
  /** I marked this merchant as trusted. */
  trusted: z.boolean(),
});

export const ad = z.object({
  id: z.number().int(),
  type: z.enum(adTypes),
  status: z.number().int(),
  paymentType: z.enum(paymentTypes),
  paymentMethodId: z.number().int(),
  priceType: z.enum(priceTypes),
  /** Floating ads: the percent of the reference rate ("101.5"); null for fixed. */
  floatPercent: z.string().nullable(),
  price: money,
  quantity: money,
  remaining: money,
  minLimit: money,
  /** The most one order can take now: the smaller of the max limit and what the remaining is worth. */
  maxLimit: money,
  timeLimit: z.number().int(),
  terms: z.string(),
  autoReply: z.string(),
  useShare: z.boolean(),
  /** What a taker needs (docs/design/market.md, "Ad-posting gates and taker requirements"). */
  requirements: z.object({
    minOrders: z.number().int(),
    minDays: z.number().int(),
    /** The verification level a taker needs (at least the market's own, level 1). */
    minLevel: z.number().int(),
  }),
  openOrders: z.number().int(),
  merchant: adMerchant,
  createTime: z.string(),
});
export type Ad = z.infer<typeof ad>;

const adRef = z.object({ id: c2cId });

export const advertisingApi = {
  publish: endpoint({
    method: 'POST',
    path: `${C2C}/advertising/publish`,
    auth: 'user',
    summary: 'Merchant: post a buy or sell ad; a sell ad freezes its quantity from my balance',
    input: adInput,
    output: ad,
    errors: [
      ErrorCode.InsufficientBalance,
      ErrorCode.NotMerchant,
      ErrorCode.PaymentMethodNotFound,
      ErrorCode.InvalidAdLimits,
      ErrorCode.AdPostingNotAllowed,
      ErrorCode.TradingSuspended,
    ],
  }),
  update: endpoint({
    method: 'POST',
    path: `${C2C}/advertising/update`,
    auth: 'user',
    summary: 'Merchant: change an ad with no open orders (a sell ad freezes or unfreezes the difference)',
    input: adInput.extend({ id: c2cId }),
    output: ad,
    errors: [ErrorCode.NotMerchant, ErrorCode.AdNotFound, ErrorCode.AdHasOpenOrders],
  }),
  close: endpoint({
    method: 'POST',
    path: `${C2C}/advertising/close`,
    auth: 'user',
    summary: 'Merchant: take an ad down (status 2); a sell ad unfreezes its remaining',
    input: adRef,
    output: ad,
    errors: [ErrorCode.AdNotFound, ErrorCode.AdNotActive],
  }),
  uploadAd: endpoint({
    method: 'POST',
    path: `${C2C}/advertising/uploadAd`,
    auth: 'user',
    summary: 'Merchant: put a taken-down ad up again (status 1); a sell ad freezes its remaining again',
    input: adRef,
    output: ad,
    errors: [
      ErrorCode.NotMerchant,
      ErrorCode.AdNotFound,
      ErrorCode.AdPostingNotAllowed,
      ErrorCode.TradingSuspended,
    ],
  }),
  delete: endpoint({
    method: 'POST',
    path: `${C2C}/advertising/delete`,
    auth: 'user',
    summary: 'Merchant: delete an ad for good (status 0); frozen coins go back, open orders finish normally',
    input: adRef,
    output: ok,
    errors: [ErrorCode.AdNotFound],
  }),
  page: endpoint({
    method: 'POST',
    path: `${C2C}/advertising/page`,
    auth: 'user',
    summary: 'The market: active ads with quantity left, by side, payment type and a fiat amount they accept',
    input: pageInput.extend({
      /** The ad's side: `sell` ads are where I buy. */
      type: z.enum(adTypes),
      paymentType: z.enum(paymentTypes).optional(),
      amount: boundedFiat.optional(),
      /** Only ads of traders I marked as trusted. */
      trusted: z.coerce.boolean().optional(),
    }),
    output: pageOf(ad),
  }),
  myPage: endpoint({
    method: 'POST',
    path: `${C2C}/advertising/myPage`,
    auth: 'user',
    summary: 'My ads (active and taken down), newest first',
    input: pageInput.extend({ status: z.coerce.number().int().min(1).max(2).optional() }),
    output: pageOf(ad),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${C2C}/advertising/detail`,
    auth: 'user',
    summary: 'One ad of the market (to place an order)',
    input: adRef,
    output: ad,
    errors: [ErrorCode.AdNotFound],
  }),
  info: endpoint({
    method: 'GET',
    path: `${C2C}/advertising/info`,
    auth: 'user',
    summary: 'One of my ads, whatever its status',
    input: adRef,
    output: ad,
    errors: [ErrorCode.AdNotFound],
  }),
  rate: endpoint({
    method: 'GET',
    path: `${C2C}/advertising/rate`,
    auth: 'user',
    summary: 'The reference fiat rate of 1 USDT',
    input: z.object({}),
    output: z.object({ fiat: z.string(), rate: money }),
  }),
};

// ---- orders -------------------------------------------------------------------------------------

export const orderEvent = z.object({
  id: z.number().int(),
  kind: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actorId: z.number().int().nullable(),
  note: z.string(),
  createTime: z.string(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

/** A side of an order; `memberId` opens a chat with them (sessionApi.toMccId) without being friends. */
const party = z.object({
  userId: z.number().int(),
  memberId: z.string(),
  nickName: z.string(),
  avatar: z.string(),
});

/** One side's feedback on a completed order (docs/design/market.md, "Feedback"). */
export const orderFeedback = z.object({
  positive: z.boolean(),
  comment: z.string(),
  createTime: z.string(),
});
export type OrderFeedback = z.infer<typeof orderFeedback>;

/** The public order number members see: 18 digits (YYMMDD and 12 random ones), never 1, 2, 3. */
export const orderNo = z.string().regex(/^\d{18}$/, 'An 18-digit order number');

export const order = z.object({
  /** The order id (docs/product.md#orders); pages and calls take it as `id`. */
  orderId: z.number().int(),
  orderNo: z.string(),
  adId: z.number().int(),
  type: z.enum(adTypes),
  status: z.enum(orderStatuses),
  /** My side of the order. */
  role: z.enum(['buyer', 'seller']),
  /**
   * What I may do to the order now, as the server's rules decide it (docs/design/market.md, "Orders: state
   * machine"), in the order the page shows them. Time changes it: read the order again when a countdown ends.
   */
  actions: z.array(z.enum(orderActionNames)),
  buyer: party,
  seller: party,
  /**
   * The buyer's verified legal name (docs/design/identity.md): the seller checks that the payment came from
   * an account in this name before releasing. Null when the buyer is not verified (an order from before identity verification).
   */
  buyerRealName: z.string().nullable(),
  price: money,
  amountCoin: money,
  amountFiat: money,
  charge: money,
  /** What the buyer receives on release: amountCoin − charge. */
  receive: money,
  paymentType: z.enum(paymentTypes),
  /** The seller's payee details, copied at start. */
  payee: z.record(z.string(), z.string()),
  sessionId: z.number().int().nullable(),
  createTime: z.string(),
  paymentDeadline: z.string(),
  paymentTime: z.string().nullable(),
  releaseDeadline: z.string().nullable(),
  completedTime: z.string().nullable(),
  canceledTime: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Seconds left to pay (pending) and before the buyer may appeal (payment); 0 when not running. */
  payTimeLeft: z.number().int(),
  releaseTimeLeft: z.number().int(),
  appealBy: z.number().int().nullable(),
  appealReason: z.string(),
  /** One of appealReasons, '' before an appeal. */
  appealReasonCode: z.string(),
  appealProof: z.array(z.string()),
  resolutionNote: z.string(),
  terms: z.string(),
  /** What the buyer said about the seller, and the seller about the buyer; null until given. */
  buyerFeedback: orderFeedback.nullable(),
  sellerFeedback: orderFeedback.nullable(),
});
export type Order = z.infer<typeof order>;

/** An order call's `id` (docs/product.md#api): the order id, or the public order number a member sees. */
export const orderKey = z.union([orderNo, c2cId]);
export type OrderKey = z.infer<typeof orderKey>;
const orderRef = z.object({ id: orderKey });

const amountChoice = {
  amountCoin: boundedQuantity.optional(),
  amountFiat: boundedFiat.optional(),
};
const oneAmount = <T extends { amountCoin?: string | undefined; amountFiat?: string | undefined }>(v: T) =>
  (v.amountCoin === undefined) !== (v.amountFiat === undefined);
const oneAmountIssue = { message: 'Give amountCoin or amountFiat', path: ['amountCoin'] };

export const orderQuote = z.object({
  adId: z.number().int(),
  price: money,
  amountCoin: money,
  amountFiat: money,
  /** The fee in USDT, paid by the buyer at release. */
  charge: money,
  receive: money,
  feePercent: z.string(),
});
export type OrderQuote = z.infer<typeof orderQuote>;

export const transactionApi = {
  quote: endpoint({
    method: 'GET',
    path: `${C2C}/transaction/quote`,
    auth: 'user',
    summary: 'Before confirming: the coins, fiat, fee and what the buyer receives, checked like start',
    input: z.object({ adId: c2cId, ...amountChoice }).refine(oneAmount, oneAmountIssue),
    output: orderQuote,
    errors: [
      ErrorCode.AdNotFound,
      ErrorCode.AdNotActive,
      ErrorCode.CannotTradeWithSelf,
      ErrorCode.Blocked,
      ErrorCode.AmountOutOfLimits,
      ErrorCode.TakerRequirementNotMet,
      ErrorCode.VerificationRequired,
    ],
  }),
  start: endpoint({
    method: 'POST',
    path: `${C2C}/transaction/start`,
    auth: 'user',
    summary:
      'Place an order on an ad by coin amount or fiat amount; selling into a buy ad needs my payment method and PIN',
    input: z
      .object({
        adId: c2cId,
        ...amountChoice,
        paymentMethodId: c2cId.optional(),
        pin: pin.optional(),
        /** The client's idempotency key: a retried start answers the order the first one made. */
        requestId: requestId.optional(),
      })
      .refine(oneAmount, oneAmountIssue),
    output: order,
    errors: [
      ErrorCode.OutflowHeld,
      ErrorCode.OutflowLimitReached,
      ErrorCode.Blocked,
      ErrorCode.WrongPin,
      ErrorCode.InsufficientBalance,
      ErrorCode.AmountBelowMinimum,
      ErrorCode.IdempotencyConflict,
      ErrorCode.AdNotFound,
      ErrorCode.AdNotActive,
      ErrorCode.AmountOutOfLimits,
      ErrorCode.ExceedsRemaining,
      ErrorCode.CannotTradeWithSelf,
      ErrorCode.CancelLimitReached,
      ErrorCode.PaymentMethodMismatch,
      ErrorCode.DailyOrderLimitReached,
      ErrorCode.TooManyOpenOrders,
      ErrorCode.TakerRequirementNotMet,
      ErrorCode.VerificationRequired,
      ErrorCode.TradingSuspended,
      ErrorCode.PinNotSet,
      ErrorCode.PinLocked,
    ],
  }),
  payment: endpoint({
    method: 'POST',
    path: `${C2C}/transaction/payment`,
    auth: 'user',
    summary: 'Buyer: I have paid (before the payment deadline); starts the release countdown',
    input: orderRef,
    output: order,
    errors: [
      ErrorCode.OrderNotFound,
      ErrorCode.OrderStatusInvalid,
      ErrorCode.WrongOrderParty,
      ErrorCode.PaymentDeadlinePassed,
    ],
  }),
  completed: endpoint({
    method: 'POST',
    path: `${C2C}/transaction/completed`,
    auth: 'user',
    summary: 'Seller: payment received, release the coins to the buyer (PIN)',
    input: orderRef.extend({ pin }),
    output: order,
    errors: [
      ErrorCode.OutflowHeld,
      ErrorCode.OutflowLimitReached,
      ErrorCode.WrongPin,
      ErrorCode.OrderNotFound,
      ErrorCode.OrderStatusInvalid,
      ErrorCode.WrongOrderParty,
      ErrorCode.PinNotSet,
      ErrorCode.PinLocked,
    ],
  }),
  canceled: endpoint({
    method: 'POST',
    path: `${C2C}/transaction/canceled`,
    auth: 'user',
    summary: 'Buyer: cancel a pending order; the coins go back to the seller',
    input: orderRef,
    output: order,
    errors: [ErrorCode.OrderNotFound, ErrorCode.OrderStatusInvalid, ErrorCode.WrongOrderParty],
  }),
  appealing: endpoint({
    method: 'POST',
    path: `${C2C}/transaction/appealing`,
    auth: 'user',
    summary: 'Appeal a paid order: the seller any time, the buyer after the release countdown with proof',
    input: orderRef.extend({
      /** Why, from the list (docs/design/market.md, "Appeals"); the text says the rest. */
      reasonCode: z.enum(appealReasons).default('other'),
      reason: z.string().trim().min(1, 'Content cannot be empty').max(500),
      proof: z.array(c2cMediaUrl).max(APPEAL_PROOF_MAX).default([]),
    }),
    output: order,
    errors: [
      ErrorCode.InvalidMediaUrl,
      ErrorCode.OrderNotFound,
      ErrorCode.OrderStatusInvalid,
      ErrorCode.ProofRequired,
      ErrorCode.AppealTooEarly,
    ],
  }),
  uploadFiles: endpoint({
    method: 'POST',
    path: `${C2C}/transaction/uploadFiles`,
    auth: 'user',
    summary:
      'Attach proof (image or video URLs uploaded through /app/base/comm/upload) to an open order of mine',
    input: orderRef.extend({ urls: z.array(c2cMediaUrl).min(1).max(9) }),
    output: z.object({ urls: z.array(z.string()) }),
    errors: [ErrorCode.OrderNotFound, ErrorCode.InvalidMediaUrl],
  }),
  page: endpoint({
    method: 'POST',
    path: `${C2C}/transaction/page`,
    auth: 'user',
    summary: 'My orders as buyer or seller, newest first, by status',
    input: pageInput.extend({ status: z.enum(['all', ...orderStatuses]).default('all') }),
    output: pageOf(order),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${C2C}/transaction/detail`,
    auth: 'user',
    summary: 'One of my orders with both countdowns and its events; marks it seen',
    input: orderRef,
    output: order.extend({ events: z.array(orderEvent) }),
    errors: [ErrorCode.OrderNotFound],
  }),
  config: endpoint({
    method: 'GET',
    path: `${C2C}/transaction/config`,
    auth: 'user',
    summary: 'Market settings: fee percent, release countdown, daily cancel limit and my cancels today',
    input: z.object({}),
    output: z.object({
      fiat: z.string(),
      feePercent: z.string(),
      releaseMinutes: z.number().int(),
      cancelLimit: z.number().int(),
      canceledToday: z.number().int(),
      timeLimits: z.array(z.number().int()),
    }),
  }),
  unread: endpoint({
    method: 'GET',
    path: `${C2C}/transaction/unread`,
    auth: 'user',
    summary: 'How many of my orders changed since I last looked',
    input: z.object({}),
    output: z.object({ count: z.number().int() }),
  }),
};

/** Socket payloads (docs/product.md#realtime). */
export const orderStatusPayload = z.object({
  orderId: z.number().int(),
  status: z.enum(orderStatuses),
  page: z.string(),
});
export type OrderStatusPayload = z.infer<typeof orderStatusPayload>;
export const orderUnreadPayload = z.object({ count: z.number().int() });
export type OrderUnreadPayload = z.infer<typeof orderUnreadPayload>;

export { orderRef as c2cOrderRef };
