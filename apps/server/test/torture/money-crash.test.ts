import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adminC2cApi,
  appGoodsApi,
  ErrorCode,
  parseUsdt,
  payDeskApi,
  redPacketApi,
  successData,
  transactionApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { verifyLedger } from '../../src/modules/ledger/verify.ts';
import { createAd, createMerchant } from '../c2c/factories.ts';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { createGroup, createUser, credit, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { remoteCaller } from '../helpers/remote.ts';
import { sleep } from '../helpers/wait.ts';

/**
 * Money torture: members move money (wallet transfers, red packets and their claims, pay-desk
 * purchases, C2C orders that are canceled, released or appealed and resolved by support) through two server
 * processes while each process in turn is killed with SIGKILL and started
 * again, and the red packet sweeper runs every second. Every call is retried like a real client does: the
 * same requestId (or, for a claim or a payment, the same packet or order) until an answer arrives.
 * Afterwards the books verify, the money in the system equals what was credited, and every operation was
 * applied exactly once. TORTURE_SCALE multiplies the operations for a longer manual run.
 */
const enabled = engine === 'postgres' && Boolean(process.env.TEST_REDIS_URL);
const SCALE = Number(process.env.TORTURE_SCALE ?? 1);
const OPS_PER_MEMBER = 25 * SCALE;
const MEMBERS = 5;
const CREDIT = '500.00';

let live: ServerProcess[] = [];
const api = remoteCaller(() => live);

describe.skipIf(!enabled)('money through two processes that are killed with SIGKILL', () => {
  let shared: Record<string, string>;
  let databaseUrl: string;
  let dropDb: () => Promise<void>;
  const dataDirs: string[] = [];

  const start = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-money-'));
    dataDirs.push(dir);
    return startServerProcess({ ...shared, DATA_DIR: dir });
  };

  beforeAll(async () => {
    const db = await createPgDatabase();
    databaseUrl = db.url;
    dropDb = db.drop;
    shared = {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `money-${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
      // Both processes must pepper PINs alike (each would otherwise generate its own under its DATA_DIR).
      PIN_PEPPER: randomUUID() + randomUUID(),
      API_RATE_LIMIT: '1000000',
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_ADDRESS_RATE_LIMIT: '100000',
      PIN_RATE_LIMIT: '100000',
      ADJUST_APPROVAL_CAP_USDT: '1000000000',
      ADJUST_DAILY_CAP_USDT: '1000000000',
      OUTFLOW_DAILY_LIMIT_USDT: '0',
      CHAT_SEND_RATE_LIMIT: '100000',
      RED_PACKET_TTL_SECONDS: '3',
      SUPPORT_PASSWORD: 'support-pass-1',
      C2C_DAILY_CANCEL_LIMIT: '100',
      C2C_MAX_OPEN_ORDERS: '100',
      SWEEP_INTERVAL_SECONDS: '1',
    };
    live = await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(live.map((p) => p.kill()));
    await dropDb?.();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps the books balanced and applies every operation exactly once', async () => {
    const members: TestUser[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await createUser(api, { nickName: `M${i}`, level: 1 }));
    for (const m of members) {
      await setPin(api, m);
      await credit(api, m, CREDIT);
    }
    const group = await createGroup(api, members[0]!, members.slice(1));
    const memberIds = new Map(members.map((m) => [m.id, m]));
    const profile = async (m: TestUser) => (await api.ok(walletApi.balance, {}, m.token)).total;
    const memberIdOf = new Map<number, string>();
    for (const m of members) {
      memberIdOf.set(m.id, (await api.ok(userApi.person, {}, m.token)).memberId);
    }

    const goods = (await api.ok(appGoodsApi.list, {}, members[0]!.token)).sort((a, b) =>
      Number(parseUsdt(a.price) - parseUsdt(b.price)),
    )[0]!;
    const merchant = await createMerchant(api, '3000');
    const ad = await createAd(api, merchant, { quantity: '2500', minLimit: '7.00', maxLimit: '7000.00' });
    const { token: support } = await api.ok(userApi.loginByName, {
      username: 'support',
      password: 'support-pass-1',
    });
    const done = { transfers: 0, packets: 0, claims: 0, purchases: 0, orders: 0 };
    const packetIds: number[] = [];
    const refused: string[] = [];
    const expectOk = (what: string, res: { code: number; message: string }) => {
      if (res.code !== 1000) refused.push(`${what}: ${res.code} ${res.message}`);
      return res.code === 1000;
    };

    /** An action on an order; a retry whose first attempt went through finds the order already moved on. */
    const act = async (
      what: string,
      call: () => Promise<{ code: number; message: string }>,
      id: number,
      to: string,
    ) => {
      const res = await call();
      if (res.code === 1000) return true;
      const now = await api.call(transactionApi.detail, { id }, merchant.token);
      if (now.code === 1000 && successData(transactionApi.detail, now).status === to) return true;
      refused.push(`${what}: ${res.code} ${res.message}`);
      return false;
    };
    /** A C2C order on the merchant's sell ad: canceled, released, or appealed by the seller and resolved. */
    const trade = async (buyer: TestUser, op: number) => {
      const started = await api.call(
        transactionApi.start,
        { adId: ad.id, amountCoin: '2', requestId: `torture-c-${buyer.id}-${op}` },
        buyer.token,
      );
      if (!expectOk('start', started)) return;
      const id = successData(transactionApi.start, started).orderId;
      done.orders++;
      const fate = op % 3;
      if (fate === 0) {
        await act('cancel', () => api.call(transactionApi.canceled, { id }, buyer.token), id, 'canceled');
        return;
      }
      if (!(await act('pay', () => api.call(transactionApi.payment, { id }, buyer.token), id, 'payment')))
        return;
      if (fate === 1) {
        const release = () => api.call(transactionApi.completed, { id, pin: TEST_PIN }, merchant.token);
        await act('release', release, id, 'completed');
        return;
      }
      const appeal = () => api.call(transactionApi.appealing, { id, reason: 'not received' }, merchant.token);
      if (!(await act('appeal', appeal, id, 'appealing'))) return;
      const result = op % 2 ? 'completed' : 'canceled';
      const resolve = () => api.call(adminC2cApi.appealResolve, { id, result, note: 'checked' }, support);
      await act('resolve', resolve, id, result);
    };

    let crashed = false;
    const member = async (me: TestUser, index: number) => {
      // At least OPS_PER_MEMBER operations, and on until both processes have been killed and are back.
      for (let op = 0; op < OPS_PER_MEMBER || !crashed; op++) {
        const roll = (op + index) % 5;
        if (roll === 0) {
          const to = members[(index + 1 + (op % (MEMBERS - 1))) % MEMBERS]!;
          const requestId = `torture-t-${me.id}-${op}`;
          const res = await api.call(
            walletApi.transfer,
            { memberId: memberIdOf.get(to.id)!, amount: '1.50', pin: TEST_PIN, requestId },
            me.token,
          );
          if (expectOk('transfer', res)) done.transfers++;
        } else if (roll === 1) {
          const res = await api.call(
            redPacketApi.send,
            {
              sessionId: group.sessionId,
              kind: op % 2 ? 'lucky' : 'equal',
              count: 3,
              amount: op % 2 ? '3.00' : '1.00',
              pin: TEST_PIN,
              requestId: `torture-p-${me.id}-${op}`,
            },
            me.token,
          );
          if (expectOk('packet', res)) {
            done.packets++;
            packetIds.push(successData(redPacketApi.send, res).packet.id);
          }
        } else if (roll === 2) {
          const id = packetIds[Math.floor(Math.random() * packetIds.length)];
          if (id === undefined) continue;
          const res = await api.call(redPacketApi.claim, { id }, me.token);
          // Already claimed (possibly by my own attempt whose answer died with a process), all gone or expired.
          if (res.code === 1000) done.claims++;
          else if (
            ![
              ErrorCode.RedPacketAlreadyClaimed,
              ErrorCode.RedPacketFinished,
              ErrorCode.RedPacketExpired,
            ].includes(res.code as never)
          )
            refused.push(`claim: ${res.code} ${res.message}`);
        } else if (roll === 4) {
          await trade(me, op);
        } else {
          const created = await api.call(
            payDeskApi.create,
            { goodsId: goods.id, requestId: `torture-o-${me.id}-${op}` },
            me.token,
          );
          if (!expectOk('order', created)) continue;
          const { orderNo } = successData(payDeskApi.create, created);
          const paid = await api.call(payDeskApi.pay, { orderNo, pin: TEST_PIN }, me.token);
          if (paid.code === 1000 || paid.code === ErrorCode.PayOrderPaid) done.purchases++;
          else refused.push(`pay: ${paid.code} ${paid.message}`);
        }
        await sleep(Math.random() * 30);
      }
    };

    // Kill process 2, start it again, then the same for process 1, while the members keep going.
    const crash = async (victim: ServerProcess) => {
      live = live.filter((p) => p !== victim);
      await victim.kill('SIGKILL');
      await sleep(300);
      live = [...live, await start()];
    };
    const crashes = (async () => {
      await sleep(800);
      await crash(live[1]!);
      await sleep(800);
      await crash(live[0]!);
      crashed = true;
    })();
    await Promise.all(members.map((m, i) => member(m, i)));
    await crashes;
    // Let every packet expire and the sweeper return the rest.
    await sleep(4500);

    expect(refused).toEqual([]);
    expect(done.transfers + done.packets + done.purchases + done.orders).toBeGreaterThan(
      MEMBERS * OPS_PER_MEMBER * 0.6,
    );

    let feeTotal = 0n;
    const { db, close } = await openDatabase({ url: databaseUrl, dataDir: null });
    try {
      const books = await verifyLedger(db);
      expect(books.problems).toEqual([]);
      expect(books.ok).toBe(true);
      // Exactly once: one entry per acknowledged operation, counted by the keys the services derive.
      const count = async (pattern: string) => {
        const rows = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from ledger_entries where idempotency_key like ${pattern}`,
        );
        return Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
      };
      expect(await count('transfer:%')).toBe(done.transfers);
      // A claim whose answer was lost is retried and then answers "already claimed": count on the server.
      const claims = await db.execute<{ n: number }>(sql`select count(*)::int as n from red_packet_claims`);
      const claimRows = Number((claims as unknown as { rows: { n: number }[] }).rows[0]!.n);
      expect(claimRows).toBeGreaterThanOrEqual(done.claims);
      expect(await count('redpacket:%:claim:%')).toBe(claimRows);
      expect(await count('pay:%')).toBe(done.purchases);
      // No order both canceled and completed; every order ended, each way exactly once in the books.
      const both = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from c2c_orders o where
              exists (select 1 from ledger_entries e where e.idempotency_key = 'c2c:order:' || o.id || ':release')
          and exists (select 1 from ledger_entries e where e.idempotency_key = 'c2c:order:' || o.id || ':cancel')`,
      );
      expect(Number((both as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
      const statuses = await db.execute<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from c2c_orders group by status`,
      );
      const byStatus: Record<string, number> = Object.fromEntries(
        (statuses as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => [r.status, r.n]),
      );
      expect(Object.keys(byStatus).sort()).toEqual(['canceled', 'completed']);
      expect((byStatus.canceled ?? 0) + (byStatus.completed ?? 0)).toBe(done.orders);
      expect(await count('c2c:order:%:start')).toBe(done.orders);
      expect(await count('c2c:order:%:release')).toBe(byStatus.completed ?? 0);
      expect(await count('c2c:order:%:cancel')).toBe(byStatus.canceled ?? 0);
      // Every packet ended (all claimed, or swept back), so no money is left in escrow.
      const open = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from red_packets where status = 'open'`,
      );
      expect(Number((open as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
      const fees = await db.execute<{ balance: string }>(
        sql`select coalesce(sum(balance), 0)::text as balance from ledger_accounts where code = 'c2c-fees'`,
      );
      feeTotal = BigInt((fees as unknown as { rows: { balance: string }[] }).rows[0]!.balance);
    } finally {
      await close();
    }
    // The money in members' hands (the merchant's too) plus what the pay desk and the C2C fees took equals
    // what was credited.
    let membersTotal: bigint = parseUsdt(await profile(merchant));
    for (const m of memberIds.values()) membersTotal += parseUsdt(await profile(m));
    const revenue = parseUsdt(goods.price) * BigInt(done.purchases);
    expect(membersTotal + revenue + feeTotal).toBe(parseUsdt(CREDIT) * BigInt(MEMBERS) + parseUsdt('3000'));
  }, 300_000);
});
