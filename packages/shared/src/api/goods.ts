import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { usdtAmount } from '../money.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const imageUrl = z
  .string()
  .trim()
  .max(1024)
  .regex(/^$|^(\/uploads\/|https?:\/\/)[^\s"'<>\\]+$/, 'An uploaded file or http(s) URL');

/**
 * What buying a good grants: nothing; a VIP badge for `days` (buying again extends from the later
 * of now and the current end); or the C2C "deposit held" trader badge (kept, `days` unused).
 */
export const goodsGrantKinds = ['none', 'vip', 'deposit'] as const;
export type GoodsGrantKind = (typeof goodsGrantKinds)[number];
export const GOODS_GRANT_MAX_DAYS = 3650;
export const goodsGrant = z.object({
  kind: z.enum(goodsGrantKinds),
  days: z.number().int().min(0).max(GOODS_GRANT_MAX_DAYS),
});
export type GoodsGrant = z.infer<typeof goodsGrant>;

/** A good's texts per language; a missing or empty language falls back to English, then the default. */
export const goodsTexts = z.object(
  Object.fromEntries(LOCALES.map((l) => [l, z.string().trim().max(200).optional()])) as Record<
    (typeof LOCALES)[number],
    z.ZodOptional<z.ZodString>
  >,
);
export type GoodsTexts = z.infer<typeof goodsTexts>;

export const goodsItem = z.object({
  id: z.number().int(),
  /** In the asked language (else English, else the default name). */
  name: z.string(),
  description: z.string(),
  image: z.string(),
  /** USDT, decimal string. */
  price: z.string(),
  currency: z.literal('USDT'),
  grant: goodsGrant,
});
export type GoodsItem = z.infer<typeof goodsItem>;

/** What my purchases granted me, as the Me tab shows it. */
export const memberGrants = z.object({
  /** The VIP badge's end; null when I never had it or it has ended. */
  vip: z.object({ endTime: z.string() }).nullable(),
  /** The C2C "deposit held" trader badge. */
  deposit: z.boolean(),
});
export type MemberGrants = z.infer<typeof memberGrants>;

export const appGoodsApi = {
  list: endpoint({
    method: 'POST',
    path: '/app/app/goods/list',
    auth: 'user',
    summary: 'What the pay desk sells (active goods), named in `lang` when staff wrote it, else English',
    input: z.object({ lang: z.enum(LOCALES).optional() }),
    output: z.array(goodsItem),
  }),
  grants: endpoint({
    method: 'GET',
    path: '/app/app/goods/grants',
    auth: 'user',
    summary: 'What my purchases granted me: the VIP badge and its end, the deposit badge',
    input: z.object({}),
    output: memberGrants,
  }),
};

/** A good as the console edits it. */
export const adminGoods = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  names: goodsTexts,
  descriptions: goodsTexts,
  image: z.string(),
  price: z.string(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  grant: goodsGrant,
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdminGoods = z.infer<typeof adminGoods>;

const goodsFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(200).default(''),
  names: goodsTexts.default({}),
  descriptions: goodsTexts.default({}),
  image: imageUrl.default(''),
  price: usdtAmount,
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  grant: goodsGrant
    .refine((g) => g.kind !== 'vip' || g.days > 0, 'A VIP grant lasts at least one day')
    .default({ kind: 'none', days: 0 }),
};

export const adminGoodsApi = {
  page: endpoint({
    method: 'POST',
    path: '/admin/app/goods/page',
    auth: 'user',
    permission: 'app:goods:page',
    summary: 'Admin: all goods, active or not, in display order',
    input: pageInput,
    output: pageOf(adminGoods),
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/app/goods/add',
    auth: 'user',
    permission: 'app:goods:add',
    summary: 'Admin: add a good to the pay desk: names per language, price, order, grant (audited)',
    input: z.object({ ...goodsFields, active: z.boolean().default(true) }),
    output: adminGoods,
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/app/goods/update',
    auth: 'user',
    permission: 'app:goods:update',
    summary: 'Admin: change a good; orders already opened keep their price (audited)',
    input: z.object({ id, ...goodsFields }),
    output: adminGoods,
    errors: [ErrorCode.GoodsNotFound],
  }),
  active: endpoint({
    method: 'POST',
    path: '/admin/app/goods/active',
    auth: 'user',
    permission: 'app:goods:update',
    summary: 'Admin: put a good on sale or take it off (not listed, cannot be bought) (audited)',
    input: z.object({ id, active: z.boolean() }),
    output: adminGoods,
    errors: [ErrorCode.GoodsNotFound],
  }),
};
