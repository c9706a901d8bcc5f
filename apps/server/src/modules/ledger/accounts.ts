import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { ledgerAccounts } from './tables.ts';

/** Kinds of a member's accounts. */
export const MemberAccount = { Available: 'available', Frozen: 'frozen' } as const;
export type MemberAccountKind = (typeof MemberAccount)[keyof typeof MemberAccount];
const memberKinds = [MemberAccount.Available, MemberAccount.Frozen] as const;

/**
 * System accounts by code. `external` is the outside world: admin credits come from it, debits go to it.
 * `redpacket` holds the money of open red packets (escrow); `paydesk` is the revenue of pay-desk sales.
 */
export const SystemAccount = {
  External: 'external',
  RedPacket: 'redpacket',
  PayDesk: 'paydesk',
  /** Chain (docs/design/chain.md): tokens arrived, deposit bonuses paid, tokens sent out, withdrawal fees. */
  ChainDeposits: 'chain-deposits',
  ChainAwards: 'chain-awards',
  ChainWithdrawals: 'chain-withdrawals',
  ChainFees: 'chain-fees',
} as const;
export type SystemAccountCode = (typeof SystemAccount)[keyof typeof SystemAccount];

export interface MemberAccounts {
  available: number;
  frozen: number;
}

/**
 * The ids of the members' accounts, creating missing ones (both kinds at once). New rows are inserted in
 * ascending user id order, so two transactions creating accounts for the same members cannot deadlock.
 */
export const ensureMemberAccounts = async (
  tx: Executor,
  userIds: readonly number[],
): Promise<Map<number, MemberAccounts>> => {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const read = () =>
    tx
      .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(and(inArray(ledgerAccounts.userId, ids), isNotNull(ledgerAccounts.userId)));
  let rows = await read();
  const have = new Set(rows.map((r) => `${r.userId}:${r.kind}`));
  const missing = ids.flatMap((userId) =>
    memberKinds.filter((kind) => !have.has(`${userId}:${kind}`)).map((kind) => ({ userId, kind })),
  );
  if (missing.length > 0) {
    await tx.insert(ledgerAccounts).values(missing).onConflictDoNothing();
    rows = await read();
  }
  const out = new Map<number, MemberAccounts>();
  for (const r of rows) {
    const entry = out.get(r.userId!) ?? { available: 0, frozen: 0 };
    if (r.kind === MemberAccount.Available) entry.available = r.id;
    if (r.kind === MemberAccount.Frozen) entry.frozen = r.id;
    out.set(r.userId!, entry);
  }
  return out;
};

/** The id of a system account, created on first use. */
export const ensureSystemAccount = async (tx: Executor, code: SystemAccountCode): Promise<number> => {
  const find = () =>
    tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  let [row] = await find();
  if (!row) {
    await tx.insert(ledgerAccounts).values({ code, kind: 'system' }).onConflictDoNothing();
    [row] = await find();
  }
  return row!.id;
};

/** A member's balances without creating accounts (zeros when the member never had money). */
export const memberBalances = async (exec: Executor, userId: number) => {
  const rows = await exec
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const of = (kind: MemberAccountKind) => rows.find((r) => r.kind === kind)?.balance ?? 0n;
  return { available: of(MemberAccount.Available), frozen: of(MemberAccount.Frozen) };
};

/**
 * Locks accounts in ascending id order. A transaction that posts several entries calls this first with every
 * account it will touch, so it never holds one account while waiting for a lower one (no deadlock with a
 * single-entry transaction, which locks in id order too).
 */
export const lockAccounts = async (tx: Executor, ids: readonly number[]) => {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, sorted))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
};
