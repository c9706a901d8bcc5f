import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../ledger/index.ts';
import { pinStateColumns, users } from '../user/index.ts';
import type { HistoryRow } from './presenter.ts';

export type HistoryType = 'income' | 'expense';

/**
 * C2C escrow (docs/design/market.md): a seller's coins leave for escrow when an order starts, and are spent
 * only when the order is released; a canceled order's escrow comes back. Until a release exists for the same
 * order the start is a hold, and the return of a hold is no income: neither counts in the totals.
 */
const ESCROW_START = 'c2c-order-start';
const ESCROW_RELEASE = 'c2c-order-release';
const ESCROW_RETURN = 'c2c-order-cancel';

/**
 * My entries with, per entry, the net change of my total (available + frozen), the change of my frozen
 * account and my available balance after it: the basis of page, detail, count and info.
 */
const mine = (exec: Executor, userId: number) =>
  exec
    .select({
      entryId: ledgerPostings.entryId,
      net: sql<string>`SUM(${ledgerPostings.amount})`.as('net'),
      frozen:
        sql<string>`COALESCE(SUM(${ledgerPostings.amount}) FILTER (WHERE ${ledgerAccounts.kind} = 'frozen'), 0)`.as(
          'frozen',
        ),
      availableAfter: sql<
        string | null
      >`MAX(${ledgerPostings.balanceAfter}) FILTER (WHERE ${ledgerAccounts.kind} = 'available')`.as(
        'available_after',
      ),
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerAccounts.userId, userId))
    .groupBy(ledgerPostings.entryId)
    .as('mine');

type Mine = ReturnType<typeof mine>;

/** Whether an entry is real income or spending (counted in the totals), as opposed to a freeze or hold. */
const countedOf = (sub: Mine) => sql<boolean>`(
  ${sub.net} <> 0
  AND ${ledgerEntries.kind} <> ${ESCROW_RETURN}
  AND (${ledgerEntries.kind} <> ${ESCROW_START} OR EXISTS (
    SELECT 1 FROM ledger_entries r
    WHERE r.ref_type = ${ledgerEntries.refType} AND r.ref_id = ${ledgerEntries.refId} AND r.kind = ${ESCROW_RELEASE}
  ))
)`;

const typeFilter = (sub: Mine, type?: HistoryType) => {
  const counted = countedOf(sub);
  if (type === 'income') return sql`${counted} AND ${sub.net} > 0`;
  if (type === 'expense') return sql`${counted} AND ${sub.net} < 0`;
  return undefined;
};

const historySelect = (exec: Executor, sub: Mine) =>
  exec
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      refType: ledgerEntries.refType,
      refId: ledgerEntries.refId,
      memo: ledgerEntries.memo,
      createTime: ledgerEntries.createTime,
      net: sql<string>`(${sub.net})::text`,
      frozen: sql<string>`(${sub.frozen})::text`,
      availableAfter: sql<string | null>`(${sub.availableAfter})::text`,
      counted: countedOf(sub),
    })
    .from(sub)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, sub.entryId));

type Selected = Awaited<ReturnType<typeof historySelect>>[number];

const toRow = (r: Selected): HistoryRow => ({
  id: r.id,
  kind: r.kind,
  refType: r.refType,
  refId: r.refId,
  memo: r.memo,
  createTime: r.createTime,
  net: BigInt(r.net),
  frozen: BigInt(r.frozen),
  availableAfter: r.availableAfter === null ? null : BigInt(r.availableAfter),
  counted: Boolean(r.counted),
});

/** One page of my history, newest first, with the total count for the filter. */
export const historyPage = async (
  exec: Executor,
  userId: number,
  opts: { page: number; size: number; type?: HistoryType },
): Promise<{ rows: HistoryRow[]; total: number }> => {
  const sub = mine(exec, userId);
  const where = typeFilter(sub, opts.type);
  const [rows, [count]] = await Promise.all([
    historySelect(exec, sub)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(opts.size)
      .offset((opts.page - 1) * opts.size),
    exec
      .select({ n: sql<number>`COUNT(*)::int` })
      .from(sub)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, sub.entryId))
      .where(where),
  ]);
  return { rows: rows.map(toRow), total: Number(count?.n ?? 0) };
};

