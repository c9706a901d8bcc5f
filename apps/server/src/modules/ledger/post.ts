import { createHash } from 'node:crypto';
import { ErrorCode } from '@chatpay/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './tables.ts';

/** One side of an entry: money into (positive) or out of (negative) an account. */
export interface Leg {
  accountId: number;
  amount: bigint;
}

export interface PostInput {
  /** Unique per business operation; a retry with the same key answers the first entry. */
  key: string;
  kind: string;
  legs: readonly Leg[];
  memo?: string;
  ref?: { type: string; id: string };
  createdBy?: number | null;
}

export interface PostedEntry {
  id: number;
  kind: string;
  memo: string;
  refType: string | null;
  refId: string | null;
  createdBy: number | null;
  createTime: Date;
  postings: Leg[];
  /** True when the key had already been posted and this is the first result again. */
  replayed: boolean;
}

const fingerprintOf = (input: PostInput) => {
  const legs = [...input.legs]
    .sort((a, b) => a.accountId - b.accountId)
    .map((l) => `${l.accountId}:${l.amount}`);
  const text = JSON.stringify([input.kind, input.ref?.type ?? null, input.ref?.id ?? null, legs]);
  return createHash('sha256').update(text).digest('hex');
};

const checkLegs = (legs: readonly Leg[]) => {
  if (legs.length < 2) throw new Error('An entry needs at least two legs');
  if (new Set(legs.map((l) => l.accountId)).size !== legs.length) throw new Error('One leg per account');
  if (legs.some((l) => l.amount === 0n)) throw new Error('A leg cannot be zero');
  if (legs.reduce((sum, l) => sum + l.amount, 0n) !== 0n) throw new Error('The legs must sum to zero');
};

type EntryRow = typeof ledgerEntries.$inferSelect;

const answer = async (tx: Executor, entry: EntryRow, replayed: boolean): Promise<PostedEntry> => {
  const postings = await tx
    .select({ accountId: ledgerPostings.accountId, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, entry.id))
    .orderBy(asc(ledgerPostings.id));
  return {
    id: entry.id,
    kind: entry.kind,
    memo: entry.memo,
    refType: entry.refType,
    refId: entry.refId,
    createdBy: entry.createdBy,
    createTime: entry.createTime,
    postings,
    replayed,
  };
};

/**
 * Posts one journal entry inside the caller's transaction (docs/design/ledger.md, "Posting procedure"):
 * takes the idempotency key first, then locks the accounts in ascending id order, checks that no member
 * account goes negative, writes the postings and updates the cached balances. A replay of the same key
 * answers the first entry; the same key with other parameters is IdempotencyConflict.
 * Insufficient funds throw InsufficientBalance: the caller's transaction rolls back and nothing is written.
 * Expects READ COMMITTED (the default): the replay path reads the winner's entry in a new statement.
 */
export const postEntry = async (tx: Executor, input: PostInput): Promise<PostedEntry> => {
  checkLegs(input.legs);
  const fingerprint = fingerprintOf(input);
  // Waits for a concurrent transaction holding the same key; if that one commits, we get no row here.
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      idempotencyKey: input.key,
      fingerprint,
      kind: input.kind,
      refType: input.ref?.type ?? null,
      refId: input.ref?.id ?? null,
      memo: input.memo ?? '',
      createdBy: input.createdBy ?? null,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning();
  if (!entry) {
    const [first] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, input.key));
    if (!first) throw new Error(`Entry ${input.key} vanished`);
    if (first.fingerprint !== fingerprint) throw new AppError(ErrorCode.IdempotencyConflict);
    return answer(tx, first, true);
  }

  const ids = input.legs.map((l) => l.accountId).sort((a, b) => a - b);
  const locked = await tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  if (locked.length !== ids.length) throw new Error('Unknown ledger account');
  const byId = new Map(locked.map((a) => [a.id, a]));

  const after = input.legs.map((leg) => {
    const account = byId.get(leg.accountId)!;
    const balance = account.balance + leg.amount;
    if (account.userId !== null && balance < 0n) {
      throw new AppError(ErrorCode.InsufficientBalance);
    }
    return { ...leg, balance };
  });

  await tx.insert(ledgerPostings).values(
    after.map((p) => ({
      entryId: entry.id,
      accountId: p.accountId,
      amount: p.amount,
      balanceAfter: p.balance,
    })),
  );
  for (const p of after) {
    await tx
      .update(ledgerAccounts)
      .set({
        balance: sql`${ledgerAccounts.balance} + ${p.amount.toString()}::bigint`,
        updateTime: new Date(),
      })
      .where(eq(ledgerAccounts.id, p.accountId));
  }
  return {
    id: entry.id,
    kind: entry.kind,
    memo: entry.memo,
    refType: entry.refType,
    refId: entry.refId,
    createdBy: entry.createdBy,
    createTime: entry.createTime,
    postings: input.legs.map((l) => ({ accountId: l.accountId, amount: l.amount })),
    replayed: false,
  };
};
