import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../ledger/index.ts';
import { users } from '../user/index.ts';
import type { HistoryRow } from './presenter.ts';

export type HistoryType = 'income' | 'expense';

/** My entries with their net change of my total (available + frozen): the basis of page, count and info. */
const mine = (exec: Executor, userId: number, type?: HistoryType) => {
  const net = sql`SUM(${ledgerPostings.amount})`;
  const having = type === 'income' ? sql`${net} > 0` : type === 'expense' ? sql`${net} < 0` : undefined;
  const q = exec
    .select({ entryId: ledgerPostings.entryId, net: sql<string>`${net}::text`.as('net') })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerAccounts.userId, userId))
    .groupBy(ledgerPostings.entryId);
  return (having ? q.having(having) : q).as('mine');
};

/** One page of my history, newest first, with the total count for the filter. */
export const historyPage = async (
  exec: Executor,
  userId: number,
  opts: { page: number; size: number; type?: HistoryType },
): Promise<{ rows: HistoryRow[]; total: number }> => {
  const sub = mine(exec, userId, opts.type);
  const [rows, [count]] = await Promise.all([
    exec
      .select({
        id: ledgerEntries.id,
        kind: ledgerEntries.kind,
        memo: ledgerEntries.memo,
        createTime: ledgerEntries.createTime,
        net: sub.net,
      })
      .from(sub)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, sub.entryId))
      .orderBy(desc(ledgerEntries.id))
      .limit(opts.size)
      .offset((opts.page - 1) * opts.size),
    exec.select({ n: sql<number>`COUNT(*)::int` }).from(sub),
  ]);
  return { rows: rows.map((r) => ({ ...r, net: BigInt(r.net) })), total: Number(count?.n ?? 0) };
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

/** Counts and sums of my income (net > 0) and expense (net < 0) entries; expense as a positive sum. */
export const historySummary = async (exec: Executor, userId: number) => {
  const sub = mine(exec, userId);
  const net = sql`(${sub.net})::numeric`;
  const [row] = await exec
    .select({
      total: sql<number>`COUNT(*)::int`,
      incomeCount: sql<number>`(COUNT(*) FILTER (WHERE ${net} > 0))::int`,
      expenseCount: sql<number>`(COUNT(*) FILTER (WHERE ${net} < 0))::int`,
      income: sql<string>`(COALESCE(SUM(${net}) FILTER (WHERE ${net} > 0), 0))::text`,
      expense: sql<string>`(COALESCE(-SUM(${net}) FILTER (WHERE ${net} < 0), 0))::text`,
    })
    .from(sub);
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
