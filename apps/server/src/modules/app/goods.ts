import {
  type AdminGoods,
  ErrorCode,
  formatUsdt,
  type GoodsGrant,
  type GoodsGrantKind,
  type GoodsItem,
  type GoodsTexts,
  LOCALES,
  type Locale,
  micro,
  parseUsdt,
} from '@chatpay/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { appGoods } from './tables.ts';

export type GoodsRow = typeof appGoods.$inferSelect;

/** A text in `lang` when staff wrote it, else English, else the default. */
export const localized = (texts: Record<string, string>, fallback: string, lang?: Locale) =>
  (lang && texts[lang]) || texts.en || fallback;

const grantOf = (row: GoodsRow): GoodsGrant => ({
  kind: row.grantKind as GoodsGrantKind,
  days: row.grantDays,
});

/** Only the languages with text, trimmed (an emptied language falls back again). */
const cleanTexts = (texts: GoodsTexts) =>
  Object.fromEntries(LOCALES.flatMap((l) => (texts[l]?.trim() ? [[l, texts[l]!.trim()]] : [])));

const presentItem = (g: GoodsRow, lang?: Locale): GoodsItem => ({
  id: g.id,
  name: localized(g.names, g.name, lang),
  description: localized(g.descriptions, g.description, lang),
  image: g.image,
  price: formatUsdt(micro(g.price)),
  currency: 'USDT' as const,
  grant: grantOf(g),
});

const presentAdmin = (g: GoodsRow): AdminGoods => ({
  id: g.id,
  key: g.key,
  name: g.name,
  description: g.description,
  names: g.names,
  descriptions: g.descriptions,
  image: g.image,
  price: formatUsdt(micro(g.price)),
  sortOrder: g.sortOrder,
  active: g.active,
  grant: grantOf(g),
  createTime: g.createTime.toISOString(),
  updateTime: g.updateTime.toISOString(),
});

/** Active goods of the pay desk, in display order, named in `lang`; prices as USDT decimal strings. */
export const listGoods = async (exec: Executor, lang?: Locale): Promise<GoodsItem[]> => {
  const rows = await exec
    .select()
    .from(appGoods)
    .where(eq(appGoods.active, true))
    .orderBy(asc(appGoods.sortOrder), asc(appGoods.id));
  return rows.map((g) => presentItem(g, lang));
};

/** The names and descriptions of goods in `lang` (for the pay desk's orders), by id. */
export const goodsTextsOf = async (exec: Executor, ids: number[], lang?: Locale) => {
  const out = new Map<number, { name: string; description: string }>();
  if (ids.length === 0) return out;
  const rows = await exec
    .select()
    .from(appGoods)
    .where(inArray(appGoods.id, [...new Set(ids)]));
  for (const g of rows) {
    out.set(g.id, {
      name: localized(g.names, g.name, lang),
      description: localized(g.descriptions, g.description, lang),
    });
  }
  return out;
};

/** Console: every good, active or not, in display order. */
export const pageGoods = async (exec: Executor, opts: { page: number; size: number }) => {
  const rows = await exec
    .select()
    .from(appGoods)
    .orderBy(asc(appGoods.sortOrder), asc(appGoods.id))
    .limit(opts.size)
    .offset((opts.page - 1) * opts.size);
  const [count] = await exec.select({ total: sql<number>`count(*)::int` }).from(appGoods);
  return {
    list: rows.map(presentAdmin),
    pagination: { page: opts.page, size: opts.size, total: count?.total ?? 0 },
  };
};

export interface GoodsFields {
  name: string;
  description: string;
  names: GoodsTexts;
  descriptions: GoodsTexts;
  image: string;
  price: string;
  sortOrder: number;
  grant: GoodsGrant;
}

const columns = (f: GoodsFields) => ({
  name: f.name,
  description: f.description,
  names: cleanTexts(f.names),
  descriptions: cleanTexts(f.descriptions),
  image: f.image,
  price: parseUsdt(f.price),
  sortOrder: f.sortOrder,
  grantKind: f.grant.kind,
  grantDays: f.grant.kind === 'vip' ? f.grant.days : 0,
});

