import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ensureMemberAccounts,
  ensureSystemAccount,
  ledgerAccounts,
  SystemAccount,
} from '../../src/modules/ledger/index.ts';
import { type Leg, postEntry } from '../../src/modules/ledger/post.ts';
import { transferFunds } from '../../src/modules/wallet/transfer.ts';
import { engine, useTestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { expectBooksBalanced } from '../helpers/money.ts';

// PGlite runs one transaction at a time: lock order only matters on PostgreSQL.
describe.runIf(engine === 'postgres')('postEntry under concurrency on PostgreSQL', () => {
  const t = useTestApp();

  it('opposite transfers and three-leg entries in every leg order: no deadlock, books balance', async () => {
    const db = t.database.db;
    const [a, b, c] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const members = [a!, b!, c!];
    const external = await ensureSystemAccount(db, SystemAccount.External);
    const accounts = await ensureMemberAccounts(
      db,
      members.map((m) => m.id),
    );
    const available = members.map((m) => accounts.get(m.id)!.available);
    const start = 20_000n;
    await db.transaction((tx) =>
      postEntry(tx, {
        key: `test:fund:${randomUUID()}`,
        kind: 'adjust',
        legs: [
          { accountId: external, amount: -start * 3n },
          ...available.map((accountId) => ({ accountId, amount: start })),
        ],
      }),
    );

    // Every entry touches at least two of the same three hot rows, listed in both orders, so an entry that
    // locked its rows in leg order (or in whatever order a plan visits them) would deadlock with another.
    const expected = new Map(available.map((id) => [id, start]));
    const jobs: Promise<void>[] = [];
    let refused = 0;
    const post = (legs: Leg[], useTransferFunds?: [number, number]) => {
      const key = `test:${randomUUID()}`;
      return db
        .transaction((tx) =>
          useTransferFunds
            ? transferFunds(tx, {
                fromUserId: useTransferFunds[0],
                toUserId: useTransferFunds[1],
                amount: legs[1]!.amount,
                key,
              })
            : postEntry(tx, { key, kind: 'test', legs }),
        )
        .then(
          () => {
            for (const l of legs) expected.set(l.accountId, expected.get(l.accountId)! + l.amount);
          },
          (error) => {
            // Overdrafts are refused (amounts are large enough that some are); anything else fails the test.
            if ((error as { code?: unknown }).code !== ErrorCode.InsufficientBalance) throw error;
            refused++;
          },
        );
    };
    for (let i = 0; i < 300; i++) {
      const x = i % 3;
      const y = (i + 1) % 3;
      const z = (i + 2) % 3;
      const amount = BigInt(1 + (i % 41)) * 100n;
      // A → B and B → A, through transferFunds (member legs) and postEntry (account legs, reversed order).
      jobs.push(
        post(
          [
            { accountId: available[x]!, amount: -amount },
            { accountId: available[y]!, amount },
          ],
          [members[x]!.id, members[y]!.id],
        ),
      );
      jobs.push(
        post([
          { accountId: available[x]!, amount },
          { accountId: available[y]!, amount: -amount },
        ]),
      );
      // Three legs, in a rotating order: x pays y and z.
      jobs.push(
        post([
          { accountId: available[z]!, amount },
          { accountId: available[x]!, amount: -2n * amount },
          { accountId: available[y]!, amount },
        ]),
      );
      // Sometimes more than anyone has: refused, under the same locks.
      if (i % 25 === 0) {
        jobs.push(
          post([
            { accountId: available[y]!, amount: -start * 4n },
            { accountId: available[z]!, amount: start * 4n },
          ]),
        );
      }
    }
    await Promise.all(jobs);

    expect(refused).toBeGreaterThan(0);
    for (const id of available) {
      const [row] = await db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, id));
      expect(row!.balance).toBe(expected.get(id));
      expect(row!.balance >= 0n).toBe(true);
    }
    await expectBooksBalanced(t);
  }, 120_000);
});
