import { randomUUID } from 'node:crypto';
import {
  adminGoodsApi,
  advertisingApi,
  appGoodsApi,
  consoleApi,
  ErrorCode,
  type GoodsItem,
  payDeskApi,
  trustApi,
} from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAd, createMerchant } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser, credit, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';

/** The pay desk's goods edited in the console, named per language, granting badges. */
const t = useTestApp();
let admin: string;
beforeAll(async () => {
  admin = await adminToken(t);
});

const DAY = 86_400_000;
const buyer = async (funds = '500') => {
  const u = await createUser(t);
  await setPin(t, u);
  await credit(t, u, funds);
  return u;
};
const listed = async (u: TestUser, lang?: 'en' | 'zh' | 'vn' | 'jp') =>
  t.ok(appGoodsApi.list, lang ? { lang } : {}, u.token);
const bySeed = async (u: TestUser, name: string): Promise<GoodsItem> =>
  (await listed(u, 'en')).find((g) => g.name === name)!;
const buy = async (u: TestUser, goodsId: number, lang?: 'zh') => {
  const order = await t.ok(payDeskApi.create, { goodsId, requestId: randomUUID() }, u.token);
  return t.ok(payDeskApi.pay, { orderNo: order.orderNo, pin: TEST_PIN, ...(lang ? { lang } : {}) }, u.token);
};
const audits = async (action: string) =>
  (await t.ok(consoleApi.auditPage, { page: 1, size: 50, action }, admin)).list;

describe('console: the goods editor', () => {
  it('admin adds, edits and takes a good off sale; each change is audited; off sale is unlisted and unbuyable', async () => {
    const added = await t.ok(
      adminGoodsApi.add,
      {
        name: 'Gold frame',
        description: 'A gold avatar frame',
        names: { zh: '金色头像框', jp: '' },
        price: '3.5',
        sortOrder: -5,
        grant: { kind: 'vip', days: 7 },
      },
      admin,
    );
    expect(added).toMatchObject({
      name: 'Gold frame',
      names: { zh: '金色头像框' },
      price: '3.50',
      active: true,
      grant: { kind: 'vip', days: 7 },
    });
    const page = await t.ok(adminGoodsApi.page, { page: 1, size: 100 }, admin);
    expect(page.list[0]!.id).toBe(added.id); // display order first
    expect(page.list.map((g) => g.sortOrder)).toEqual(
      [...page.list.map((g) => g.sortOrder)].sort((a, b) => a - b),
    );

    const edited = await t.ok(
      adminGoodsApi.update,
      {
        id: added.id,
        name: 'Golden frame',
        names: { zh: '金框', vn: 'Khung vàng' },
        descriptions: { zh: '金色' },
        image: 'https://example.com/frame.png',
        price: '4',
        sortOrder: -5,
        grant: { kind: 'none', days: 0 },
      },
      admin,
    );
    expect(edited).toMatchObject({ name: 'Golden frame', price: '4.00', grant: { kind: 'none', days: 0 } });
    const u = await buyer();
    expect((await listed(u, 'zh')).find((g) => g.id === added.id)).toMatchObject({
      name: '金框',
      description: '金色',
      price: '4.00',
      image: 'https://example.com/frame.png',
    });

    const off = await t.ok(adminGoodsApi.active, { id: added.id, active: false }, admin);
    expect(off.active).toBe(false);
    expect((await listed(u)).some((g) => g.id === added.id)).toBe(false);
    await t.fails(
      payDeskApi.create,
      { goodsId: added.id, requestId: randomUUID() },
      u.token,
      ErrorCode.GoodsNotFound,
    );
    // Still in the console's list, and back on sale with one switch.
    const all = await t.ok(adminGoodsApi.page, { page: 1, size: 100 }, admin);
    expect(all.list.find((g) => g.id === added.id)?.active).toBe(false);
    await t.ok(adminGoodsApi.active, { id: added.id, active: true }, admin);
    expect((await listed(u)).some((g) => g.id === added.id)).toBe(true);

    expect((await audits('app:goods:add')).some((a) => a.reason.startsWith(`#${added.id} Gold frame`))).toBe(
      true,
    );
    expect(
      (await audits('app:goods:update')).some((a) => a.reason.includes(`#${added.id} Golden frame 4.00`)),
    ).toBe(true);
    const actives = (await audits('app:goods:active')).filter((a) => a.reason.startsWith(`#${added.id} `));
    expect(actives.map((a) => a.reason.endsWith('off sale'))).toEqual(expect.arrayContaining([true, false]));
  });

  it('refuses a missing good, a free price and a VIP grant of no days', async () => {
    const base = { name: 'x', price: '1' };
    await t.fails(adminGoodsApi.update, { id: 999_999, ...base }, admin, ErrorCode.GoodsNotFound);
    await t.fails(adminGoodsApi.add, { ...base, price: '0' }, admin, ErrorCode.Validation);
    await t.fails(
      adminGoodsApi.add,
      { ...base, grant: { kind: 'vip', days: 0 } },
      admin,
      ErrorCode.Validation,
    );
  });
});

