import { randomUUID } from 'node:crypto';
import { ErrorCode, successData, walletApi } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/modules/ledger/verify.ts';
import { engine, useTestApp } from '../helpers/app.ts';
import { balanceOf, createUser, credit, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';

// PGlite runs one transaction at a time: real concurrency needs PostgreSQL.
describe.runIf(engine === 'postgres')('concurrent transfers on PostgreSQL', () => {
  let members: TestUser[];
  const t = useTestApp();
  beforeAll(async () => {
    members = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    await Promise.all(members.map((m) => setPin(t, m)));
    // Concurrent credits all lock the one external account.
    await Promise.all(members.map((m) => credit(t, m, '100')));
  });

  const transfer = (from: TestUser, to: TestUser, amount: string, requestId = randomUUID()) =>
    t.call(walletApi.transfer, { memberId: to.memberId, amount, pin: TEST_PIN, requestId }, from.token);

  it('opposite directions, overdrafts and first-time accounts: no deadlock, no negative, no 500', async () => {
    const fresh = await Promise.all([createUser(t), createUser(t)]);
    const jobs: Promise<{ status: number; code: number; data: unknown }>[] = [];
    for (let i = 0; i < 240; i++) {
      const from = members[i % 4]!;
      const to = i % 5 === 0 ? fresh[i % 2]! : members[(i + 1 + (i % 3)) % 4]!;
      if (from === to) continue;
      jobs.push(transfer(from, to, String(1 + (i % 37))));
      jobs.push(transfer(to === fresh[0] || to === fresh[1] ? members[(i + 2) % 4]! : to, from, '3.5'));
    }
    const results = await Promise.all(jobs);
    for (const r of results) {
      expect(r.status).toBe(200);
      expect([1000, ErrorCode.InsufficientBalance]).toContain(r.code);
    }
    expect(results.filter((r) => r.code === 1000).length).toBeGreaterThan(100);
    const report = await verifyLedger(t.database.db);
    expect(report.problems).toEqual([]);
    expect(report.memberTotal).toBe(400_000_000n);
    const all = [...members, ...fresh];
    const balances = await Promise.all(all.map((m) => balanceOf(t, m)));
    for (const b of balances) expect(b.available.startsWith('-')).toBe(false);
  }, 120_000);

  it('concurrent duplicates of one request id: exactly one movement, every answer the same', async () => {
    const [a, b] = members as [TestUser, TestUser];
    const before = await balanceOf(t, b);
    const requestId = randomUUID();
    const results = await Promise.all(Array.from({ length: 25 }, () => transfer(a, b, '2', requestId)));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.code === 1000 || r.code === ErrorCode.InsufficientBalance).toBe(true);
    }
    const codes = new Set(results.map((r) => r.code));
    expect(codes.size).toBe(1);
    const after = await balanceOf(t, b);
    if (results[0]!.code === 1000) {
      for (const r of results) expect(r.data).toEqual(results[0]!.data);
      expect(Number(after.available) - Number(before.available)).toBeCloseTo(2, 6);
    }
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from ledger_entries where idempotency_key = ${`transfer:${a.id}:${requestId}`}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(results[0]!.code === 1000 ? 1 : 0);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  }, 60_000);

  it('concurrent duplicates with different amounts: one wins, the others conflict', async () => {
    const [, , c, d] = members as [TestUser, TestUser, TestUser, TestUser];
    await credit(t, c, '50');
    const requestId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => transfer(c, d, i % 2 === 0 ? '1' : '1.5', requestId)),
    );
    const succeeded = results.filter((r) => r.code === 1000);
    expect(succeeded.length).toBeGreaterThan(0);
    for (const r of succeeded) expect(r.data).toEqual(succeeded[0]!.data);
    const winner = successData(walletApi.transfer, succeeded[0]!).amount;
    results.forEach((r, i) => {
      const same = (i % 2 === 0 ? '1.00' : '1.50') === winner;
      expect(r.code).toBe(same ? 1000 : ErrorCode.IdempotencyConflict);
    });
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  }, 60_000);
});
