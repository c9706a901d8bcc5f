import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok, pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { c2cId, merchantInfo, merchantStatuses } from './c2c.ts';
import { order, orderEvent, orderStatuses } from './c2c-market.ts';
import { walletBalance } from './wallet.ts';

/** C2C market contract, part 3: support and admin calls, and the merchant API (docs/design/market.md). */

const ADMIN = '/admin/c2c';

export const appealMessage = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  senderId: z.number().int(),
  contentType: z.string(),
  content: z.record(z.string(), z.unknown()),
  createTime: z.string(),
  /** When its text was last edited; its earlier versions: appealMessageVersions. */
  editTime: z.string().nullable().optional(),
});

/** A text the message held before an edit, with when it was written and when it was replaced. */
export const messageVersion = z.object({
  content: z.record(z.string(), z.unknown()),
  writtenTime: z.string(),
  replacedTime: z.string(),
});

/** An order as support sees it: who resolved the appeal (null while open or when no staff member did). */
const appealOrder = order.omit({ role: true, actions: true }).extend({
  resolvedBy: z.object({ id: z.number().int(), nickName: z.string() }).nullable(),
});

export const adminC2cApi = {
  merchantPage: endpoint({
    method: 'POST',
    path: `${ADMIN}/merchant/page`,
    auth: 'user',
    permission: 'c2c:merchant:page',
    summary: "Support: merchant applications and merchants, by status, with the applicant's trading history",
    input: pageInput.extend({
      status: z.enum(merchantStatuses).optional(),
      /** By the last change (application or decision); newest first by default. */
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    output: pageOf(
      merchantInfo.extend({
        nickName: z.string(),
        applyNote: z.string(),
        /** The applicant's C2C orders as buyer or seller: all, completed (the completion rate), appealed. */
        history: z.object({
          orders: z.number().int(),
          completed: z.number().int(),
          appealed: z.number().int(),
          memberSince: z.string(),
        }),
      }),
    ),
  }),
  merchantReview: endpoint({
    method: 'POST',
    path: `${ADMIN}/merchant/review`,
    auth: 'user',
    permission: 'c2c:merchant:review',
    summary: 'Support: approve (adds the merchant role) or reject a merchant application, with a note',
    input: z.object({
      userId: c2cId,
      approve: z.boolean(),
      note: z.string().trim().max(500).default(''),
    }),
    output: merchantInfo,
    errors: [ErrorCode.Conflict, ErrorCode.DutySeparation],
  }),
  merchantRevoke: endpoint({
    method: 'POST',
    path: `${ADMIN}/merchant/revoke`,
    auth: 'user',
    permission: 'c2c:merchant:revoke',
    summary:
      'Support: revoke an approved merchant (role removed, their ads taken down; open orders run to the end), with a note (audited)',
    input: z.object({ userId: c2cId, note: z.string().trim().min(1, 'Content cannot be empty').max(500) }),
    output: merchantInfo,
    errors: [ErrorCode.MerchantNotFound, ErrorCode.Conflict, ErrorCode.DutySeparation],
  }),
  appealPage: endpoint({
    method: 'POST',
    path: `${ADMIN}/appeal/page`,
    auth: 'user',
    permission: 'c2c:appeal:page',
    summary: 'Support: orders under appeal (oldest first), or any status',
    input: pageInput.extend({
      status: z.enum(orderStatuses).default('appealing'),
      /** Default: open appeals oldest first (who waited longest), other statuses newest first. */
      order: z.enum(['asc', 'desc']).optional(),
    }),
    output: pageOf(appealOrder),
  }),
  appealInfo: endpoint({
    method: 'GET',
    path: `${ADMIN}/appeal/info`,
    auth: 'user',
    permission: 'c2c:appeal:info',
    summary: 'Support: one order with its events and proof',
    input: z.object({ id: c2cId }),
    output: appealOrder.extend({ events: z.array(orderEvent) }),
    errors: [ErrorCode.OrderNotFound],
  }),
  appealMessages: endpoint({
    method: 'GET',
    path: `${ADMIN}/appeal/messages`,
    auth: 'user',
    permission: 'c2c:appeal:info',
    summary: "Support: the order chat's messages, oldest first (up to 500)",
    input: z.object({ id: c2cId }),
    output: z.object({ list: z.array(appealMessage) }),
  }),
  appealMessageVersions: endpoint({
    method: 'GET',
    path: `${ADMIN}/appeal/messageVersions`,
    auth: 'user',
    permission: 'c2c:appeal:info',
    summary: "Support: an edited order chat message's earlier texts, oldest first (audited)",
    input: z.object({ id: c2cId, messageId: z.coerce.number().int().positive().max(2_147_483_647) }),
    output: z.object({ list: z.array(messageVersion) }),
    errors: [ErrorCode.OrderNotFound, ErrorCode.MessageNotFound],
  }),
  appealMessage: endpoint({
    method: 'POST',
    path: `${ADMIN}/appeal/message`,
    auth: 'user',
    permission: 'c2c:appeal:message',
    summary: 'Support: write into the order chat (both parties receive it)',
    input: z.object({ id: c2cId, text: z.string().trim().min(1, 'Content cannot be empty').max(2000) }),
    output: ok,
  }),
  appealResolve: endpoint({
    method: 'POST',
    path: `${ADMIN}/appeal/resolve`,
    auth: 'user',
    permission: 'c2c:appeal:resolve',
    summary:
      'Support: end an appeal: complete (coins to the buyer) or cancel (coins back to the seller), with a note both see',
    input: z.object({
      id: c2cId,
      result: z.enum(['completed', 'canceled']),
      note: z.string().trim().min(1, 'Content cannot be empty').max(500),
      /** The party support found at fault gets a strike; too many suspend their trading. */
      fault: z.enum(['none', 'buyer', 'seller']).default('none'),
    }),
    output: order.omit({ role: true, actions: true }),
    errors: [ErrorCode.OrderStatusInvalid, ErrorCode.DutySeparation],
  }),
};

// ---- merchant API --------------------------------------------------------------------------------

const OPEN = '/open/c2c';
const SIGNED =
  'Merchant API, HMAC-signed: headers x-merchant-id, x-timestamp (unix s, ±300 s), x-nonce (single use), ' +
  'x-signature = hex HMAC-SHA256(key, METHOD\\npath?query\\ntimestamp\\nnonce\\nbody)';

export const openOrder = order.omit({ role: true, actions: true, payee: true });

export const merchantOpenApi = {
  balance: endpoint({
    method: 'GET',
    path: `${OPEN}/balance`,
    auth: 'merchant',
    summary: `${SIGNED}. My wallet balance`,
    input: z.object({}),
    output: walletBalance,
  }),
  orderPage: endpoint({
    method: 'GET',
    path: `${OPEN}/order/page`,
    auth: 'merchant',
    summary: `${SIGNED}. My orders (as buyer or seller), newest first`,
    input: pageInput.extend({ status: z.enum(['all', ...orderStatuses]).default('all') }),
    output: pageOf(openOrder),
  }),
  orderInfo: endpoint({
    method: 'GET',
    path: `${OPEN}/order/info`,
    auth: 'merchant',
    summary: `${SIGNED}. One of my orders`,
    input: z.object({ id: c2cId }),
    output: openOrder,
    errors: [ErrorCode.OrderNotFound],
  }),
};
