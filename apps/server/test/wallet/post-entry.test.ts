import { createHash, randomUUID } from 'node:crypto';
import { ErrorCode } from '@chatpay/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ensureMemberAccounts,
  ensureSystemAccount,
  ledgerAccounts,
  ledgerEntries,
  ledgerPostings,
  MemberAccount,
  SystemAccount,
} from '../../src/modules/ledger/index.ts';
import { type Leg, postEntry } from '../../src/modules/ledger/post.ts';
import { transferFunds } from '../../src/modules/wallet/transfer.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { expectBooksBalanced } from '../helpers/money.ts';
import { countStatements } from '../helpers/statements.ts';

const t = useTestApp();

/**
 * The fingerprint as the ledger has always stored it (as the first, JavaScript, implementation computed it).
 */
const legacyFingerprint = (kind: string, ref: { type: string; id: string } | null, legs: Leg[]) => {
  const sorted = [...legs].sort((a, b) => a.accountId - b.accountId).map((l) => `${l.accountId}:${l.amount}`);
  const text = JSON.stringify([kind, ref?.type ?? null, ref?.id ?? null, sorted]);
  return createHash('sha256').update(text).digest('hex');
};

const balance = async (accountId: number) => {
  const [row] = await t.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row!.balance;
};

const entryCount = async (key: string) => {
  const rows = await t.database.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, key));
  return rows.length;
};

const postingCount = async () => {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerPostings);
  return row!.n;
};

