import { randomUUID } from 'node:crypto';
import {
  adminWalletApi,
  appGoodsApi,
  micro as asMicro,
  ErrorCode,
  formatUsdt,
  type GoodsItem,
  parseUsdt,
  payDeskApi,
  redPacketApi,
  successData,
  walletApi,
} from '@chatpay/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payOrders, redPacketClaims, redPackets } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/lib/errors.ts';
import { verifyLedger } from '../../src/modules/ledger/verify.ts';
import { sweepExpiredPackets } from '../../src/modules/wallet/redpacket/expiry.ts';
import { transferFunds } from '../../src/modules/wallet/transfer.ts';
import { engine, useTestApp } from '../helpers/app.ts';
import {
  adminToken,
  balanceOf,
  createGroup,
  createUser,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { expectEscrowMatchesPackets } from '../helpers/money.ts';

/**
 * Random batches of money operations, each batch run concurrently: wallet transfers through the HTTP API
 * (valid and invalid amounts, self, unknown member, overdrafts), transfers through the in-transaction
 * function other modules call, admin credits and debits, red packets in a group of all the members (sends,
 * claims, expiries and sweeper passes running side by side like several server processes), pay-desk purchases
 * (create + pay; a double-submitted op is a double pay), and reused request ids (same parameters: a replay;
 * other parameters: a conflict). After every run the books verify, the balances sum to zero, the red packet
 * escrow holds exactly what open packets hold, each packet's claims + refund + rest equal its total, and every
 * member's balance is exactly what the successful answers (and the sweeper's refunds) say moved.
 */
const MEMBERS = 5;
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 50);

const validAmount = fc
  .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([whole, frac]) => formatUsdt(asMicro(BigInt(whole) * 1_000_000n + BigInt(frac))));
const anyAmount = fc.oneof(
  { weight: 8, arbitrary: validAmount },
  {
    weight: 2,
    arbitrary: fc.constantFrom('0.99', '0', '-3', 'abc', '1.0000001', '1e2', '', '500', '99999.5'),
  },
);

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const rid = fc.integer({ min: 0, max: 12 });
/** Which recent red packet an op is about (0 = the newest). */
const recent = fc.integer({ min: 0, max: 7 });
const packetAmount = fc.oneof(
  { weight: 6, arbitrary: validAmount },
  { weight: 2, arbitrary: fc.constantFrom('0.01', '0.03', '0.05') },
  { weight: 1, arbitrary: fc.constantFrom('0.009', '0', '20000.01', '1.0000001', 'x') },
);
const op = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('packet' as const),
      from: member,
      kind: fc.constantFrom('equal' as const, 'lucky' as const),
      count: fc.integer({ min: 1, max: MEMBERS + 1 }),
      amount: packetAmount,
      rid,
    }),
  },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('claim' as const), who: member, packet: recent }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('expire' as const), packet: recent }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('sweep' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('pay' as const),
      who: member,
      goods: fc.integer({ min: 0, max: 3 }),
      rid,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('transfer' as const),
      from: member,
      to: fc.oneof({ weight: 9, arbitrary: member }, { weight: 1, arbitrary: fc.constant(-1) }),
      amount: anyAmount,
      rid,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('direct' as const),
      from: member,
      to: member,
      amount: fc.integer({ min: 1, max: 60_000_000 }),
      rid,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('adjust' as const),
      who: member,
      amount: fc.oneof(
        validAmount,
        validAmount.map((a) => `-${a}`),
      ),
      rid,
    }),
  },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
/** A batch runs concurrently; a `twice` op is submitted twice at once (a double-click). */
const batch = fc.array(fc.record({ op, twice: fc.integer({ min: 0, max: 4 }).map((n) => n === 0) }), {
  minLength: 1,
  maxLength: 12,
});

const allowed = new Set<number>([
  1000,
  ErrorCode.Validation,
  ErrorCode.AmountBelowMinimum,
  ErrorCode.InsufficientBalance,
  ErrorCode.IdempotencyConflict,
  ErrorCode.CannotTransferToSelf,
  ErrorCode.MemberNotFound,
  ErrorCode.RedPacketAmountTooSmall,
  ErrorCode.RedPacketAmountTooLarge,
  ErrorCode.RedPacketCountTooLarge,
  ErrorCode.RedPacketAlreadyClaimed,
  ErrorCode.RedPacketExpired,
  ErrorCode.RedPacketFinished,
  ErrorCode.PayOrderPaid,
]);