/** One entry of my history, or null when it has no posting on my accounts (someone else's, or none). */
export const historyEntry = async (exec: Executor, userId: number, entryId: number) => {
  const sub = mine(exec, userId);
  const [row] = await historySelect(exec, sub).where(eq(ledgerEntries.id, entryId));
  return row ? toRow(row) : null;
};

/** The other member of each entry (the first one, for entries with several), by entry id. */
export const counterparties = async (exec: Executor, userId: number, entryIds: number[]) => {
  const out = new Map<number, { memberId: string; nickName: string }>();
  if (entryIds.length === 0) return out;
  const rows = await exec
    .select({ entryId: ledgerPostings.entryId, memberId: users.memberId, nickName: users.nickName })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(users, eq(users.id, ledgerAccounts.userId))
    .where(and(inArray(ledgerPostings.entryId, entryIds), ne(ledgerAccounts.userId, userId)))
    .orderBy(ledgerPostings.id);
  for (const r of rows)
    if (!out.has(r.entryId)) out.set(r.entryId, { memberId: r.memberId, nickName: r.nickName });
  return out;
};

/**
 * Counts and sums of my income and expense entries (expense as a positive sum); freezes, unfreezes and C2C
 * escrow holds are in the total count only.
 */
export const historySummary = async (exec: Executor, userId: number) => {
  const sub = mine(exec, userId);
  const counted = countedOf(sub);
  const [row] = await exec
    .select({
      total: sql<number>`COUNT(*)::int`,
      incomeCount: sql<number>`(COUNT(*) FILTER (WHERE ${counted} AND ${sub.net} > 0))::int`,
      expenseCount: sql<number>`(COUNT(*) FILTER (WHERE ${counted} AND ${sub.net} < 0))::int`,
      income: sql<string>`(COALESCE(SUM(${sub.net}) FILTER (WHERE ${counted} AND ${sub.net} > 0), 0))::text`,
      expense: sql<string>`(COALESCE(-SUM(${sub.net}) FILTER (WHERE ${counted} AND ${sub.net} < 0), 0))::text`,
    })
    .from(sub)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, sub.entryId));
  return {
    total: Number(row?.total ?? 0),
    incomeCount: Number(row?.incomeCount ?? 0),
    expenseCount: Number(row?.expenseCount ?? 0),
    income: BigInt(row?.income ?? '0'),
    expense: BigInt(row?.expense ?? '0'),
  };
};

/** A member by public member id; disabled members count as unknown. */
export const findMember = async (exec: Executor, memberId: string) => {
  const [row] = await exec
    .select({ id: users.id, memberId: users.memberId, nickName: users.nickName, avatar: users.avatar })
    .from(users)
    .where(and(eq(users.memberId, memberId), eq(users.disabled, false)));
  return row ?? null;
};

/**
 * The two members of a transfer by member id in one query: the recipient (`findMember`'s rule: disabled
 * members count as unknown) and the caller, whose nickname and member id the recipient's notice shows.
 */
export const findTransferParties = async (exec: Executor, recipientMemberId: string, callerId: number) => {
  const rows = await exec
    .select({
      id: users.id,
      memberId: users.memberId,
      nickName: users.nickName,
      avatar: users.avatar,
      disabled: users.disabled,
      ...pinStateColumns,
    })
    .from(users)
    .where(or(and(eq(users.memberId, recipientMemberId), eq(users.disabled, false)), eq(users.id, callerId)));
  const pick = (row: (typeof rows)[number] | undefined) =>
    row ? { id: row.id, memberId: row.memberId, nickName: row.nickName, avatar: row.avatar } : null;
  const callerRow = rows.find((r) => r.id === callerId);
  return {
    recipient: pick(rows.find((r) => r.memberId === recipientMemberId && !r.disabled)),
    caller: pick(callerRow),
    /** The caller's PIN state, for verifyPin (null: no such caller). */
    callerPin: callerRow
      ? { pinHash: callerRow.pinHash, lockedUntil: callerRow.lockedUntil, failures: callerRow.failures }
      : null,
  };
};
