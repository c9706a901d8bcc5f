import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  adminC2cApi,
  advertisingApi,
  ErrorCode,
  merchantApi,
  successData,
  transactionApi,
} from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { engine, useTestApp } from '../helpers/app.ts';
import { adminToken, balanceOf, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import { sleep } from '../helpers/wait.ts';
import { createAd, createMerchant, createTrader, expectBooks, pay, startOrder } from './factories.ts';

// PGlite runs one transaction at a time: real races need PostgreSQL.
describe.runIf(engine === 'postgres')('C2C races on PostgreSQL', () => {
  let second: App;
  let merchant: TestUser;
  let buyers: TestUser[];
  // Races need many open (and expiring) orders per buyer: the open-order cap and the cancel limit, tested in
  // orders.test.ts, are raised here.
  const t = useTestApp({
    C2C_WEBHOOK_ALLOW_PRIVATE: 'true',
    C2C_MAX_OPEN_ORDERS: '100',
    C2C_DAILY_CANCEL_LIMIT: '100',
  });
  beforeAll(async () => {
    // A second server process on the same database: two sweepers really run at once.
    // Both read the same deadline clock, as two processes read synchronised system clocks.
    second = await buildApp(t.config, await openDatabase({ url: t.config.DATABASE_URL!, dataDir: null }), {
      clock: t.clock,
    });
    merchant = await createMerchant(t, '100000');
    buyers = await Promise.all(Array.from({ length: 8 }, () => createTrader(t)));
  });
  afterAll(async () => {
    await second?.close();
    await expectBooks(t);
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const entries = (orderId: number, what: string) =>
    rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key = ${`c2c:order:${orderId}:${what}`}`,
    ).then((r) => r[0]!.n);
  const statusOf = (orderId: number) =>
    rows<{ status: string }>(sql`SELECT status FROM c2c_orders WHERE id = ${orderId}`).then(
      (r) => r[0]!.status,
    );

  it('200 concurrent starts against one ad never oversell', async () => {
    const ad = await createAd(t, merchant, { quantity: '300', minLimit: '7', maxLimit: '100000' });
    const amounts = Array.from({ length: 200 }, (_, i) => String(1 + (i % 3)));
    const results = await Promise.all(
      amounts.map((amountCoin, i) =>
        t.call(transactionApi.start, { adId: ad.id, amountCoin }, buyers[i % buyers.length]!.token),
      ),
    );
    for (const r of results) expect([1000, ErrorCode.ExceedsRemaining]).toContain(r.code);
    const sold = results
      .filter((r) => r.code === 1000)
      .reduce((sum, r) => sum + Number(successData(transactionApi.start, r).amountCoin), 0);
    expect(sold).toBeLessThanOrEqual(300);
    expect(sold).toBeGreaterThan(297);
    const [row] = await rows<{ remaining: string; frozen: string }>(
      sql`SELECT remaining::text, frozen::text FROM c2c_ads WHERE id = ${ad.id}`,
    );
    expect(BigInt(row!.remaining)).toBe(300_000_000n - BigInt(Math.round(sold * 1e6)));
    expect(row!.frozen).toBe(row!.remaining);
    await expectBooks(t);
  }, 120_000);

  // A start checks the ad without a lock and takes its coins with a guarded UPDATE last; an ad that
  // changes in between (taken down, put up) must make the start check again, never sell from a stale read.
  it('starts racing take-downs and put-ups of the ad: frozen follows remaining, nothing oversold', async () => {
    const ad = await createAd(t, merchant, { quantity: '200', minLimit: '7', maxLimit: '100000' });
    const toggles = (async () => {
      for (let i = 0; i < 6; i++) {
        await t.ok(advertisingApi.close, { id: ad.id }, merchant.token);
        await t.ok(advertisingApi.uploadAd, { id: ad.id }, merchant.token);
      }
    })();
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        t.call(transactionApi.start, { adId: ad.id, amountCoin: '2' }, buyers[i % buyers.length]!.token),
      ),
    );
    await toggles;
    for (const r of results)
      expect([1000, ErrorCode.AdNotActive, ErrorCode.ExceedsRemaining]).toContain(r.code);
    const sold = results.filter((r) => r.code === 1000).length * 2;
    const [row] = await rows<{ remaining: string; frozen: string; held: string }>(
      sql`SELECT remaining::text, frozen::text,
            (SELECT coalesce(sum(amount_coin), 0) FROM c2c_orders WHERE ad_id = ${ad.id})::text AS held
          FROM c2c_ads WHERE id = ${ad.id}`,
    );
    expect(BigInt(row!.held)).toBe(BigInt(sold) * 1_000_000n);
    expect(BigInt(row!.remaining)).toBe(200_000_000n - BigInt(row!.held));
    // Active again at the end: the ad holds exactly its remaining in the owner's frozen account.
    expect(row!.frozen).toBe(row!.remaining);
    await expectBooks(t);
  }, 180_000);

  it('a whole-only ad taken by many at once goes to exactly one order', async () => {
    const ad = await createAd(t, merchant, {
      quantity: '30',
      minLimit: '7',
      maxLimit: '100000',
      useShare: false,
    });
    const results = await Promise.all(
      buyers.map((b) => t.call(transactionApi.start, { adId: ad.id, amountCoin: '30' }, b.token)),
    );
    expect(results.filter((r) => r.code === 1000)).toHaveLength(1);
    for (const r of results) expect([1000, ErrorCode.ExceedsRemaining]).toContain(r.code);
    const [row] = await rows<{ remaining: string; frozen: string }>(
      sql`SELECT remaining::text, frozen::text FROM c2c_ads WHERE id = ${ad.id}`,
    );
    expect(row).toEqual({ remaining: '0', frozen: '0' });
    await expectBooks(t);
  }, 120_000);

  it('release vs appeal, fired at the same paid order many times: exactly one wins', async () => {
    const ad = await createAd(t, merchant, { quantity: '1000', minLimit: '7', maxLimit: '100000' });
    for (let i = 0; i < 25; i++) {
      const buyer = buyers[i % buyers.length]!;
      const order = await startOrder(t, buyer, ad.id, '2');
      await pay(t, buyer, order.orderId);
      t.clock.advance((t.config.C2C_RELEASE_MINUTES * 60 + 1) * 1000);
      const id = order.orderId;
      const results = await Promise.all([
        t.call(transactionApi.completed, { id, pin: TEST_PIN }, merchant.token),
        t.call(transactionApi.appealing, { id, reason: 'race', proof: ['/uploads/p.png'] }, buyer.token),
        t.call(transactionApi.completed, { id, pin: TEST_PIN }, merchant.token),
        t.call(transactionApi.appealing, { id, reason: 'race' }, merchant.token),
      ]);
      for (const r of results) expect([1000, ErrorCode.OrderStatusInvalid]).toContain(r.code);
      const status = await statusOf(id);
      expect(['completed', 'appealing']).toContain(status);
      // Released: both of the seller's calls answer the released order (the second replays the first);
      // appealed: exactly one appeal wins. Either way the loser's calls are refused.
      const codes = results.map((r) => r.code);
      const refused = ErrorCode.OrderStatusInvalid;
      expect(codes).toEqual(
        status === 'completed'
          ? [1000, refused, 1000, refused]
          : [refused, expect.any(Number), refused, expect.any(Number)],
      );
      if (status === 'appealing') expect(codes.filter((c) => c === 1000)).toHaveLength(1);
      expect(await entries(id, 'release')).toBe(status === 'completed' ? 1 : 0);
    }
    await expectBooks(t);
  }, 180_000);

  it('cancel vs pay, fired at the same pending order many times: exactly one wins', async () => {
    const ad = await createAd(t, merchant, { quantity: '1000', minLimit: '7', maxLimit: '100000' });
    // Each buyer may cancel 3 a day: fresh buyers for this test.
    const racers = await Promise.all(Array.from({ length: 15 }, () => createTrader(t)));
    for (const buyer of [...racers, ...racers]) {
      const order = await startOrder(t, buyer, ad.id, '2');
      const id = order.orderId;
      const results = await Promise.all([
        t.call(transactionApi.canceled, { id }, buyer.token),
        t.call(transactionApi.payment, { id }, buyer.token),
        t.call(transactionApi.canceled, { id }, buyer.token),
        t.call(transactionApi.payment, { id }, buyer.token),
      ]);
      for (const r of results) expect([1000, ErrorCode.OrderStatusInvalid]).toContain(r.code);
      expect(results.filter((r) => r.code === 1000)).toHaveLength(1);
      const status = await statusOf(id);
      expect(['canceled', 'payment']).toContain(status);
      expect(await entries(id, 'cancel')).toBe(status === 'canceled' ? 1 : 0);
      if (status === 'payment') {
        await t.ok(transactionApi.appealing, { id, reason: 'tidy up' }, merchant.token);
      }
    }
    await expectBooks(t);
  }, 180_000);

  it('two sweepers vs pay around the payment deadline: one outcome per order', async () => {
    const ad = await createAd(t, merchant, { quantity: '1000', minLimit: '7', maxLimit: '100000' });
    const outcomes = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const buyer = buyers[i % buyers.length]!;
      const order = await startOrder(t, buyer, ad.id, '2');
      const id = order.orderId;
      const delay = i % 10;
      // The payment deadline (15 minutes, the factories' ads) falls `delay` ms from now.
      t.clock.advance(15 * 60 * 1000 - delay);
      await sleep(delay);
      const [paid] = await Promise.all([
        t.call(transactionApi.payment, { id }, buyer.token),
        t.jobs.runNow('c2c-order-expiry'),
        second.jobs.runNow('c2c-order-expiry'),
      ]);
      // A sweep may have started just before the deadline: sweep again so every late order is settled.
      await t.jobs.runNow('c2c-order-expiry');
      const status = await statusOf(id);
      outcomes.add(status);
      expect([1000, ErrorCode.OrderStatusInvalid, ErrorCode.PaymentDeadlinePassed]).toContain(paid.code);
      if (paid.code === 1000) {
        expect(status).toBe('payment');
        expect(await entries(id, 'cancel')).toBe(0);
      } else {
        expect(status).toBe('canceled');
        expect(await entries(id, 'cancel')).toBe(1);
      }
    }
    await expectBooks(t);
    const total = await balanceOf(t, merchant);
    expect(total.available.startsWith('-')).toBe(false);
  }, 180_000);

  it('support completing and canceling the same appeal at once: exactly one wins', async () => {
    const ad = await createAd(t, merchant, { quantity: '1000', minLimit: '7', maxLimit: '100000' });
    const admin = await adminToken(t);
    for (let i = 0; i < 15; i++) {
      const buyer = buyers[i % buyers.length]!;
      const { orderId: id } = await startOrder(t, buyer, ad.id, '2');
      await pay(t, buyer, id);
      await t.ok(transactionApi.appealing, { id, reason: 'race' }, merchant.token);
      const results = await Promise.all(
        (['completed', 'canceled', 'completed', 'canceled'] as const).map((result) =>
          t.call(adminC2cApi.appealResolve, { id, result, note: result }, admin),
        ),
      );
      for (const r of results) expect([1000, ErrorCode.OrderStatusInvalid]).toContain(r.code);
      expect(results.filter((r) => r.code === 1000)).toHaveLength(1);
      expect((await entries(id, 'release')) + (await entries(id, 'cancel'))).toBe(1);
    }
    await expectBooks(t);
  }, 180_000);

  it('webhook jobs in two processes post each delivery once', async () => {
    const hits = new Map<string, number>();
    const server = http.createServer((req, res) => {
      const id = String(req.headers['x-delivery-id']);
      hits.set(id, (hits.get(id) ?? 0) + 1);
      req.resume();
      req.on('end', () => res.end());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const shop = await createMerchant(t, '1000');
      await t.ok(merchantApi.apiKey, { pin: TEST_PIN }, shop.token);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      await t.ok(merchantApi.update, { webhookUrl: url }, shop.token);
      const ad = await createAd(t, shop, { quantity: '500', minLimit: '7', maxLimit: '100000' });
      await Promise.all(buyers.map((b) => startOrder(t, b, ad.id, '2')));
      let sent = 0;
      for (let round = 0; round < 5; round++) {
        const [a, b] = await Promise.all([t.jobs.runNow('c2c-webhooks'), second.jobs.runNow('c2c-webhooks')]);
        sent += a + b;
      }
      expect(sent).toBe(buyers.length);
      expect(hits.size).toBe(buyers.length);
      expect([...hits.values()].every((n) => n === 1)).toBe(true);
    } finally {
      server.close();
    }
  }, 120_000);
});
