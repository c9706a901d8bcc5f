import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  appGoodsApi,
  ErrorCode,
  type GoodsItem,
  parseUsdt,
  payDeskApi,
  redPacketApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { verifyLedger } from '../../src/modules/wallet/ledger/verify.ts';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { createGroup, createUser, credit, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { remoteCaller } from '../helpers/remote.ts';

/**
 * Issue 7, money torture: members move money (wallet transfers, red packets and their claims, pay-desk
 * purchases) through two server processes while each process in turn is killed with SIGKILL and started
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
      API_RATE_LIMIT: '1000000',
      LOGIN_RATE_LIMIT: '100000',
      CHAT_SEND_RATE_LIMIT: '100000',
      RED_PACKET_TTL_SECONDS: '3',
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
    for (let i = 0; i < MEMBERS; i++) members.push(await createUser(api, { nickName: `M${i}` }));
    for (const m of members) {
      await setPin(api, m);
      await credit(api, m, CREDIT);
    }
    const group = await createGroup(api, members[0]!, members.slice(1));
    const memberIds = new Map(members.map((m) => [m.id, m]));
    const profile = async (m: TestUser) =>
      ((await api.call(walletApi.balance, {}, m.token)).data as { total: string }).total;
    const memberIdOf = new Map<number, string>();
    for (const m of members) {
      const res = await api.call(userApi.person, {}, m.token);
      memberIdOf.set(m.id, (res.data as { memberId: string }).memberId);
    }

    const goods = ((await api.call(appGoodsApi.list, {}, members[0]!.token)).data as GoodsItem[]).sort(
      (a, b) => Number(parseUsdt(a.price) - parseUsdt(b.price)),
    )[0]!;
    const done = { transfers: 0, packets: 0, claims: 0, purchases: 0 };
    const packetIds: number[] = [];
    const refused: string[] = [];
    const expectOk = (what: string, res: { code: number; message: string }) => {
      if (res.code !== 1000) refused.push(`${what}: ${res.code} ${res.message}`);
      return res.code === 1000;
    };

    let crashed = false;
    const member = async (me: TestUser, index: number) => {
      // At least OPS_PER_MEMBER operations, and on until both processes have been killed and are back.
      for (let op = 0; op < OPS_PER_MEMBER || !crashed; op++) {
        const roll = (op + index) % 4;
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
            packetIds.push((res.data as { packet: { id: number } }).packet.id);
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
        } else {
          const created = await api.call(
            payDeskApi.create,
            { goodsId: goods.id, requestId: `torture-o-${me.id}-${op}` },
            me.token,
          );
          if (!expectOk('order', created)) continue;
          const orderNo = (created.data as { orderNo: string }).orderNo;
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
    expect(done.transfers + done.packets + done.purchases).toBeGreaterThan(MEMBERS * OPS_PER_MEMBER * 0.6);

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
      // Every packet ended (all claimed, or swept back), so no money is left in escrow.
      const open = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from red_packets where status = 'open'`,
      );
      expect(Number((open as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
    } finally {
      await close();
    }
    // The money in members' hands plus what the pay desk took equals what was credited.
    let membersTotal = 0n;
    for (const m of memberIds.values()) membersTotal += parseUsdt(await profile(m));
    const revenue = parseUsdt(goods.price) * BigInt(done.purchases);
    expect(membersTotal + revenue).toBe(parseUsdt(CREDIT) * BigInt(MEMBERS));
  }, 300_000);
});