describe(`ledger property (${engine})`, () => {
  let members: TestUser[];
  let admin: string;
  let sessionId: number;
  let goods: GoodsItem[];
  /** Red packets sent so far, newest first. */
  const packets: number[] = [];
  const t = useTestApp();
  beforeAll(async () => {
    members = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await createUser(t));
    await Promise.all(members.map((m) => setPin(t, m)));
    admin = await adminToken(t);
    sessionId = (await createGroup(t, members[0]!, members.slice(1))).sessionId;
    goods = await t.ok(appGoodsApi.list, {}, members[0]!.token);
  }, 60_000);

  it('the books always balance and match what the answers say', async () => {
    let run = 0;
    let operations = 0;
    let replays = 0;
    const codes = new Map<number, number>();
    const count = (code: number) => codes.set(code, (codes.get(code) ?? 0) + 1);
    /** Successful movements by kind (the generator must reach each). */
    const kinds = new Map<string, number>();
    const done = (kind: string) => kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    const check = (res: { status: number; code: number; message: string }) => {
      expect(res.status).toBe(200);
      expect(allowed, `${res.code} ${res.message}`).toContain(res.code);
      count(res.code);
    };
    const indexOf = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 5 }), async (batches) => {
        run++;
        const tag = `${run}-${randomUUID().slice(0, 8)}`;
        const start = await Promise.all(members.map((m) => balanceOf(t, m)));
        const [{ maxBefore } = { maxBefore: 0 }] = await t.database.db
          .select({ maxBefore: sql<number>`COALESCE(MAX(${ledgerEntries.id}), 0)::int` })
          .from(ledgerEntries);
        /** Every movement an answer reported, by entry id (a replay reports the same id again). */
        const moved = new Map<number, Map<number, bigint>>();
        const record = (id: number, deltas: [number, bigint][]) => {
          const seen = moved.get(id);
          const next = new Map(deltas);
          if (seen) {
            replays++;
            expect([...seen]).toEqual([...next]);
            return;
          }
          moved.set(id, next);
        };

        for (const [i, m] of members.entries()) indexOf.set(m.id, i);
        const execute = async (o: Op) => {
          operations++;
          if (o.t === 'packet') {
            const from = members[o.from]!;
            const res = await t.call(
              redPacketApi.send,
              {
                sessionId,
                kind: o.kind,
                count: o.count,
                amount: o.amount,
                pin: TEST_PIN,
                requestId: `${tag}-r-${o.rid}`,
              },
              from.token,
            );
            check(res);
            if (res.code === 1000) {
              const { packet } = successData(redPacketApi.send, res);
              const [row] = await t.database.db
                .select({ entryId: redPackets.entryId })
                .from(redPackets)
                .where(eq(redPackets.id, packet.id));
              if (!packets.includes(packet.id)) packets.unshift(packet.id);
              record(row!.entryId!, [[o.from, -parseUsdt(packet.total)]]);
              done('packet');
            }
            return;
          }
          if (o.t === 'claim' || o.t === 'expire') {
            const id = packets[o.packet % Math.max(1, packets.length)];
            if (id === undefined) return;
            if (o.t === 'expire') {
              await t.database.db.execute(
                sql`update red_packets set expire_time = now() - interval '1 second' where id = ${id}`,
              );
              return;
            }
            const who = members[o.who]!;
            const res = await t.call(redPacketApi.claim, { id }, who.token);
            check(res);
            if (res.code === 1000) {
              const [row] = await t.database.db
                .select({ entryId: redPacketClaims.entryId })
                .from(redPacketClaims)
                .where(and(eq(redPacketClaims.packetId, id), eq(redPacketClaims.userId, who.id)));
              record(row!.entryId, [[o.who, parseUsdt(successData(redPacketApi.claim, res).amount)]]);
              done('claim');
            }
            return;
          }
          if (o.t === 'sweep') {
            // Called directly, so passes overlap like the sweepers of several server processes.
            await sweepExpiredPackets(t.database.db, t.realtime, t.clock);
            return;
          }
          if (o.t === 'pay') {
            const who = members[o.who]!;
            const created = await t.call(
              payDeskApi.create,
              { goodsId: goods[o.goods]!.id, requestId: `${tag}-p-${o.rid}-${o.goods}` },
              who.token,
            );
            check(created);
            if (created.code !== 1000) return;
            const order = successData(payDeskApi.create, created);
            const res = await t.call(payDeskApi.pay, { orderNo: order.orderNo, pin: TEST_PIN }, who.token);
            check(res);
            if (res.code === 1000) {
              const [row] = await t.database.db
                .select({ entryId: payOrders.entryId })
                .from(payOrders)
                .where(eq(payOrders.orderNo, order.orderNo));
              record(row!.entryId!, [[o.who, -parseUsdt(order.amount)]]);
              done('pay');
            }
            return;
          }
          if (o.t === 'transfer') {
            const from = members[o.from]!;
            const to = o.to < 0 ? null : members[o.to]!;
            const res = await t.call(
              walletApi.transfer,
              {
                memberId: to?.memberId ?? '10000001',
                amount: o.amount,
                pin: TEST_PIN,
                requestId: `${tag}-t-${o.rid}`,
              },
              from.token,
            );
            expect(res.status).toBe(200);
            expect(allowed, `${res.code} ${res.message}`).toContain(res.code);
            count(res.code);
            if (res.code === 1000) {
              const d = successData(walletApi.transfer, res);
              const amount = parseUsdt(d.amount);
              record(d.id, [
                [o.from, -amount],
                [o.to, amount],
              ]);
            }
            return;
          }
          if (o.t === 'direct') {
            try {
              const entry = await t.database.db.transaction((tx) =>
                transferFunds(tx, {
                  fromUserId: members[o.from]!.id,
                  toUserId: members[o.to]!.id,
                  amount: BigInt(o.amount),
                  key: `prop:${tag}:${o.from}:${o.rid}`,
                  kind: 'test-transfer',
                }),
              );
              count(1000);
              record(entry.id, [
                [o.from, -BigInt(o.amount)],
                [o.to, BigInt(o.amount)],
              ]);
            } catch (error) {
              expect(error).toBeInstanceOf(AppError);
              expect(allowed).toContain((error as AppError).code);
              count((error as AppError).code);
            }
            return;
          }
          const res = await t.call(
            adminWalletApi.adjust,
            {
              userId: members[o.who]!.id,
              amount: o.amount,
              reason: 'property',
              requestId: `${tag}-a-${o.rid}`,
            },
            admin,
          );
          expect(res.status).toBe(200);
          expect(allowed, `${res.code} ${res.message}`).toContain(res.code);
          count(res.code);
          if (res.code === 1000) {
            const d = successData(adminWalletApi.adjust, res);
            expect(d.status).toBe('posted');
            const amount = d.amount.startsWith('-') ? -parseUsdt(d.amount.slice(1)) : parseUsdt(d.amount);
            record(d.id!, [[o.who, amount]]);
          }
        };

        for (const ops of batches) {
          await Promise.all(
            ops.flatMap(({ op: o, twice }) => (twice ? [execute(o), execute(o)] : [execute(o)])),
          );
        }

        // The sweeper's refunds are movements no answer reports: read them from the books.
        const refunds = await t.database.db
          .select({
            id: ledgerEntries.id,
            senderId: redPackets.senderId,
            refunded: redPackets.refundedAmount,
          })
          .from(ledgerEntries)
          .innerJoin(redPackets, sql`${redPackets.id}::text = ${ledgerEntries.refId}`)
          .where(and(eq(ledgerEntries.kind, 'redpacket-refund'), gt(ledgerEntries.id, maxBefore)));
        for (const r of refunds) {
          record(r.id, [[indexOf.get(r.senderId)!, r.refunded]]);
          done('refund');
        }

        const report = await verifyLedger(t.database.db);
        expect(report.problems).toEqual([]);
        expect(report.memberTotal + report.systemTotal).toBe(0n);
        await expectEscrowMatchesPackets(t);
        const [broken] = await t.database.db
          .select({ id: redPackets.id })
          .from(redPackets)
          .where(
            sql`${redPackets.total} <> ${redPackets.remainingAmount} + ${redPackets.refundedAmount} + coalesce((select sum(c.amount) from ${redPacketClaims} c where c.packet_id = ${redPackets.id}), 0)
              or ${redPackets.count} <> ${redPackets.remainingCount} + (select count(*) from ${redPacketClaims} c where c.packet_id = ${redPackets.id})`,
          );
        expect(broken).toBeUndefined();
        // Exactly one entry per answered movement: no extra, none missing.
        const created = await t.database.db
          .select({ id: ledgerEntries.id })
          .from(ledgerEntries)
          .where(gt(ledgerEntries.id, maxBefore));
        expect(created.map((r) => r.id).sort((a, b) => a - b)).toEqual(
          [...moved.keys()].sort((a, b) => a - b),
        );
        const end = await Promise.all(members.map((m) => balanceOf(t, m)));
        members.forEach((_m, i) => {
          let expected: bigint = parseUsdt(start[i]!.available);
          for (const deltas of moved.values()) expected += deltas.get(i) ?? 0n;
          expect(end[i]!.available).toBe(formatUsdt(asMicro(expected)));
        });
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // The generator really reaches the interesting cases.
    expect(operations).toBeGreaterThan(RUNS * 10);
    expect(replays).toBeGreaterThan(0);
    for (const kind of ['packet', 'claim', 'refund', 'pay']) {
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
    for (const code of [
      1000,
      ErrorCode.InsufficientBalance,
      ErrorCode.IdempotencyConflict,
      ErrorCode.Validation,
      ErrorCode.RedPacketAlreadyClaimed,
    ]) {
      expect(codes.get(code) ?? 0, `code ${code}`).toBeGreaterThan(0);
    }
    console.info(
      `ledger property: ${operations} operations in ${RUNS} runs, ${replays} replays`,
      Object.fromEntries(codes),
      Object.fromEntries(kinds),
    );
  }, 600_000);
});
