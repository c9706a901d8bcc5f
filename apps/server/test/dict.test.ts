import { randomUUID } from 'node:crypto';
import { type DictEntry, dictApi, ErrorCode, successData } from '@chatpay/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dictInfo, dictTypes } from '../src/db/schema/index.ts';
import { seedDictionaries } from '../src/modules/dict/seed.ts';
import { useTestApp } from './helpers/app.ts';

const t = useTestApp();

const data = async (types?: string[]) => {
  const res = await t.call(dictApi.data, types ? { types } : {});
  expect(res).toMatchObject({ status: 200, code: 1000 });
  return successData(dictApi.data, res);
};

/** A dictionary of this test's own, with entries inserted in the given order. */
const createDictionary = async (entries: { name: string; value: string | null; orderNum: number }[]) => {
  const key = `t${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const [type] = await t.database.db.insert(dictTypes).values({ key, name: 'Test' }).returning();
  const rows = [];
  for (const e of entries) {
    const [row] = await t.database.db
      .insert(dictInfo)
      .values({ typeId: type!.id, ...e })
      .returning();
    rows.push(row!);
  }
  return { key, rows };
};

const values = (list: DictEntry[] | undefined) => (list ?? []).map((e) => e.value);

describe('dict info data', () => {
  it('seeds the dictionaries the app needs, answered grouped by type', async () => {
    const all = await data();
    expect(Object.keys(all)).toEqual(
      expect.arrayContaining(['payType', 'network', 'fiatCurrency', 'complainType', 'feedbackType']),
    );
    expect(values(all.payType)).toEqual(['bank', 'alipay', 'wechat', 'card']);
    expect(values(all.network)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(values(all.fiatCurrency)).toEqual(expect.arrayContaining(['CNY', 'USD', 'VND', 'JPY']));
    expect(values(all.complainType)).toEqual(
      expect.arrayContaining(['fraud', 'harassment', 'spam', 'other']),
    );
    expect(values(all.feedbackType)).toEqual(['bug', 'suggestion', 'other']);
    for (const [type, list] of Object.entries(all)) {
      for (const entry of list) {
        expect(entry.type).toBe(type);
        expect(entry.name.length).toBeGreaterThan(0);
      }
    }
    expect(all.payType?.[0]).toMatchObject({ name: 'Bank card', value: 'bank', parentId: null });
  });

  it('answers only the asked-for types', async () => {
    const some = await data(['network', 'payType']);
    expect(Object.keys(some).sort()).toEqual(['network', 'payType']);
  });

  it('sorts by orderNum, highest first, then by id', async () => {
    const { key } = await createDictionary([
      { name: 'Low', value: 'low', orderNum: 1 },
      { name: 'Mid A', value: 'midA', orderNum: 5 },
      { name: 'High', value: 'high', orderNum: 9 },
      { name: 'Mid B', value: 'midB', orderNum: 5 },
      { name: 'Negative', value: 'neg', orderNum: -3 },
    ]);
    const groups = await data([key]);
    expect(groups[key]?.map((e) => e.name)).toEqual(['High', 'Mid A', 'Mid B', 'Low', 'Negative']);
    for (const list of Object.values(await data())) {
      const orders = list.map((e) => e.orderNum);
      expect(orders).toEqual([...orders].sort((a, b) => b - a));
    }
  });

  it('uses the id as the value when an entry has none', async () => {
    const { key, rows } = await createDictionary([
      { name: 'By value', value: 'v1', orderNum: 2 },
      { name: 'By id', value: null, orderNum: 1 },
    ]);
    const list = (await data([key]))[key];
    expect(list).toEqual([
      { id: rows[0]!.id, type: key, name: 'By value', value: 'v1', orderNum: 2, parentId: null },
      { id: rows[1]!.id, type: key, name: 'By id', value: String(rows[1]!.id), orderNum: 1, parentId: null },
    ]);
  });

  it('answers an empty list for an unknown type, beside the known ones', async () => {
    const groups = await data(['noSuchType', 'network', 'noSuchType']);
    expect(groups.noSuchType).toEqual([]);
    expect(values(groups.network)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(await data([])).toEqual({});
  });

  it('treats type names literally, including SQL and object-prototype names', async () => {
    const groups = await t.ok(dictApi.data, { types: ["payType' OR '1'='1", 'constructor', '__proto__'] });
    expect(groups["payType' OR '1'='1"]).toEqual([]);
    expect(groups.constructor).toEqual([]);
    expect(groups.payType).toBeUndefined();
  });

  it('answers a validation error for malformed types', async () => {
    for (const types of [
      'payType',
      [''],
      [42],
      Array.from({ length: 51 }, (_, i) => `t${i}`),
      ['x'.repeat(65)],
    ]) {
      const res = await t.call(dictApi.data, { types } as never);
      expect(res).toMatchObject({ status: 200, code: ErrorCode.Validation });
      expect(res.message).toContain('types');
    }
  });

  it('seeds idempotently and keeps an edited entry', async () => {
    const size = async () => (await t.database.db.select({ n: count() }).from(dictInfo))[0]?.n;
    const before = await size();
    const bank = (await data(['payType'])).payType?.find((e) => e.value === 'bank');
    await t.database.db.update(dictInfo).set({ name: 'Bank transfer' }).where(eq(dictInfo.id, bank!.id));
    await seedDictionaries(t.database.db);
    await seedDictionaries(t.database.db);
    expect(await size()).toBe(before);
    expect((await data(['payType'])).payType?.find((e) => e.value === 'bank')?.name).toBe('Bank transfer');
  });
});