describe('postEntry', () => {
  let a: TestUser;
  let b: TestUser;
  let external: number;
  let accounts: Map<number, { available: number; frozen: number }>;
  const db = () => t.database.db;

  beforeAll(async () => {
    a = await createUser(t);
    b = await createUser(t);
    external = await ensureSystemAccount(db(), SystemAccount.External);
    accounts = await ensureMemberAccounts(db(), [a.id, b.id]);
    await db().transaction((tx) =>
      postEntry(tx, {
        key: `test:fund:${a.id}`,
        kind: 'adjust',
        legs: [
          { accountId: external, amount: -100_000_000n },
          { accountId: accounts.get(a.id)!.available, amount: 100_000_000n },
        ],
      }),
    );
  });

  it('posts a transfer between members who have accounts in one statement', async () => {
    const key = `test:${randomUUID()}`;
    const { result, count } = await db().transaction((tx) =>
      countStatements(tx, () =>
        transferFunds(tx, { fromUserId: a.id, toUserId: b.id, amount: 1_000_000n, key }),
      ),
    );
    expect(count).toBe(1);
    expect(result).toMatchObject({
      kind: 'transfer',
      replayed: false,
      createdBy: a.id,
      postings: [
        { accountId: accounts.get(a.id)!.available, amount: -1_000_000n },
        { accountId: accounts.get(b.id)!.available, amount: 1_000_000n },
      ],
    });
    expect(result.createTime).toBeInstanceOf(Date);
    expect(Number.isNaN(result.createTime.getTime())).toBe(false);
    const postings = await db()
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.entryId, result.id))
      .orderBy(ledgerPostings.id);
    expect(postings.map((p) => [p.accountId, p.amount])).toEqual([
      [accounts.get(a.id)!.available, -1_000_000n],
      [accounts.get(b.id)!.available, 1_000_000n],
    ]);
    // balance_after is the running balance: it equals the cached balance right after this entry.
    expect(postings[0]!.balanceAfter).toBe(await balance(accounts.get(a.id)!.available));
    expect(postings[1]!.balanceAfter).toBe(await balance(accounts.get(b.id)!.available));
    await expectBooksBalanced(t);
  });

  it('stores the fingerprint the ledger always stored, whatever the reference text', async () => {
    const ref = { type: 'test-ref', id: `quote " back \\ é 中 \n tab\t ${randomUUID()}` };
    const legs = [
      { accountId: accounts.get(a.id)!.available, amount: -10n },
      { accountId: external, amount: 10n },
    ];
    const entry = await db().transaction((tx) =>
      postEntry(tx, { key: `test:${randomUUID()}`, kind: 'test-kind', legs, ref }),
    );
    const [row] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.id, entry.id));
    expect(row!.fingerprint).toBe(legacyFingerprint('test-kind', ref, legs));
    expect(row).toMatchObject({ refType: ref.type, refId: ref.id, memo: '', createdBy: null });
  });

  it('a replay answers the first entry; other parameters under the key are a conflict', async () => {
    const key = `test:${randomUUID()}`;
    const input = { fromUserId: a.id, toUserId: b.id, amount: 2_000_000n, key, memo: 'first' };
    const first = await db().transaction((tx) => transferFunds(tx, input));
    const before = await balance(accounts.get(b.id)!.available);
    const again = await db().transaction((tx) => transferFunds(tx, { ...input, memo: 'ignored' }));
    expect(again).toEqual({ ...first, replayed: true });
    expect(await balance(accounts.get(b.id)!.available)).toBe(before);
    // The same movement addressed by account ids is the same entry (one fingerprint for both forms).
    const byAccount = await db().transaction((tx) =>
      postEntry(tx, {
        key,
        kind: 'transfer',
        legs: [
          { accountId: accounts.get(a.id)!.available, amount: -2_000_000n },
          { accountId: accounts.get(b.id)!.available, amount: 2_000_000n },
        ],
      }),
    );
    expect(byAccount).toMatchObject({ id: first.id, replayed: true });
    for (const other of [{ amount: 3_000_000n }, { toUserId: a.id, fromUserId: b.id }]) {
      await expect(db().transaction((tx) => transferFunds(tx, { ...input, ...other }))).rejects.toMatchObject(
        { code: ErrorCode.IdempotencyConflict },
      );
    }
    expect(await entryCount(key)).toBe(1);
    expect(await balance(accounts.get(b.id)!.available)).toBe(before);
  });

  it('never takes a member below zero: InsufficientBalance, and the transaction writes nothing', async () => {
    const key = `test:${randomUUID()}`;
    const payer = await balance(accounts.get(b.id)!.available);
    const postingsBefore = await postingCount();
    await expect(
      db().transaction(async (tx) => {
        // Something the same transaction wrote before the posting is rolled back with it.
        await tx
          .update(ledgerAccounts)
          .set({ updateTime: new Date(0) })
          .where(eq(ledgerAccounts.id, external));
        return transferFunds(tx, { fromUserId: b.id, toUserId: a.id, amount: payer + 1n, key });
      }),
    ).rejects.toMatchObject({ code: ErrorCode.InsufficientBalance });
    expect(await entryCount(key)).toBe(0);
    expect(await balance(accounts.get(b.id)!.available)).toBe(payer);
    const postingsAfter = await postingCount();
    expect(postingsAfter).toBe(postingsBefore);
    const [ext] = await db().select().from(ledgerAccounts).where(eq(ledgerAccounts.id, external));
    expect(ext!.updateTime.getTime()).not.toBe(0);
    // Exactly the whole balance is fine; a system account may go negative.
    const all = await db().transaction((tx) =>
      transferFunds(tx, { fromUserId: b.id, toUserId: a.id, amount: payer, key }),
    );
    expect(all.replayed).toBe(false);
    expect(await balance(accounts.get(b.id)!.available)).toBe(0n);
    await expectBooksBalanced(t);
  });

  it('creates the accounts of a member who never had money, then posts', async () => {
    const fresh = await createUser(t);
    const key = `test:${randomUUID()}`;
    const entry = await db().transaction((tx) =>
      transferFunds(tx, { fromUserId: a.id, toUserId: fresh.id, amount: 5n, key }),
    );
    const created = (await ensureMemberAccounts(db(), [fresh.id])).get(fresh.id)!;
    expect(entry.postings[1]).toEqual({ accountId: created.available, amount: 5n });
    expect(await balance(created.available)).toBe(5n);
    expect(await balance(created.frozen)).toBe(0n);
    await expectBooksBalanced(t);
  });

  it('runs on the database directly when the entry is the whole operation', async () => {
    const key = `test:${randomUUID()}`;
    const before = await balance(accounts.get(b.id)!.available);
    const entry = await transferFunds(db(), { fromUserId: a.id, toUserId: b.id, amount: 7n, key });
    expect(await balance(accounts.get(b.id)!.available)).toBe(before + 7n);
    await expect(
      transferFunds(db(), { fromUserId: b.id, toUserId: a.id, amount: before + 8n, key: `${key}:over` }),
    ).rejects.toMatchObject({ code: ErrorCode.InsufficientBalance });
    expect(await transferFunds(db(), { fromUserId: a.id, toUserId: b.id, amount: 7n, key })).toEqual({
      ...entry,
      replayed: true,
    });
    await expectBooksBalanced(t);
  });

  it('refuses programming errors without writing: unknown account, two legs on one account', async () => {
    const key = `test:${randomUUID()}`;
    await expect(
      db().transaction((tx) =>
        postEntry(tx, {
          key,
          kind: 'test',
          legs: [
            { accountId: external, amount: -1n },
            { accountId: 2_000_000_000, amount: 1n },
          ],
        }),
      ),
    ).rejects.toThrow('Unknown ledger account');
    await expect(
      db().transaction((tx) =>
        postEntry(tx, {
          key,
          kind: 'test',
          legs: [
            { accountId: accounts.get(a.id)!.available, amount: -1n },
            { userId: a.id, account: MemberAccount.Available, amount: 1n },
          ],
        }),
      ),
    ).rejects.toThrow('One leg per account');
    expect(await entryCount(key)).toBe(0);
    await expectBooksBalanced(t);
  });
});
