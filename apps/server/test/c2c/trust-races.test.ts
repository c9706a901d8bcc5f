import {
  adminC2cApi,
  adminRateApi,
  ErrorCode,
  standingApi,
  transactionApi,
  trustApi,
  userApi,
} from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { engine, useTestApp } from '../helpers/app.ts';
import { adminToken } from '../helpers/factories.ts';
import {
  createAd,
  createMerchant,
  createTrader,
  expectBooks,
  pay,
  release,
  startOrder,
} from './factories.ts';

describe.runIf(engine === 'postgres')('trust races on PostgreSQL', () => {
  const t = useTestApp({
    SUPPORT_PASSWORD: 'support-pass-1',
    C2C_STRIKE_LIMIT: '5',
    C2C_MAX_OPEN_ORDERS: '50',
  });
  afterAll(async () => {
    await expectBooks(t);
  });

  it('twenty concurrent feedbacks by one side leave exactly one', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    await pay(t, buyer, order.orderId);
    await release(t, merchant, order.orderId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call(
          trustApi.feedback,
          { id: order.orderId, positive: i % 2 === 0, comment: `try ${i}` },
          buyer.token,
        ),
      ),
    );
    expect(answers.filter((a) => a.code === 1000)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.FeedbackExists)).toHaveLength(19);
    const rows = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM c2c_feedback WHERE order_id = ${order.orderId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('orders started while the rate changes each lock one whole price: the old or the new', async () => {
    const merchant = await createMerchant(t, '1000');
    const ad = await createAd(t, merchant, {
      priceType: 'floating',
      floatPercent: '100',
      quantity: '500',
      maxLimit: '10000.00',
    });
    const admin = await adminToken(t);
    await t.ok(adminRateApi.update, { rate: '7.00' }, admin);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createTrader(t)));
    const [orders] = await Promise.all([
      Promise.all(buyers.map((b) => startOrder(t, b, ad.id, '10'))),
      t.ok(adminRateApi.update, { rate: '8.00' }, admin),
    ]);
    for (const o of orders) {
      expect(['7.00', '8.00']).toContain(o.price);
      expect(o.amountFiat).toBe(o.price === '7.00' ? '70.00' : '80.00');
    }
    // Nothing changes an order's price afterwards.
    const stored = (await t.database.db.execute(
      sql`SELECT price::text AS price FROM c2c_orders WHERE ad_id = ${ad.id} ORDER BY id`,
    )) as unknown as { rows: { price: string }[] };
    expect(stored.rows.map((r) => (Number(r.price) / 100).toFixed(2))).toEqual(orders.map((o) => o.price));
    for (const [i, o] of orders.entries())
      await t.ok(transactionApi.canceled, { id: o.orderId }, buyers[i]!.token);
  });

  it('strikes from resolutions at the same time all count', async () => {
    const { token: support } = await t.ok(userApi.loginByName, {
      username: 'support',
      password: 'support-pass-1',
    });
    const merchant = await createMerchant(t, '500');
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const o = await startOrder(t, buyer, ad.id, '10');
      await pay(t, buyer, o.orderId);
      await t.ok(transactionApi.appealing, { id: o.orderId, reason: 'no money' }, merchant.token);
      ids.push(o.orderId);
    }
    await Promise.all(
      ids.map((id) =>
        t.ok(adminC2cApi.appealResolve, { id, result: 'canceled', note: 'unpaid', fault: 'buyer' }, support),
      ),
    );
    expect(await t.ok(standingApi.mine, {}, buyer.token)).toMatchObject({ strikes: 4, suspended: false });
  });
});
