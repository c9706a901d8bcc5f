import { and, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings, MemberAccount } from '../ledger/index.ts';

/**
 * Ledger entries that bring a member money from another member: transfers, chat transfers, red packet shares,
 * C2C coins bought, pay-desk payments received and refunds. Deposits, adjustments and refunds of one's own
 * withdrawals or red packets are not in it.
 */
export const MEMBER_INFLOW_KINDS = [
  'transfer',
  'chat-transfer',
  'redpacket-claim',
  'c2c-order-release',
  'paydesk',
  'paydesk-refund',
] as const;

/** What other members credited to the member's available account since `since`, and that balance now. */
export const memberInflow = async (
  exec: Executor,
  userId: number,
  since: Date,
): Promise<{ received: bigint; available: bigint }> => {
  const [received] = await exec
    .select({ total: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.kind, MemberAccount.Available),
        gt(ledgerPostings.amount, 0n),
        inArray(ledgerEntries.kind, [...MEMBER_INFLOW_KINDS]),
        gte(ledgerEntries.createTime, since),
      ),
    );
  const [account] = await exec
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, MemberAccount.Available)));
  return { received: BigInt(received?.total ?? '0'), available: account?.balance ?? 0n };
};
