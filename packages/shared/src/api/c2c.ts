import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok, pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { FIAT_DECIMAL, parseFiat } from '../money.ts';
import { pin, stepUpProof } from './user.ts';

/** C2C market contract, part 1: units, merchants, payment methods (docs/design/market.md). */

const C2C = '/app/c2c';

// ---- units --------------------------------------------------------------------------------------

/** A positive fiat amount with at most 2 decimals. */
export const fiatAmount = z
  .string()
  .trim()
  .regex(FIAT_DECIMAL, 'A decimal amount with at most 2 decimals')
  .refine((s) => !FIAT_DECIMAL.test(s) || parseFiat(s) > 0n, 'The amount must be greater than zero');

export const c2cId = z.coerce.number().int().positive().max(2_147_483_647);
const money = z.string();
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, 'Content cannot be empty').max(max);
/** Our own upload (`/uploads/…`) or any http(s) URL; the server checks it is its own. */
const mediaUrl = z.string().trim().min(1).max(500);

// ---- merchants ----------------------------------------------------------------------------------

export const merchantStatuses = ['pending', 'approved', 'rejected'] as const;
export type MerchantStatus = (typeof merchantStatuses)[number];

const minuteOfDay = z.coerce.number().int().min(0).max(1439);

export const merchantInfo = z.object({
  userId: z.number().int(),
  merchantNo: z.string(),
  status: z.enum(merchantStatuses),
  name: z.string(),
  intro: z.string(),
  reviewNote: z.string(),
  webhookUrl: z.string(),
  hasApiKey: z.boolean(),
  /** The merchant's online switch and business hours (UTC minutes of the day, [from, to); null = always). */
  online: z.boolean(),
  hoursFrom: z.number().int().nullable(),
  hoursTo: z.number().int().nullable(),
  createTime: z.string(),
});
export type MerchantInfo = z.infer<typeof merchantInfo>;

/** verified: an approved merchant. */
/** `verified`: an approved merchant; `deposit`: holds the deposit badge bought at the pay desk. */
export const merchantBadges = ['verified', 'deposit'] as const;
export type MerchantBadge = (typeof merchantBadges)[number];

/**
 * 30-day merchant stats (docs/product.md#merchants); times in seconds, null when there is nothing to average.
 */
export const merchantStats = z.object({
  avgPaymentSeconds: z.number().nullable(),
  avgReleaseSeconds: z.number().nullable(),
  completedOrders: z.number().int(),
  /** Percent with one decimal ("98.5"); null without finished orders. */
  completionRate: z.string().nullable(),
  /** Orders created in the 30 days where the member is a party, any status. */
  orders30d: z.number().int(),
  /** Percent with one decimal of positive feedback received (all time); null without feedback. */
  positiveRate: z.string().nullable(),
  feedbackPositive: z.number().int(),
  feedbackNegative: z.number().int(),
  /** When the account was registered; null on the profile of a trader I never traded with. */
  registerTime: z.string().nullable(),
  badges: z.array(z.enum(merchantBadges)),
});
export type MerchantStats = z.infer<typeof merchantStats>;

/** A card (docs/product.md#payment-methods): name (derived when empty), code, metadata as a JSON string. */
export const merchantCard = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  code: z.string(),
  metadata: z.string(),
});
export type MerchantCard = z.infer<typeof merchantCard>;

export const merchantDetail = z.object({
  merchantInfo: z.object({
    userId: z.number().int(),
    merchantNo: z.string(),
    name: z.string(),
    intro: z.string(),
    nickName: z.string(),
    avatar: z.string(),
    createTime: z.string(),
  }),
  cards: z.array(merchantCard),
  stats: merchantStats,
});
export type MerchantDetail = z.infer<typeof merchantDetail>;

const webhookUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/.test(s), 'An http(s) URL');

