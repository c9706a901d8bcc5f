import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok, pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { c2cId, fiatAmount, merchantStats } from './c2c.ts';
import { ad, order, orderKey } from './c2c-market.ts';

/** C2C market contract, part 3: trust between traders (docs/design/market.md, "Trust"). */

const C2C = '/app/c2c';

/** Feedback a member received, as their profile lists it. */
export const feedbackItem = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  positive: z.boolean(),
  comment: z.string(),
  /** Who left it. */
  fromUserId: z.number().int(),
  fromName: z.string(),
  fromAvatar: z.string(),
  createTime: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

/** A counterparty's public page: who they are, their stats and badges, their live ads and latest feedback. */
export const traderProfile = z.object({
  userId: z.number().int(),
  /** The merchant's display name, else the nickname. */
  name: z.string(),
  avatar: z.string(),
  isMerchant: z.boolean(),
  intro: z.string(),
  stats: merchantStats,
  ads: z.array(ad),
  feedback: z.array(feedbackItem),
  /** Merchant online now (switch and business hours); false for a member who is not a merchant. */
  online: z.boolean(),
  /** I marked this trader as trusted. */
  trusted: z.boolean(),
});
export type TraderProfile = z.infer<typeof traderProfile>;

export const trustApi = {
  feedback: endpoint({
    method: 'POST',
    path: `${C2C}/transaction/feedback`,
    auth: 'user',
    summary:
      'A party of a completed order rates the other party once: positive or negative, optional comment',
    input: z.object({
      id: orderKey,
      positive: z.boolean(),
      comment: z.string().trim().max(500).default(''),
    }),
    output: order,
    errors: [ErrorCode.OrderNotFound, ErrorCode.OrderStatusInvalid, ErrorCode.FeedbackExists],
  }),
  profile: endpoint({
    method: 'GET',
    path: `${C2C}/merchant/profile`,
    auth: 'user',
    summary: "A trader's public profile: stats, badges, active ads and latest feedback",
    input: z.object({ userId: c2cId }),
    output: traderProfile,
    errors: [ErrorCode.MerchantNotFound],
  }),
  feedbackPage: endpoint({
    method: 'GET',
    path: `${C2C}/merchant/feedback`,
    auth: 'user',
    summary: 'Feedback a trader received, newest first',
    input: pageInput.extend({
      userId: c2cId,
      positive: z.enum(['all', 'positive', 'negative']).default('all'),
    }),
    output: pageOf(feedbackItem),
    errors: [ErrorCode.MerchantNotFound],
  }),
};

/** The operator's reference rate (docs/design/market.md, "Price types"). */
export const adminRateApi = {
  update: endpoint({
    method: 'POST',
    path: '/admin/c2c/rate',
    auth: 'user',
    permission: 'c2c:rate:update',
    summary: 'Set the reference fiat rate of 1 USDT; every floating-price ad is re-priced at once',
    input: z.object({ rate: fiatAmount }),
    output: z.object({ fiat: z.string(), rate: z.string(), repriced: z.number().int() }),
  }),
};

/** A member's appeal strikes and whether trading is suspended. */
export const traderStanding = z.object({
  userId: z.number().int(),
  strikes: z.number().int(),
  suspended: z.boolean(),
});
export type TraderStanding = z.infer<typeof traderStanding>;

/** A trader with appeal strikes, as the console lists them (support lifts a suspension from there). */
export const traderStandingItem = traderStanding.extend({
  username: z.string(),
  nickName: z.string(),
  memberId: z.string(),
  updateTime: z.string(),
});
export type TraderStandingItem = z.infer<typeof traderStandingItem>;

export const standingApi = {
  mine: endpoint({
    method: 'GET',
    path: `${C2C}/trader/standing`,
    auth: 'user',
    summary: 'My appeal strikes and whether my trading is suspended',
    input: z.object({}),
    output: traderStanding,
  }),
  page: endpoint({
    method: 'POST',
    path: '/admin/c2c/trader/page',
    auth: 'user',
    permission: 'c2c:trader:page',
    summary:
      'Support: traders with appeal strikes (or only the suspended ones), latest change first; search a member',
    input: pageInput.extend({
      suspended: z.boolean().optional(),
      keyword: z.string().trim().max(64).optional(),
    }),
    output: pageOf(traderStandingItem),
  }),
  lift: endpoint({
    method: 'POST',
    path: '/admin/c2c/trader/lift',
    auth: 'user',
    permission: 'c2c:trader:lift',
    summary: "Support: lift a member's trading suspension and clear their strikes",
    input: z.object({ userId: c2cId, note: z.string().trim().min(1, 'Content cannot be empty').max(500) }),
    output: traderStanding,
    errors: [ErrorCode.UserNotFound, ErrorCode.DutySeparation],
  }),
};

/** One trader in my trusted list. */
export const trustedTrader = z.object({
  userId: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  createTime: z.string(),
});
export type TrustedTrader = z.infer<typeof trustedTrader>;

/** My trusted list: counterparties I vouch for; the market can be filtered to them. */
export const trustedApi = {
  add: endpoint({
    method: 'POST',
    path: `${C2C}/trusted/add`,
    auth: 'user',
    summary: 'Mark a trader as trusted (again: no change)',
    input: z.object({ userId: c2cId }),
    output: ok,
    errors: [ErrorCode.UserNotFound, ErrorCode.CannotTradeWithSelf],
  }),
  remove: endpoint({
    method: 'POST',
    path: `${C2C}/trusted/remove`,
    auth: 'user',
    summary: 'Take a trader off my trusted list',
    input: z.object({ userId: c2cId }),
    output: ok,
  }),
  list: endpoint({
    method: 'GET',
    path: `${C2C}/trusted/list`,
    auth: 'user',
    summary: 'The traders I marked as trusted, newest first',
    input: z.object({}),
    output: z.object({ list: z.array(trustedTrader) }),
  }),
};