describe('names in the member’s language', () => {
  it('lists the seed goods in zh, jp and vn, falling back to English, then to the default name', async () => {
    const u = await createUser(t);
    const en = await listed(u);
    const vip = en.find((g) => g.name === 'VIP membership · 1 month')!;
    expect(vip.grant).toEqual({ kind: 'vip', days: 30 });
    const name = async (lang: 'zh' | 'jp' | 'vn', id: number) =>
      (await listed(u, lang)).find((g) => g.id === id)!.name;
    expect(await name('zh', vip.id)).toBe('VIP 会员 · 1 个月');
    expect(await name('jp', vip.id)).toBe('VIP 会員 · 1 か月');
    expect(await name('vn', vip.id)).toBe('Hội viên VIP · 1 tháng');
    // Stickers have no translation: the default name in every language.
    const stickers = en.find((g) => g.name === 'Sticker pack: Classic')!;
    expect(await name('zh', stickers.id)).toBe('Sticker pack: Classic');
    // A good with an English name but no Japanese one answers the English name in Japanese.
    const g = await t.ok(
      adminGoodsApi.add,
      {
        name: 'Default',
        names: { en: 'English', zh: '中文' },
        description: 'd',
        descriptions: { en: 'E' },
        price: '1',
      },
      admin,
    );
    expect((await listed(u, 'jp')).find((x) => x.id === g.id)).toMatchObject({
      name: 'English',
      description: 'E',
    });
    expect((await listed(u, 'zh')).find((x) => x.id === g.id)).toMatchObject({
      name: '中文',
      description: 'E',
    });
  });

  it('a pay order names its goods in the asked language', async () => {
    const u = await buyer();
    const vip = await bySeed(u, 'VIP membership · 1 month');
    const order = await t.ok(
      payDeskApi.create,
      { goodsId: vip.id, requestId: randomUUID(), lang: 'zh' },
      u.token,
    );
    expect(order.goods).toMatchObject({ id: vip.id, name: 'VIP 会员 · 1 个月' });
    expect((await t.ok(payDeskApi.info, { orderNo: order.orderNo, lang: 'jp' }, u.token)).goods?.name).toBe(
      'VIP 会員 · 1 か月',
    );
    expect(
      (await t.ok(payDeskApi.page, { page: 1, size: 5, lang: 'vn' }, u.token)).list[0]!.goods?.name,
    ).toBe('Hội viên VIP · 1 tháng');
  });
});

describe('grants', () => {
  it('buying VIP grants the badge with an end date; buying again extends it from the current end', async () => {
    const u = await buyer();
    expect(await t.ok(appGoodsApi.grants, {}, u.token)).toEqual({ vip: null, deposit: false });
    const month = await bySeed(u, 'VIP membership · 1 month');
    const before = t.clock.now().getTime();
    const first = await buy(u, month.id);
    expect(first.granted).toMatchObject({ kind: 'vip', days: 30 });
    const end1 = Date.parse(first.granted!.endTime!);
    expect(end1 - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(end1 - before).toBeLessThan(30 * DAY + 60_000);
    expect(await t.ok(appGoodsApi.grants, {}, u.token)).toEqual({
      vip: { endTime: first.granted!.endTime },
      deposit: false,
    });

    const year = await bySeed(u, 'VIP membership · 1 year');
    const second = await buy(u, year.id);
    expect(Date.parse(second.granted!.endTime!) - end1).toBe(365 * DAY);
    expect((await t.ok(appGoodsApi.grants, {}, u.token)).vip?.endTime).toBe(second.granted!.endTime);
    // My purchases show what each purchase granted.
    const mine = await t.ok(payDeskApi.page, { page: 1, size: 10 }, u.token);
    expect(mine.list.map((o) => o.granted?.days)).toEqual([365, 30]);
  });

  it('stickers grant nothing and keep working', async () => {
    const u = await buyer();
    const paid = await buy(u, (await bySeed(u, 'Sticker pack: Classic')).id);
    expect(paid).toMatchObject({ status: 'paid', granted: null });
    expect(await t.ok(appGoodsApi.grants, {}, u.token)).toEqual({ vip: null, deposit: false });
  });

  it('the deposit badge shows on the trader profile and the merchant card next to verified', async () => {
    // createMerchant set the PIN already; setting it again would be a change, which holds payments.
    const merchant = await createMerchant(t);
    await credit(t, merchant, '200');
    const ad = await createAd(t, merchant);
    const viewer = await createUser(t);
    expect((await t.ok(trustApi.profile, { userId: merchant.id }, viewer.token)).stats.badges).toEqual([
      'verified',
    ]);
    const deposit = await bySeed(merchant, 'Merchant deposit badge');
    expect(deposit).toMatchObject({ price: '100.00', grant: { kind: 'deposit', days: 0 } });
    const paid = await buy(merchant, deposit.id);
    expect(paid.granted).toEqual({ kind: 'deposit', days: 0, endTime: null });
    expect((await t.ok(appGoodsApi.grants, {}, merchant.token)).deposit).toBe(true);
    expect((await t.ok(trustApi.profile, { userId: merchant.id }, viewer.token)).stats.badges).toEqual([
      'verified',
      'deposit',
    ]);
    const card = await t.ok(advertisingApi.detail, { id: ad.id }, viewer.token);
    expect(card.merchant.stats.badges).toEqual(['verified', 'deposit']);
  });

  it('paying twice grants once', async () => {
    const u = await buyer();
    const month = await bySeed(u, 'VIP membership · 1 month');
    const order = await t.ok(payDeskApi.create, { goodsId: month.id, requestId: randomUUID() }, u.token);
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.call(payDeskApi.pay, { orderNo: order.orderNo, pin: TEST_PIN }, u.token)),
    );
    expect(results.filter((r) => r.code === 1000)).toHaveLength(1);
    expect((await t.call(payDeskApi.pay, { orderNo: order.orderNo, pin: TEST_PIN }, u.token)).code).toBe(
      ErrorCode.PayOrderPaid,
    );
    const grants = await t.ok(appGoodsApi.grants, {}, u.token);
    const end = Date.parse(grants.vip!.endTime);
    expect(end - t.clock.now().getTime()).toBeLessThanOrEqual(30 * DAY);
    const info = await t.ok(payDeskApi.info, { orderNo: order.orderNo }, u.token);
    expect(info.granted?.endTime).toBe(grants.vip!.endTime);
  });
});
