import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/tables.ts';

/** See docs/design/market.md for the rules these tables keep. Coins are micro-USDT, fiat is cents. */

const micro = (name: string) => bigint(name, { mode: 'bigint' }).notNull().default(sql`0`);
const time = (name: string) => timestamp(name, { withTimezone: true });

/** A member's merchant application and profile; `status` pending | approved | rejected. */
export const c2cMerchants = pgTable(
  'c2c_merchants',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    merchantNo: text('merchant_no').notNull(),
    status: text('status').notNull().default('pending'),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    applyNote: text('apply_note').notNull().default(''),
    reviewNote: text('review_note').notNull().default(''),
    reviewedBy: integer('reviewed_by'),
    reviewTime: time('review_time'),
    /** AES-256-GCM of the merchant API key; null until one is made. */
    apiKeyEnc: text('api_key_enc'),
    apiKeyTime: time('api_key_time'),
    webhookUrl: text('webhook_url').notNull().default(''),
    /** The merchant's own switch: offline ads stay listed but after online ones (docs/design/market.md). */
    online: boolean('online').notNull().default(true),
    /** Business hours as UTC minutes of the day [from, to); null = around the clock. `to < from` wraps midnight. */
    hoursFrom: integer('hours_from'),
    hoursTo: integer('hours_to'),
    createTime: time('create_time').notNull().defaultNow(),
    updateTime: time('update_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('c2c_merchants_no_key').on(t.merchantNo),
    index('c2c_merchants_status_idx').on(t.status),
  ],
);

/** Payee details (docs/product.md#payment-methods); `status` 1 live, 0 deleted. */
export const c2cPaymentMethods = pgTable(
  'c2c_payment_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    account: text('account').notNull().default(''),
    qrCode: text('qr_code').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    cardNumber: text('card_number').notNull().default(''),
    branch: text('branch').notNull().default(''),
    iban: text('iban').notNull().default(''),
    publishKey: text('publish_key').notNull().default(''),
    secretKeyEnc: text('secret_key_enc'),
    dailyMaxOrders: integer('daily_max_orders').notNull().default(0),
    status: integer('status').notNull().default(1),
    createTime: time('create_time').notNull().defaultNow(),
    updateTime: time('update_time').notNull().defaultNow(),
  },
  (t) => [
    index('c2c_payment_methods_user_idx').on(t.userId, t.status),
    // Whether an upload is a payment QR code (modules/uploads/references.ts).
    index('c2c_payment_methods_qr_code_idx').on(t.qrCode),
  ],
);

