/**
 * `npm run bench:market` — 1,000 concurrent `transaction/start` calls on one sell ad (more than it can fill),
 * then random pay/release, cancel and appeal/resolve on the orders that were accepted, through HTTP against
 * one server process on PostgreSQL. Reports orders/s, latency p50/p95/p99, transitions/s and the oversell
 * count (must be 0), and checks the books. Baseline in the same run: raw single-row INSERT commits/s on the
 * same PostgreSQL from 32 connections.
 * Settings: BENCH_MARKET_TAKERS (default 1000), BENCH_MARKET_QUANTITY (USDT on the ad, default 5000),
 * BENCH_CONCURRENCY (phase 2 workers, default 32).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adminC2cApi,
  adminWalletApi,
  advertisingApi,
  bankApi,
  type Endpoint,
  type InputOf,
  merchantApi,
  successData,
  testKycApi,
  transactionApi,
  userApi,
} from '@chatpay/shared';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify.ts';
import { startServerProcess } from '../apps/server/test/helpers/process.ts';
import { httpClient } from '../test-support/http.ts';
import {
  freePort,
  freshDatabase,
  percentiles,
  profileOptions,
  rawCommitBaseline,
  report,
  setting,
} from './lib.ts';
import { SEED_PASSWORD, seedMembers } from './seed.ts';

const TAKERS = setting('BENCH_MARKET_TAKERS', 1000);
const QUANTITY = setting('BENCH_MARKET_QUANTITY', 5000);
const CONCURRENCY = setting('BENCH_CONCURRENCY', 32);
const ORDER_COINS = 10;
const PIN = '135790';

const main = async () => {
  const database = await freshDatabase('bench_market');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-market-'));
  const jwtSecret = randomUUID() + randomUUID();
  // Baseline: the cost of a commit on this PostgreSQL.
  const raw = await rawCommitBaseline(database.url, 3, 32);

  const server = await startServerProcess(
    {
      PORT: String(await freePort()),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '1000000',
      LOGIN_RATE_LIMIT: '100000',
      SUPPORT_PASSWORD: 'support-pass-1',
      C2C_DAILY_CANCEL_LIMIT: '100',
      C2C_MAX_OPEN_ORDERS: '100',
      SWEEP_INTERVAL_SECONDS: '0',
      // The bench funds its members with admin credits and releases many orders with one PIN.
      ADJUST_APPROVAL_CAP_USDT: '1000000000',
      ADJUST_DAILY_CAP_USDT: '1000000000',
      PIN_RATE_LIMIT: '100000',
      LOGIN_ADDRESS_RATE_LIMIT: '100000',
    },
    profileOptions('market'),
  );
  try {
    const api = httpClient(server.url);

    const [merchant, ...takers] = await seedMembers(database.url, jwtSecret, TAKERS + 1, 'marketbench');
    const admin = (await api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' })).token;
    const support = (await api.ok(userApi.loginByName, { username: 'support', password: 'support-pass-1' }))
      .token;
    await api.ok(userApi.setPayPassword, { password: SEED_PASSWORD, pin: PIN }, merchant!.token);
    // Verified members (docs/design/identity.md) through the test servers' grant (TEST_KYC_GRANT).
    await api.ok(testKycApi.grant, { userId: merchant!.id, level: 2, realName: 'Bench' }, admin);
    for (const taker of takers) await api.ok(testKycApi.grant, { userId: taker.id, level: 1 }, admin);
    await api.ok(merchantApi.apply, { name: 'Bench Shop' }, merchant!.token);
    await api.ok(adminC2cApi.merchantReview, { userId: merchant!.id, approve: true }, admin);
    await api.ok(
      adminWalletApi.adjust,
      { userId: merchant!.id, amount: String(QUANTITY), reason: 'bench', requestId: randomUUID() },
      admin,
    );
    const card = await api.ok(
      bankApi.add,
      { type: 'bank', name: 'Bench', cardNumber: '6222020200112233', bankName: 'ICBC' },
      merchant!.token,
    );
    const ad = await api.ok(
      advertisingApi.publish,
      {
        type: 'sell',
        paymentMethodId: card.id,
        price: '7.00',
        quantity: String(QUANTITY),
        minLimit: '7.00',
        maxLimit: '7000.00',
        timeLimit: 15,
      },
      merchant!.token,
    );

    // Phase 1: every taker starts an order at the same moment.
    const latencies: number[] = [];
    const codes = new Map<number, number>();
    const accepted: { id: number; buyer: string }[] = [];
    const t0 = performance.now();
    await Promise.all(
      takers.map(async (taker) => {
        const started = performance.now();
        const res = await api.call(
          transactionApi.start,
          { adId: ad.id, amountCoin: String(ORDER_COINS), requestId: randomUUID() },
          taker.token,
        );
        latencies.push(performance.now() - started);
        codes.set(res.code, (codes.get(res.code) ?? 0) + 1);
        if (res.code === 1000)
          accepted.push({ id: successData(transactionApi.start, res).orderId, buyer: taker.token });
      }),
    );
    const startSeconds = (performance.now() - t0) / 1000;

    // Phase 2: each accepted order goes one of three ways, CONCURRENCY at a time.
    const transitionLatency: number[] = [];
    let transitions = 0;
    let transitionErrors = 0;
    const step = async <E extends Endpoint>(endpoint: E, input: InputOf<E>, token: string) => {
      const started = performance.now();
      const res = await api.call(endpoint, input, token);
      transitionLatency.push(performance.now() - started);
      if (res.code === 1000) transitions++;
      else transitionErrors++;
    };
    let next = 0;
    const t1 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < accepted.length) {
          const order = accepted[next++]!;
          const fate = Math.random();
          if (fate < 0.3) {
            await step(transactionApi.canceled, { id: order.id }, order.buyer);
            continue;
          }
          await step(transactionApi.payment, { id: order.id }, order.buyer);
          if (fate < 0.7) {
            await step(transactionApi.completed, { id: order.id, pin: PIN }, merchant!.token);
          } else {
            await step(transactionApi.appealing, { id: order.id, reason: 'bench' }, merchant!.token);
            await step(
              adminC2cApi.appealResolve,
              { id: order.id, result: fate < 0.85 ? 'completed' : 'canceled', note: 'bench' },
              support,
            );
          }
        }
      }),
    );
    const transitionSeconds = (performance.now() - t1) / 1000;

    // Oversell: the orders never hold more than the ad had; the ad's remaining never goes below zero.
    const { db, close } = await openDatabase({ url: database.url, dataDir: null });
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    const sold = await check.query(
      `SELECT a.quantity::text AS quantity, a.remaining::text AS remaining,
              coalesce((SELECT sum(amount_coin) FROM c2c_orders o WHERE o.ad_id = a.id AND o.status <> 'canceled'), 0)::text AS held
       FROM c2c_ads a WHERE a.id = $1`,
      [ad.id],
    );
    await check.end();
    const row = sold.rows[0] as { quantity: string; remaining: string; held: string };
    const oversell = BigInt(row.held) > BigInt(row.quantity) || BigInt(row.remaining) < 0n ? 1 : 0;
    const books = await verifyLedger(db);
    await close();

    const ordersPerSecond = Math.round((accepted.length / startSeconds) * 10) / 10;
    report(
      'market',
      {
        settings: { takers: TAKERS, adQuantity: QUANTITY, orderCoins: ORDER_COINS, concurrency: CONCURRENCY },
        baselineRawInsert: raw,
        start: {
          calls: TAKERS,
          accepted: accepted.length,
          answers: Object.fromEntries(codes),
          seconds: Math.round(startSeconds * 100) / 100,
          ordersPerSecond,
          callsPerSecond: Math.round((TAKERS / startSeconds) * 10) / 10,
          latencyMs: percentiles(latencies),
        },
        transitions: {
          done: transitions,
          errors: transitionErrors,
          perSecond: Math.round((transitions / transitionSeconds) * 10) / 10,
          latencyMs: percentiles(transitionLatency),
        },
        oversell,
        ad: row,
        ordersVsRawPercent: Math.round((ordersPerSecond / raw.perSecond) * 1000) / 10,
        ledgerVerify: { ok: books.ok, problems: books.problems.length },
      },
      `${TAKERS} concurrent starts: ${accepted.length} accepted at ${ordersPerSecond} orders/s (p99 ${percentiles(latencies).p99} ms), ` +
        `oversell ${oversell}; ${transitions} transitions at ${Math.round((transitions / transitionSeconds) * 10) / 10}/s ` +
        `(errors ${transitionErrors}); raw commits ${raw.perSecond}/s; ledger:verify ${books.ok ? 'OK' : 'FAILED'}`,
    );
    if (oversell || !books.ok) process.exitCode = 1;
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
};

await main();
