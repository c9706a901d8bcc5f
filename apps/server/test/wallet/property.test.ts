import { randomUUID } from 'node:crypto';
import { adminWalletApi, ErrorCode, formatUsdt, parseUsdt, walletApi } from '@chatpay/shared';
import { gt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/lib/errors.ts';
import { verifyLedger } from '../../src/modules/wallet/ledger/verify.ts';
import { transferFunds } from '../../src/modules/wallet/transfer.ts';
import { createTestApp, engine, type TestApp } from '../helpers/app.ts';
import { adminToken, balanceOf, createUser, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';

/**
 * Random batches of money operations, each batch run concurrently: wallet transfers through the HTTP API
 * (valid and invalid amounts, self, unknown member, overdrafts), transfers through the in-transaction
 * function other modules call, admin credits and debits, and reused request ids (same parameters: a replay;
 * other parameters: a conflict). After every run the books verify, the balances sum to zero, and every
 * member's balance is exactly what the successful answers say moved.
 */
const MEMBERS = 5;
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 50);

const validAmount = fc
  .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([whole, micro]) => formatUsdt(BigInt(whole) * 1_000_000n + BigInt(micro)));
const anyAmount = fc.oneof(
  { weight: 8, arbitrary: validAmount },
  {
    weight: 2,
    arbitrary: fc.constantFrom('0.99', '0', '-3', 'abc', '1.0000001', '1e2', '', '500', '99999.5'),
  },
);

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const rid = fc.integer({ min: 0, max: 12 });
const op = fc.oneof(
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
]);

describe(`ledger property (${engine})`, () => {
  let t: TestApp;
  let members: TestUser[];
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    members = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await createUser(t));
    await Promise.all(members.map((m) => setPin(t, m)));
    admin = await adminToken(t);
  });
  afterAll(() => t?.stop());

  it('the books always balance and match what the answers say', async () => {
    let run = 0;
    let operations = 0;
    let replays = 0;
    const codes = new Map<number, number>();
    const count = (code: number) => codes.set(code, (codes.get(code) ?? 0) + 1);
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

        const execute = async (o: Op) => {
          operations++;
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
              const d = res.data as { id: number; amount: string };
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
            const d = res.data as { id: number; amount: string };
            const amount = d.amount.startsWith('-') ? -parseUsdt(d.amount.slice(1)) : parseUsdt(d.amount);
            record(d.id, [[o.who, amount]]);
          }
        };

        for (const ops of batches) {
          await Promise.all(
            ops.flatMap(({ op: o, twice }) => (twice ? [execute(o), execute(o)] : [execute(o)])),
          );
        }

        const report = await verifyLedger(t.database.db);
        expect(report.problems).toEqual([]);
        expect(report.memberTotal + report.systemTotal).toBe(0n);
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
          let expected = parseUsdt(start[i]!.available);
          for (const deltas of moved.values()) expected += deltas.get(i) ?? 0n;
          expect(end[i]!.available).toBe(formatUsdt(expected));
        });
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    // The generator really reaches the interesting cases.
    expect(operations).toBeGreaterThan(RUNS * 10);
    expect(replays).toBeGreaterThan(0);
    for (const code of [
      1000,
      ErrorCode.InsufficientBalance,
      ErrorCode.IdempotencyConflict,
      ErrorCode.Validation,
    ]) {
      expect(codes.get(code) ?? 0, `code ${code}`).toBeGreaterThan(0);
    }
    console.info(
      `ledger property: ${operations} operations in ${RUNS} runs, ${replays} replays`,
      Object.fromEntries(codes),
    );
  }, 120_000);
});
