import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection.ts';
import { ensureMemberAccounts, ensureSystemAccount, postEntry, SystemAccount } from '../ledger/index.ts';
import { chainWithdrawals } from './tables.ts';

type WithdrawalRow = typeof chainWithdrawals.$inferSelect;

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
