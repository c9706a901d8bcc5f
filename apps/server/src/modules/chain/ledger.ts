import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection.ts';
import { ensureMemberAccounts, ensureSystemAccount, postEntry, SystemAccount } from '../ledger/index.ts';
import { releaseOutflow } from '../outflow/index.ts';
import { chainWithdrawals } from './tables.ts';

type WithdrawalRow = typeof chainWithdrawals.$inferSelect;

/** A withdrawal's row in the member's outgoing total (outflow module), by its request. */
export const withdrawalOutflowKey = (userId: number, requestId: string) =>
  `withdrawal:${userId}:${requestId}`;

/**
 * Ends a withdrawal inside the caller's transaction (the row locked and its status checked by the caller):
 * completed settles the frozen amount + fee (amount to `chain-withdrawals`, fee to `chain-fees`); rejected and
 * failed return it to available. Keys `withdrawal:<id>:settle` / `withdrawal:<id>:unfreeze`.
 */
export const closeWithdrawal = async (
  tx: Tx,
  w: WithdrawalRow,
  status: 'completed' | 'rejected' | 'failed',
  extra: Partial<WithdrawalRow> = {},
): Promise<WithdrawalRow> => {
  const member = (await ensureMemberAccounts(tx, [w.userId])).get(w.userId)!;
  const total = w.amount + w.fee;
  const ref = { type: 'chain-withdrawal', id: String(w.id) };
  let entryId: number;
  if (status === 'completed') {
    const sent = await ensureSystemAccount(tx, SystemAccount.ChainWithdrawals);
    const fees = await ensureSystemAccount(tx, SystemAccount.ChainFees);
    entryId = (
      await postEntry(tx, {
        key: `withdrawal:${w.id}:settle`,
        kind: 'withdrawal',
        legs: [
          { accountId: member.frozen, amount: -total },
          { accountId: sent, amount: w.amount },
          ...(w.fee > 0n ? [{ accountId: fees, amount: w.fee }] : []),
        ],
        memo: `${w.network} ${w.txHash ?? ''}`.trim(),
        ref,
      })
    ).id;
  } else {
    // Money that came back no longer counts toward the member's 24-hour outgoing limit.
    await releaseOutflow(tx, withdrawalOutflowKey(w.userId, w.requestId));
    entryId = (
      await postEntry(tx, {
        key: `withdrawal:${w.id}:unfreeze`,
        kind: 'withdrawal-refund',
        legs: [
          { accountId: member.frozen, amount: -total },
          { accountId: member.available, amount: total },
        ],
        memo: status,
        ref,
      })
    ).id;
  }
  const [row] = await tx
    .update(chainWithdrawals)
    .set({ ...extra, status, closeEntryId: entryId, updateTime: new Date() })
    .where(eq(chainWithdrawals.id, w.id))
    .returning();
  return row!;
};