export const merchantApi = {
  apply: endpoint({
    method: 'POST',
    path: `${C2C}/merchant/apply`,
    auth: 'user',
    summary:
      'Apply to become a merchant (identity and address verified: level 2); support reviews the application',
    input: z.object({ name: required(40), intro: text(500).default(''), note: text(500).default('') }),
    output: merchantInfo,
    errors: [ErrorCode.MerchantApplied, ErrorCode.VerificationRequired],
  }),
  info: endpoint({
    method: 'GET',
    path: `${C2C}/merchant/info`,
    auth: 'user',
    summary: 'My merchant record (application status, profile, API key present); null if I never applied',
    input: z.object({}),
    output: merchantInfo.nullable(),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${C2C}/merchant/detail`,
    auth: 'user',
    summary: 'A merchant profile with payment cards and 30-day stats (mine without userId)',
    input: z.object({ userId: c2cId.optional() }),
    output: merchantDetail,
    errors: [ErrorCode.MerchantNotFound],
  }),
  update: endpoint({
    method: 'POST',
    path: `${C2C}/merchant/update`,
    auth: 'user',
    summary: 'Merchant: change the display name, intro or webhook URL',
    input: z.object({
      name: required(40).optional(),
      intro: text(500).optional(),
      webhookUrl: webhookUrl.optional(),
      /** Off: my ads stay listed, after those of online merchants. */
      online: z.boolean().optional(),
      /** Business hours as UTC minutes of the day; both null = around the clock. */
      hours: z
        .object({ from: minuteOfDay.nullable(), to: minuteOfDay.nullable() })
        .refine((h) => (h.from === null) === (h.to === null) && (h.from === null || h.from !== h.to), {
          message: 'Give both ends of the business hours, different, or neither',
          path: ['to'],
        })
        .optional(),
    }),
    output: merchantInfo,
    errors: [ErrorCode.NotMerchant],
  }),
  apiKey: endpoint({
    method: 'POST',
    path: `${C2C}/merchant/apiKey`,
    auth: 'user',
    summary: 'Merchant: make a new merchant API key with my PIN (shown once; the previous key stops working)',
    input: z.object({ pin, stepUp: stepUpProof }),
    output: z.object({ merchantId: z.string(), merchantKey: z.string() }),
    errors: [
      ErrorCode.StepUpRequired,
      ErrorCode.NotMerchant,
      ErrorCode.WrongPin,
      ErrorCode.PinNotSet,
      ErrorCode.PinLocked,
    ],
  }),
};

// ---- payment methods ----------------------------------------------------------------------------

export const paymentTypes = ['bank', 'alipay', 'wechat', 'card'] as const;
export type PaymentType = (typeof paymentTypes)[number];

const bankFields = z.object({
  type: z.literal('bank'),
  name: required(60),
  cardNumber: z
    .string()
    .trim()
    .regex(/^[0-9 -]{6,34}$/, 'Card number: digits'),
  bankName: required(80),
  branch: text(120).default(''),
  iban: text(34).default(''),
});
const walletFields = (type: 'alipay' | 'wechat') =>
  z.object({ type: z.literal(type), name: required(60), account: required(80), qrCode: mediaUrl.optional() });
const cardFields = z.object({
  type: z.literal('card'),
  name: required(60),
  publishKey: required(200),
  secretKey: required(200),
});

const dailyMaxOrders = z.coerce.number().int().min(0).max(10_000).default(0);

export const paymentMethodInput = z.discriminatedUnion('type', [
  bankFields.extend({ dailyMaxOrders, stepUp: stepUpProof }),
  walletFields('alipay').extend({ dailyMaxOrders, stepUp: stepUpProof }),
  walletFields('wechat').extend({ dailyMaxOrders, stepUp: stepUpProof }),
  cardFields.extend({ dailyMaxOrders, stepUp: stepUpProof }),
]);
export type PaymentMethodInput = z.input<typeof paymentMethodInput>;

const withId = { id: c2cId };
export const paymentMethodUpdate = z.discriminatedUnion('type', [
  bankFields.extend({ dailyMaxOrders, stepUp: stepUpProof, ...withId }),
  walletFields('alipay').extend({ dailyMaxOrders, stepUp: stepUpProof, ...withId }),
  walletFields('wechat').extend({ dailyMaxOrders, stepUp: stepUpProof, ...withId }),
  // Without secretKey an update keeps the stored one.
  cardFields.extend({ secretKey: required(200).optional(), dailyMaxOrders, stepUp: stepUpProof, ...withId }),
]);

export const paymentMethod = z.object({
  id: z.number().int(),
  type: z.enum(paymentTypes),
  name: z.string(),
  account: z.string(),
  qrCode: z.string(),
  bankName: z.string(),
  cardNumber: z.string(),
  branch: z.string(),
  iban: z.string(),
  publishKey: z.string(),
  /** Never the secret: `****` and its last 4 characters, or '' when none. */
  secretKeyMasked: z.string(),
  dailyMaxOrders: z.number().int(),
  /** The card view of this method (docs/product.md#payment-methods). */
  card: merchantCard,
  createTime: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const bankApi = {
  add: endpoint({
    method: 'POST',
    path: `${C2C}/bank/add`,
    auth: 'user',
    summary:
      'Add a payment method (bank card, Alipay, WeChat, card provider); the secret key is stored encrypted; the account holder must be my verified name',
    input: paymentMethodInput,
    output: paymentMethod,
    errors: [
      ErrorCode.InvalidMediaUrl,
      ErrorCode.StepUpRequired,
      ErrorCode.VerificationRequired,
      ErrorCode.NameMismatch,
    ],
  }),
  update: endpoint({
    method: 'POST',
    path: `${C2C}/bank/update`,
    auth: 'user',
    summary: 'Change one of my payment methods (same form plus id; its type cannot change)',
    input: paymentMethodUpdate,
    output: paymentMethod,
    errors: [
      ErrorCode.PaymentMethodNotFound,
      ErrorCode.InvalidMediaUrl,
      ErrorCode.StepUpRequired,
      ErrorCode.VerificationRequired,
      ErrorCode.NameMismatch,
    ],
  }),
  delete: endpoint({
    method: 'POST',
    path: `${C2C}/bank/delete`,
    auth: 'user',
    summary: 'Delete one of my payment methods (refused while a live ad uses it)',
    input: z.object({ id: c2cId }),
    output: ok,
    errors: [ErrorCode.PaymentMethodNotFound, ErrorCode.PaymentMethodInUse],
  }),
  page: endpoint({
    method: 'POST',
    path: `${C2C}/bank/page`,
    auth: 'user',
    summary: 'My payment methods, newest first',
    input: pageInput.extend({ type: z.enum(paymentTypes).optional() }),
    output: pageOf(paymentMethod),
  }),
  info: endpoint({
    method: 'GET',
    path: `${C2C}/bank/info`,
    auth: 'user',
    summary: 'One of my payment methods',
    input: z.object({ id: c2cId }),
    output: paymentMethod,
    errors: [ErrorCode.PaymentMethodNotFound],
  }),
};

export { mediaUrl as c2cMediaUrl, money as c2cMoney };
