import { randomUUID } from 'node:crypto';
import {
  appGoodsApi,
  ErrorCode,
  type GoodsItem,
  PAY_ORDER_TTL_SECONDS,
  payDeskApi,
  successData,
} from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { balanceOf, createUser, credit, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import { expectBooksBalanced, systemBalance } from '../helpers/money.ts';

let goods: GoodsItem[];
const t = useTestApp();
beforeAll(async () => {
  const buyer = await createUser(t);
  goods = await t.ok(appGoodsApi.list, {}, buyer.token);
});

const buyer = async (funds = '100') => {
  const u = await createUser(t);
  await setPin(t, u);
  await credit(t, u, funds);
  return u;
};
const create = (u: TestUser, goodsId: number, requestId = randomUUID()) =>
  t.call(payDeskApi.create, { goodsId, requestId }, u.token);
const createOk = (u: TestUser, goodsId = goods[0]!.id) =>
  t.ok(payDeskApi.create, { goodsId, requestId: randomUUID() }, u.token);
const pay = (u: TestUser, orderNo: string, pin = TEST_PIN) =>
  t.call(payDeskApi.pay, { orderNo, pin }, u.token);
const passOrderLifetime = () => t.clock.advance((PAY_ORDER_TTL_SECONDS + 1) * 1000);

describe('pay desk', () => {
  it('create copies the price; pay moves it to the pay desk revenue; the order is paid', async () => {
    const u = await buyer('20');
    const item = goods.find((g) => g.price === '9.99')!;
    const revenueBefore = await systemBalance(t, 'paydesk');
    const order = await createOk(u, item.id);
    expect(order).toMatchObject({
      orderNo: expect.stringMatching(/^P\d{24}$/),
      goods: { id: item.id, name: item.name, image: item.image },
      amount: '9.99',
      status: 'unpaid',
      paidTime: null,
    });
    expect(Date.parse(order.expireTime) - Date.parse(order.createTime)).toBeGreaterThan(29 * 60_000);
    const res = await pay(u, order.orderNo);
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ orderNo: order.orderNo, status: 'paid', paidTime: expect.any(String) });
    expect((await balanceOf(t, u)).available).toBe('10.01');
    expect((await systemBalance(t, 'paydesk')) - revenueBefore).toBe(9_990_000n);
    expect((await t.call(payDeskApi.info, { orderNo: order.orderNo }, u.token)).data).toEqual(res.data);
    const page = await t.call(payDeskApi.page, { page: 1, size: 10 }, u.token);
    expect(page.data).toMatchObject({ list: [res.data], pagination: { total: 1 } });
    await expectBooksBalanced(t);
  });

  it('paying twice is impossible: the second pay answers PayOrderPaid and moves nothing', async () => {
    const u = await buyer('20');
    const order = await createOk(u);
    expect((await pay(u, order.orderNo)).code).toBe(1000);
    const after = await balanceOf(t, u);
    expect((await pay(u, order.orderNo)).code).toBe(ErrorCode.PayOrderPaid);
    // Concurrent pays (serialised on PGlite, real races on PostgreSQL): at most one ever moves money.
    const order2 = await createOk(u);
    const results = await Promise.all([1, 2, 3, 4].map(() => pay(u, order2.orderNo)));
    expect(results.filter((r) => r.code === 1000)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 1000)) expect(r.code).toBe(ErrorCode.PayOrderPaid);
    expect((await balanceOf(t, u)).available).toBe(
      (Number(after.available) - Number(goods[0]!.price)).toFixed(2),
    );
    await expectBooksBalanced(t);
  });

  it('create is idempotent per (member, requestId); other goods with the same id conflict', async () => {
    const u = await buyer('5');
    const requestId = randomUUID();
    const first = await create(u, goods[0]!.id, requestId);
    expect((await create(u, goods[0]!.id, requestId)).data).toEqual(first.data);
    expect((await create(u, goods[1]!.id, requestId)).code).toBe(ErrorCode.IdempotencyConflict);
    // Another member may use the same request id.
    const v = await buyer('5');
    const theirs = await create(v, goods[0]!.id, requestId);
    expect(successData(payDeskApi.create, theirs).orderNo).not.toBe(
      successData(payDeskApi.create, first).orderNo,
    );
    expect((await t.call(payDeskApi.page, { page: 1, size: 10 }, u.token)).data).toMatchObject({
      pagination: { total: 1 },
    });
  });

  it('an unpaid order closes after 30 minutes: shown closed and refused', async () => {
    const u = await buyer('50');
    const order = await createOk(u);
    passOrderLifetime();
    expect((await t.ok(payDeskApi.info, { orderNo: order.orderNo }, u.token)).status).toBe('closed');
    expect((await pay(u, order.orderNo)).code).toBe(ErrorCode.PayOrderClosed);
    expect((await balanceOf(t, u)).available).toBe('50.00');
    const closed = await t.ok(payDeskApi.page, { page: 1, size: 10, status: 'closed' }, u.token);
    expect(closed.list.map((o) => o.orderNo)).toEqual([order.orderNo]);
    const unpaid = await t.ok(payDeskApi.page, { page: 1, size: 10, status: 'unpaid' }, u.token);
    expect(unpaid.list).toEqual([]);
  });

  it('another member’s order, or none, is PayOrderNotFound', async () => {
    const u = await buyer('50');
    const v = await buyer('50');
    const order = await createOk(u);
    expect((await t.call(payDeskApi.info, { orderNo: order.orderNo }, v.token)).code).toBe(
      ErrorCode.PayOrderNotFound,
    );
    expect((await pay(v, order.orderNo)).code).toBe(ErrorCode.PayOrderNotFound);
    expect((await pay(v, 'P000')).code).toBe(ErrorCode.PayOrderNotFound);
    expect(await Promise.all([u, v].map(async (x) => (await balanceOf(t, x)).available))).toEqual([
      '50.00',
      '50.00',
    ]);
  });

  it('unknown or inactive goods', async () => {
    const u = await buyer('5');
    expect((await create(u, 2_000_000_000)).code).toBe(ErrorCode.GoodsNotFound);
    await t.database.db.execute(sql`update app_goods set active = false where id = ${goods[3]!.id}`);
    expect((await create(u, goods[3]!.id)).code).toBe(ErrorCode.GoodsNotFound);
    await t.database.db.execute(sql`update app_goods set active = true where id = ${goods[3]!.id}`);
  });

  it('above the balance: InsufficientBalance, the order stays unpaid and can be paid later', async () => {
    const u = await buyer('1');
    const order = await createOk(u, goods.find((g) => g.price === '9.99')!.id);
    expect((await pay(u, order.orderNo)).code).toBe(ErrorCode.InsufficientBalance);
    expect((await balanceOf(t, u)).available).toBe('1.00');
    expect((await t.ok(payDeskApi.info, { orderNo: order.orderNo }, u.token)).status).toBe('unpaid');
    await credit(t, u, '9');
    expect((await pay(u, order.orderNo)).code).toBe(1000);
    expect((await balanceOf(t, u)).available).toBe('0.01');
  });

  it('wrong PINs count toward the lockout, and a locked PIN refuses even the right one', async () => {
    const u = await buyer('20');
    const order = await createOk(u);
    for (let i = 1; i <= 4; i++) {
      const res = await pay(u, order.orderNo, '000000');
      expect(res.code).toBe(ErrorCode.WrongPin);
      expect(res.data).toEqual({ remainingAttempts: 5 - i });
    }
    expect((await pay(u, order.orderNo, '000000')).code).toBe(ErrorCode.PinLocked);
    expect((await pay(u, order.orderNo)).code).toBe(ErrorCode.PinLocked);
    expect((await balanceOf(t, u)).available).toBe('20.00');
  });

  it('a paid or closed order burns no PIN attempt', async () => {
    const u = await buyer('20');
    const order = await createOk(u);
    await pay(u, order.orderNo);
    for (let i = 0; i < 6; i++)
      expect((await pay(u, order.orderNo, '000000')).code).toBe(ErrorCode.PayOrderPaid);
    const other = await createOk(u);
    expect((await pay(u, other.orderNo)).code).toBe(1000);
  });

  it('needs a login', async () => {
    expect((await t.call(payDeskApi.create, { goodsId: goods[0]!.id, requestId: randomUUID() })).status).toBe(
      401,
    );
    expect((await t.call(payDeskApi.pay, { orderNo: 'P1', pin: TEST_PIN })).status).toBe(401);
    await expectBooksBalanced(t);
  });
});
