import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { dictInfo, dictTypes } from './tables.ts';

interface SeedType {
  key: string;
  name: string;
  /** In display order: the first entry gets the highest orderNum. */
  entries: { value: string; name: string; remark?: string }[];
}

/** The dictionaries the client's pickers need. Values are stable codes other modules store; names are labels. */
export const dictionaries: SeedType[] = [
  {
    key: 'payType',
    name: 'Payment methods',
    entries: [
      { value: 'bank', name: 'Bank card' },
      { value: 'alipay', name: 'Alipay' },
      { value: 'wechat', name: 'WeChat Pay' },
      { value: 'card', name: 'Card payment', remark: 'Card-payment provider (Stripe-style publishable key)' },
    ],
  },
  {
    key: 'network',
    name: 'USDT networks',
    entries: [
      { value: 'TRC20', name: 'TRC20 (TRON)' },
      { value: 'ERC20', name: 'ERC20 (Ethereum)' },
      { value: 'BEP20', name: 'BEP20 (BNB Smart Chain)' },
    ],
  },
  {
    key: 'fiatCurrency',
    name: 'Fiat currencies',
    entries: [
      { value: 'CNY', name: 'CNY - Chinese Yuan', remark: '¥' },
      { value: 'USD', name: 'USD - US Dollar', remark: '$' },
      { value: 'EUR', name: 'EUR - Euro', remark: '€' },
      { value: 'GBP', name: 'GBP - British Pound', remark: '£' },
      { value: 'HKD', name: 'HKD - Hong Kong Dollar', remark: 'HK$' },
      { value: 'TWD', name: 'TWD - New Taiwan Dollar', remark: 'NT$' },
      { value: 'JPY', name: 'JPY - Japanese Yen', remark: '¥' },
      { value: 'KRW', name: 'KRW - South Korean Won', remark: '₩' },
      { value: 'VND', name: 'VND - Vietnamese Dong', remark: '₫' },
      { value: 'THB', name: 'THB - Thai Baht', remark: '฿' },
      { value: 'PHP', name: 'PHP - Philippine Peso', remark: '₱' },
      { value: 'MYR', name: 'MYR - Malaysian Ringgit', remark: 'RM' },
      { value: 'SGD', name: 'SGD - Singapore Dollar', remark: 'S$' },
      { value: 'IDR', name: 'IDR - Indonesian Rupiah', remark: 'Rp' },
      { value: 'INR', name: 'INR - Indian Rupee', remark: '₹' },
    ],
  },
  {
    key: 'complainType',
    name: 'Complaint reasons',
    entries: [
      { value: 'fraud', name: 'Fraud or scam' },
      { value: 'harassment', name: 'Harassment or abuse' },
      { value: 'spam', name: 'Spam or advertising' },
      { value: 'impersonation', name: 'Impersonation' },
      { value: 'illegal', name: 'Illegal or explicit content' },
      { value: 'other', name: 'Other' },
    ],
  },
  {
    key: 'feedbackType',
    name: 'Feedback types',
    entries: [
      { value: 'bug', name: 'Bug report' },
      { value: 'suggestion', name: 'Suggestion' },
      { value: 'other', name: 'Other' },
    ],
  },
];

/**
 * Inserts the dictionaries and their entries that are missing; idempotent, and never overwrites an entry an
 * operator has edited (matched by type and value).
 */
export const seedDictionaries = async (db: Db) => {
  await db
    .insert(dictTypes)
    .values(dictionaries.map(({ key, name }) => ({ key, name })))
    .onConflictDoNothing({ target: dictTypes.key });
  const types = await db
    .select({ id: dictTypes.id, key: dictTypes.key })
    .from(dictTypes)
    .where(
      inArray(
        dictTypes.key,
        dictionaries.map((d) => d.key),
      ),
    );
  const idOf = new Map(types.map((t) => [t.key, t.id]));
  const rows = dictionaries.flatMap((d) =>
    d.entries.map((e, i) => ({
      typeId: idOf.get(d.key)!,
      value: e.value,
      name: e.name,
      orderNum: (d.entries.length - i) * 10,
      remark: e.remark ?? null,
    })),
  );
  await db
    .insert(dictInfo)
    .values(rows)
    .onConflictDoNothing({ target: [dictInfo.typeId, dictInfo.value] });
};