/** Ads; `status` 0 deleted, 1 active, 2 inactive. `frozen`: coins the ad holds in the owner's frozen account. */
export const c2cAds = pgTable(
  'c2c_ads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => c2cPaymentMethods.id),
    paymentType: text('payment_type').notNull(),
    /** fixed | floating (docs/design/market.md, "Price types"). */
    priceType: text('price_type').notNull().default('fixed'),
    /** Floating: basis points of the reference rate (10150 = 101.50 %); null for fixed. */
    floatBp: integer('float_bp'),
    price: micro('price'),
    quantity: micro('quantity'),
    remaining: micro('remaining'),
    frozen: micro('frozen'),
    minLimit: micro('min_limit'),
    maxLimit: micro('max_limit'),
    timeLimit: integer('time_limit').notNull(),
    terms: text('terms').notNull().default(''),
    /** Posted by the merchant into each new order's chat (a welcome / auto-reply); '' = none. */
    autoReply: text('auto_reply').notNull().default(''),
    useShare: boolean('use_share').notNull().default(true),
    /** Taker requirements: completed orders (all time) and account age in days; 0 = none. */
    takerMinOrders: integer('taker_min_orders').notNull().default(0),
    takerMinDays: integer('taker_min_days').notNull().default(0),
    /** Taker's identity verification level (docs/design/identity.md); 0 and 1 add nothing to the market's own. */
    takerMinLevel: integer('taker_min_level').notNull().default(0),
    status: integer('status').notNull().default(1),
    /** Raised under the row lock for every freeze/unfreeze: part of the idempotency key. */
    ledgerSeq: integer('ledger_seq').notNull().default(0),
    createTime: time('create_time').notNull().defaultNow(),
    updateTime: time('update_time').notNull().defaultNow(),
  },
  (t) => [
    index('c2c_ads_market_idx').on(t.status, t.type, t.price),
    index('c2c_ads_user_idx').on(t.userId, t.status),
    check('c2c_ads_remaining_range', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.quantity}`),
    check('c2c_ads_frozen_range', sql`${t.frozen} >= 0 AND ${t.frozen} <= ${t.remaining}`),
  ],
);

export const c2cOrders = pgTable(
  'c2c_orders',
  {
    id: serial('id').primaryKey(),
    /** The public order number members see and may name an order by (18 digits, random part not guessable). */
    orderNo: text('order_no').notNull(),
    adId: integer('ad_id')
      .notNull()
      .references(() => c2cAds.id),
    /** The ad's side: sell (merchant sells, taker buys) or buy. */
    type: text('type').notNull(),
    merchantId: integer('merchant_id').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    price: micro('price'),
    amountCoin: micro('amount_coin'),
    amountFiat: micro('amount_fiat'),
    charge: micro('charge'),
    status: text('status').notNull().default('pending'),
    paymentType: text('payment_type').notNull(),
    paymentMethodId: integer('payment_method_id').notNull(),
    /** The seller's payee details at start (never a secret). */
    payee: jsonb('payee').$type<Record<string, string>>().notNull(),
    /** The order chat; NULL from the money commit until the chat is written (docs/design/market.md). */
    sessionId: integer('session_id'),
    paymentDeadline: time('payment_deadline').notNull(),
    paymentTime: time('payment_time'),
    releaseDeadline: time('release_deadline'),
    /** When the buyer was told the payment deadline is near (`c2c-order-reminders`: once per order). */
    payRemindedTime: time('pay_reminded_time'),
    /** When both parties were told the release deadline passed (once per order). */
    releaseRemindedTime: time('release_reminded_time'),
    completedTime: time('completed_time'),
    canceledTime: time('canceled_time'),
    /** buyer | timeout | support */
    cancelReason: text('cancel_reason'),
    appealTime: time('appeal_time'),
    appealBy: integer('appeal_by'),
    appealReason: text('appeal_reason').notNull().default(''),
    /** not_received | paid_not_released | third_party | other; '' before an appeal. */
    appealReasonCode: text('appeal_reason_code').notNull().default(''),
    appealProof: jsonb('appeal_proof').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    resolvedBy: integer('resolved_by'),
    resolutionNote: text('resolution_note').notNull().default(''),
    lastEventTime: time('last_event_time').notNull().defaultNow(),
    buyerSeenTime: time('buyer_seen_time'),
    sellerSeenTime: time('seller_seen_time'),
    createTime: time('create_time').notNull().defaultNow(),
    updateTime: time('update_time').notNull().defaultNow(),
    /** `<takerId>:<requestId>` when the taker sent a requestId: a retried start answers the same order. */
    requestKey: text('request_key'),
  },
  (t) => [
    uniqueIndex('c2c_orders_request_key').on(t.requestKey),
    uniqueIndex('c2c_orders_order_no_key').on(t.orderNo),
    index('c2c_orders_deadline_idx').on(t.status, t.paymentDeadline),
    index('c2c_orders_buyer_idx').on(t.buyerId, t.createTime),
    index('c2c_orders_seller_idx').on(t.sellerId, t.createTime),
    index('c2c_orders_ad_idx').on(t.adId, t.status),
    index('c2c_orders_method_idx').on(t.paymentMethodId, t.createTime),
    // Whether an upload is an order's payee QR code or appeal proof (modules/uploads/references.ts).
    index('c2c_orders_payee_qr_idx').on(sql`(${t.payee}->>'qrCode')`),
    index('c2c_orders_appeal_proof_gin_idx').using('gin', t.appealProof),
    // Orders whose chat is not written yet (a start between its two transactions, or one that died there):
    // the `c2c-order-chats` job finds them without scanning the table.
    index('c2c_orders_chat_pending_idx').on(t.id).where(sql`${t.sessionId} IS NULL`),
    check('c2c_orders_amount_positive', sql`${t.amountCoin} > 0 AND ${t.charge} >= 0`),
  ],
);

export const c2cOrderEvents = pgTable(
  'c2c_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => c2cOrders.id),
    actorId: integer('actor_id'),
    /** start | payment | completed | canceled | appealing | resolve */
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    createTime: time('create_time').notNull().defaultNow(),
  },
  (t) => [index('c2c_order_events_order_idx').on(t.orderId, t.id)],
);

/** Merchant API nonces seen inside the replay window. */
export const c2cApiNonces = pgTable(
  'c2c_api_nonces',
  {
    merchantNo: text('merchant_no').notNull(),
    nonce: text('nonce').notNull(),
    createTime: time('create_time').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantNo, t.nonce] }),
    index('c2c_api_nonces_time_idx').on(t.createTime),
  ],
);

/** Signed webhook POSTs to merchants, drained by the `c2c-webhooks` job; `status` pending | delivered | failed. */
export const c2cWebhookDeliveries = pgTable(
  'c2c_webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    orderId: integer('order_id').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptTime: time('next_attempt_time').notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    deliveredTime: time('delivered_time'),
    createTime: time('create_time').notNull().defaultNow(),
  },
  (t) => [index('c2c_webhook_deliveries_due_idx').on(t.status, t.nextAttemptTime)],
);

/** One side's rating of the other after a completed order (docs/design/market.md, "Feedback"). */
export const c2cFeedback = pgTable(
  'c2c_feedback',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => c2cOrders.id),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id),
    positive: boolean('positive').notNull(),
    comment: text('comment').notNull().default(''),
    createTime: time('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('c2c_feedback_once').on(t.orderId, t.fromUserId),
    index('c2c_feedback_to_idx').on(t.toUserId, t.id),
  ],
);

/** The operator's reference rate (one row, id 1); absent until set, then `C2C_REFERENCE_RATE` no longer applies. */
export const c2cReferenceRate = pgTable('c2c_reference_rate', {
  id: integer('id').primaryKey(),
  /** Fiat cents per 1 USDT. */
  rate: micro('rate'),
  updatedBy: integer('updated_by'),
  updateTime: time('update_time').notNull().defaultNow(),
});

/** Appeal strikes and trading suspension of a member (docs/design/market.md, "Appeals, strikes and suspension"). */
export const c2cTraderStanding = pgTable('c2c_trader_standing', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  strikes: integer('strikes').notNull().default(0),
  suspended: boolean('suspended').notNull().default(false),
  updateTime: time('update_time').notNull().defaultNow(),
});

/** Counterparties a member marked as trusted (the market can be filtered to them). */
export const c2cTrusted = pgTable(
  'c2c_trusted',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    trustedId: integer('trusted_id')
      .notNull()
      .references(() => users.id),
    createTime: time('create_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.trustedId] })],
);

export type AdRow = typeof c2cAds.$inferSelect;
export type OrderRow = typeof c2cOrders.$inferSelect;
export type EventRow = typeof c2cOrderEvents.$inferSelect;