export const addGoods = async (exec: Executor, f: GoodsFields & { active: boolean }) => {
  const [row] = await exec
    .insert(appGoods)
    .values({
      ...columns(f),
      key: `g-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      active: f.active,
    })
    .returning();
  return presentAdmin(row!);
};

export const updateGoods = async (exec: Executor, id: number, f: GoodsFields) => {
  const [row] = await exec
    .update(appGoods)
    .set({ ...columns(f), updateTime: new Date() })
    .where(eq(appGoods.id, id))
    .returning();
  if (!row) throw new AppError(ErrorCode.GoodsNotFound);
  return presentAdmin(row);
};

export const setGoodsActive = async (exec: Executor, id: number, active: boolean) => {
  const [row] = await exec
    .update(appGoods)
    .set({ active, updateTime: new Date() })
    .where(eq(appGoods.id, id))
    .returning();
  if (!row) throw new AppError(ErrorCode.GoodsNotFound);
  return presentAdmin(row);
};

const seedGoods: (Omit<typeof appGoods.$inferInsert, 'price'> & { price: string })[] = [
  {
    key: 'vip-month',
    name: 'VIP membership · 1 month',
    description: 'VIP badge, larger groups, HD media',
    names: { zh: 'VIP 会员 · 1 个月', vn: 'Hội viên VIP · 1 tháng', jp: 'VIP 会員 · 1 か月' },
    descriptions: {
      zh: 'VIP 徽章、更大的群组、高清媒体',
      vn: 'Huy hiệu VIP, nhóm lớn hơn, phương tiện HD',
      jp: 'VIP バッジ、より大きなグループ、HD メディア',
    },
    price: '9.99',
    grantKind: 'vip',
    grantDays: 30,
  },
  {
    key: 'vip-year',
    name: 'VIP membership · 1 year',
    description: 'Twelve months of VIP for the price of ten',
    names: { zh: 'VIP 会员 · 1 年', vn: 'Hội viên VIP · 1 năm', jp: 'VIP 会員 · 1 年' },
    descriptions: {
      zh: '十二个月的 VIP，只需十个月的价格',
      vn: 'Mười hai tháng VIP với giá mười tháng',
      jp: '10 か月分の価格で 12 か月の VIP',
    },
    price: '99.90',
    grantKind: 'vip',
    grantDays: 365,
  },
  {
    key: 'stickers-classic',
    name: 'Sticker pack: Classic',
    description: '48 animated stickers',
    names: {},
    price: '1.99',
    grantKind: 'none',
    grantDays: 0,
  },
  {
    key: 'cloud-50g',
    name: 'Cloud storage 50 GB · 1 year',
    description: 'Keep chat media and files longer',
    names: {},
    price: '19.90',
    grantKind: 'none',
    grantDays: 0,
  },
  {
    key: 'merchant-deposit',
    name: 'Merchant deposit badge',
    description: 'A "deposit held" badge on your trader profile in the C2C market',
    names: { zh: '商家保证金徽章', vn: 'Huy hiệu ký quỹ thương nhân', jp: '加盟店保証金バッジ' },
    descriptions: {
      zh: '在 C2C 市场的交易者资料上显示“已缴保证金”徽章',
      vn: 'Huy hiệu “đã ký quỹ” trên hồ sơ nhà giao dịch của bạn ở chợ C2C',
      jp: 'C2C マーケットのトレーダープロフィールに「保証金預託済み」バッジ',
    },
    price: '100.00',
    grantKind: 'deposit',
    grantDays: 0,
  },
];

/** Inserts the seed goods that are missing (by key); never overwrites an operator's edits. */
export const seedAppGoods = async (exec: Executor) => {
  await exec
    .insert(appGoods)
    .values(seedGoods.map((g, i) => ({ ...g, price: parseUsdt(g.price), sortOrder: (i + 1) * 10 })))
    .onConflictDoNothing({ target: appGoods.key });
};
