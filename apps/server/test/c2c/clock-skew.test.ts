import { createContractClient, transactionApi } from '@chatpay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/connection.ts';
import type { ManualClock } from '../../src/lib/clock.ts';
import { engine, injectTransport, useTestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import { createAd, createMerchant, createTrader, expectBooks, startOrder } from './factories.ts';

const SKEW_MS = 90_000;

/**
 * Two server processes on one database, one of them on a host whose clock runs 90 s fast. Deadlines follow the
 * database's clock, so both agree on when an order's payment time ends. PGlite is one process: PostgreSQL only.
 */
describe.runIf(engine === 'postgres')('deadlines with a host clock 90 s fast', () => {
  const t = useTestApp();
  let fast: App;
  let fastClient: ReturnType<typeof createContractClient>;
  let merchant: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    fast = await buildApp(t.config, await openDatabase({ url: t.config.DATABASE_URL!, dataDir: null }), {
      hostTime: () => Date.now() + SKEW_MS,
    });
    fastClient = createContractClient(injectTransport(fast));
    merchant = await createMerchant(t, '1000');
    buyer = await createTrader(t);
  });
  afterAll(async () => {
    await fast?.close();
    await expectBooks(t);
  });

  /** Moves both processes' test clocks by the same amount, as real time passes for both. */
  const advance = (ms: number) => {
    t.clock.advance(ms);
    (fast.clock as ManualClock).advance(ms);
  };
  /** How long the order's payment time has left, as its answer said (whole seconds). */
  const payLeftMs = (order: { payTimeLeft: number }) => order.payTimeLeft * 1000;

  it('reads the same time as the other process', () => {
    expect(Math.abs(fast.clock.now().getTime() - t.clock.now().getTime())).toBeLessThan(2000);
  });

  it('accepts a payment 50 s before the deadline on the fast host', async () => {
    const ad = await createAd(t, merchant);
    const order = await startOrder(t, buyer, ad.id);
    advance(payLeftMs(order) - 50_000);
    const paid = await fastClient.ok(transactionApi.payment, { id: order.orderId }, buyer.token);
    expect(paid.status).toBe('payment');
  });

  it('does not cancel an order 30 s before its deadline on the fast host, and does after it', async () => {
    const ad = await createAd(t, merchant);
    const order = await startOrder(t, buyer, ad.id);
    advance(payLeftMs(order) - 30_000);
    await fast.jobs.runNow('c2c-order-expiry');
    expect((await t.ok(transactionApi.detail, { id: order.orderId }, buyer.token)).status).toBe('pending');

    advance(60_000);
    await fast.jobs.runNow('c2c-order-expiry');
    expect((await t.ok(transactionApi.detail, { id: order.orderId }, buyer.token)).status).toBe('canceled');
  });
});
