import { randomUUID } from 'node:crypto';
import {
  adminReservesApi,
  POR_ESCROW_ACCOUNTS,
  type PorSummary,
  reservesApi,
  verifyPublishedTree,
  walletApi,
} from '@chatpay/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { porLeaves } from '../../src/db/schema/index.ts';
import { postEntry } from '../../src/modules/ledger/index.ts';
import { engine, useTestApp } from '../helpers/app.ts';
import { adminToken, createUser, credit, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import { expectBooksBalanced } from '../helpers/money.ts';
import { waitFor } from '../helpers/wait.ts';

const t = useTestApp();

/** Per account owner, Σ postings of the entries up to `position`: the ledger as it stood there. */
const ledgerAt = async (position: string) => {
  const { rows } = (await t.database.db.execute(sql`
    SELECT a.user_id AS "userId", a.code, SUM(p.amount)::text AS total
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.entry_id <= ${position}
    GROUP BY a.user_id, a.code`)) as unknown as {
    rows: { userId: number | null; code: string | null; total: string }[];
  };
  const members = new Map<number, bigint>();
  const system = new Map<string, bigint>();
  for (const r of rows) {
    if (r.userId !== null) members.set(r.userId, (members.get(r.userId) ?? 0n) + BigInt(r.total));
    else system.set(r.code!, BigInt(r.total));
  }
  return { members, system };
};

/** A snapshot against the ledger rebuilt at its recorded position: every leaf, the total, the escrow. */
const expectMatchesLedger = async (summary: PorSummary) => {
  const tree = await t.ok(reservesApi.tree, { id: summary.id });
  expect((await verifyPublishedTree(tree)).ok).toBe(true);
  const at = await ledgerAt(tree.snapshot.ledgerPosition);
  const leaves = await t.database.db.select().from(porLeaves).where(eq(porLeaves.snapshotId, summary.id));
  const inTree = new Map(leaves.map((l) => [l.userId, l.balance]));
  for (const userId of new Set([...inTree.keys(), ...at.members.keys()]))
    expect(inTree.get(userId) ?? 0n, `user ${userId} at ${tree.snapshot.ledgerPosition}`).toBe(
      at.members.get(userId) ?? 0n,
    );
  const total = [...at.members.values()].reduce((a, b) => a + b, 0n);
  expect(tree.snapshot.memberLiabilities).toBe(total.toString());
  expect(tree.snapshot.escrow).toEqual(
    POR_ESCROW_ACCOUNTS.map((code) => ({ code, balance: (at.system.get(code) ?? 0n).toString() })),
  );
};

/** Sessions of this test's database sleeping inside the slow transaction (its entry is written by then). */
const sleepers = async () => {
  const { rows } = (await t.database.db.execute(sql`
    SELECT COUNT(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND state = 'active' AND query LIKE 'SELECT pg_sleep%'`)) as unknown as {
    rows: { n: number }[];
  };
  return rows[0]?.n ?? 0;
};

/** A transfer whose transaction stays open a while after its entry is written. */
const slowTransfer = (from: TestUser, to: TestUser, micro: bigint) =>
  t.database.db.transaction(async (tx) => {
    await postEntry(tx, {
      key: `test-slow:${randomUUID()}`,
      kind: 'transfer',
      legs: [
        { userId: from.id, account: 'available', amount: -micro },
        { userId: to.id, account: 'available', amount: micro },
      ],
    });
    await tx.execute(sql`SELECT pg_sleep(0.5)`);
  });

describe('snapshots taken while money moves', () => {
  it('each one is the ledger at exactly its recorded position, whatever moved while it was taken', {
    timeout: 600_000,
  }, async () => {
    const members: TestUser[] = [];
    for (let i = 0; i < 5; i++) {
      const u = await createUser(t);
      await credit(t, u, '200');
      await setPin(t, u);
      members.push(u);
    }
    // The slow transaction's two members: no other move touches them, so nothing queues behind its locks.
    const slow = { from: await createUser(t), to: await createUser(t) };
    await credit(t, slow.from, '1000');
    const admin = await adminToken(t);
    const move = fc.oneof(
      fc.record({
        kind: fc.constant('transfer' as const),
        from: fc.nat(4),
        // 5: a member who never had money (their accounts are created by the transfer).
        to: fc.nat(5),
        cents: fc.integer({ min: 100, max: 9_000 }),
      }),
      fc.record({
        kind: fc.constant('credit' as const),
        to: fc.nat(4),
        cents: fc.integer({ min: -3_000, max: 9_000 }).filter((c) => c !== 0),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(move, { minLength: 3, maxLength: 30 }),
        fc.uniqueArray(fc.nat(30), { minLength: 1, maxLength: 3 }),
        async (moves, snapshotAt) => {
          const newcomer = await createUser(t);
          const who = (i: number) => (i === 5 ? newcomer : members[i]!);
          const amount = (cents: number) =>
            `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
          const snapshots: Promise<PorSummary>[] = [];
          const moving: Promise<unknown>[] = [];
          // PostgreSQL: first a business transaction that writes its entry, then works on before it commits
          // (as an order start writes its chat): its entry id is older than those that commit meanwhile.
          if (engine === 'postgres') {
            moving.push(slowTransfer(slow.from, slow.to, 1_000_000n));
            await waitFor(async () => (await sleepers()) > 0);
          }
          moves.forEach((m, i) => {
            if (snapshotAt.includes(i))
              snapshots.push(t.ok(adminReservesApi.snapshot, { reason: 'while money moves' }, admin));
            if (m.kind === 'transfer' && who(m.to) !== who(m.from))
              // Some fail for want of money: they move nothing, which the books then say too.
              moving.push(
                t.call(
                  walletApi.transfer,
                  {
                    memberId: who(m.to).memberId,
                    amount: amount(m.cents),
                    pin: TEST_PIN,
                    requestId: randomUUID(),
                  },
                  who(m.from).token,
                ),
              );
            if (m.kind === 'credit') moving.push(credit(t, who(m.to), amount(m.cents)).catch(() => null));
          });
          if (snapshotAt.every((i) => i >= moves.length))
            snapshots.push(t.ok(adminReservesApi.snapshot, { reason: 'after' }, admin));
          const taken = await Promise.all(snapshots);
          await Promise.all(moving);
          for (const summary of taken) await expectMatchesLedger(summary);
        },
      ),
      { numRuns: engine === 'postgres' ? 20 : 6 },
    );
    await expectBooksBalanced(t);
  });
});
