import { ErrorCode } from '@chatpay/shared';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { ensureMemberAccounts, type PostedEntry, postEntry } from '../ledger/index.ts';

export interface TransferFunds {
  fromUserId: number;
  toUserId: number;
  /** Micro-USDT, positive. */
  amount: bigint;
  /** Idempotency key derived from the business id (`chat-transfer:<messageId>`, `transfer:<uid>:<requestId>`). */
  key: string;
  kind?: string;
  memo?: string;
  ref?: { type: string; id: string };
  createdBy?: number | null;
}

/**
 * Moves money from one member's available balance to another's, inside the caller's transaction: the one
 * way members pay each other (wallet and MCC transfers today, chat transfers later). Rules that belong to a
 * call (minimum, PIN) are checked by the caller; this refuses only what can never be right.
 */
export const transferFunds = async (tx: Executor, t: TransferFunds): Promise<PostedEntry> => {
  if (t.amount <= 0n) throw new AppError(ErrorCode.Validation, 'The amount must be greater than zero');
  if (t.fromUserId === t.toUserId) throw new AppError(ErrorCode.CannotTransferToSelf);
  const accounts = await ensureMemberAccounts(tx, [t.fromUserId, t.toUserId]);
  return postEntry(tx, {
    key: t.key,
    kind: t.kind ?? 'transfer',
    legs: [
      { accountId: accounts.get(t.fromUserId)!.available, amount: -t.amount },
      { accountId: accounts.get(t.toUserId)!.available, amount: t.amount },
    ],
    memo: t.memo ?? '',
    ...(t.ref ? { ref: t.ref } : {}),
    createdBy: t.createdBy ?? t.fromUserId,
  });
};
