import { formatUsdt, type GoodsItem, micro, parseUsdt } from '@chatpay/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { appGoods } from './tables.ts';

/** Active goods of the pay desk, in display order; prices as USDT decimal strings. */
export const listGoods = async (exec: Executor): Promise<GoodsItem[]> => {
  const rows = await exec
    .select()
    .from(appGoods)
    .where(eq(appGoods.active, true))
    .orderBy(asc(appGoods.sortOrder), asc(appGoods.id));
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    image: g.image,
    price: formatUsdt(micro(g.price)),
    currency: 'USDT' as const,
  }));
};

const seedGoods = [
  {
    key: 'vip-month',
    name: 'VIP membership · 1 month',
    description: 'VIP badge, larger groups, HD media',
    price: '9.99',
  },
  {
    key: 'vip-year',
    name: 'VIP membership · 1 year',
    description: 'Twelve months of VIP for the price of ten',
    price: '99.90',
  },
  {
    key: 'stickers-classic',
    name: 'Sticker pack: Classic',
    description: '48 animated stickers',
    price: '1.99',
  },
  {
    key: 'cloud-50g',
    name: 'Cloud storage 50 GB · 1 year',
    description: 'Keep chat media and files longer',
    price: '19.90',
  },
];

/** Inserts the seed goods that are missing (by key); never overwrites an operator's edits. */
export const seedAppGoods = async (exec: Executor) => {
  await exec
    .insert(appGoods)
    .values(seedGoods.map((g, i) => ({ ...g, price: parseUsdt(g.price), sortOrder: (i + 1) * 10 })))
    .onConflictDoNothing({ target: appGoods.key });
};
