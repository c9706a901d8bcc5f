import { ErrorCode } from '@chatpay/shared';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { MemberAccount, type PostedEntry, postEntry } from '../ledger/index.ts';

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
 * Moves money from one member's available balance to another's: the one way members pay each other (wallet,
 * MCC and chat transfers). Rules that belong to a call (minimum, PIN) are checked by the caller; this refuses
 * only what can never be right. One statement when both members have accounts (the legs name the members, the
 * posting statement finds their accounts), so it runs in the caller's transaction or, when the transfer is
 * the whole operation, on the database directly.
 */
export const transferFunds = async (exec: Executor, t: TransferFunds): Promise<PostedEntry> => {
  if (t.amount <= 0n) throw new AppError(ErrorCode.Validation, 'The amount must be greater than zero');
  if (t.fromUserId === t.toUserId) throw new AppError(ErrorCode.CannotTransferToSelf);
  return postEntry(exec, {
    key: t.key,
    kind: t.kind ?? 'transfer',
    legs: [
      { userId: t.fromUserId, account: MemberAccount.Available, amount: -t.amount },
      { userId: t.toUserId, account: MemberAccount.Available, amount: t.amount },
    ],
    memo: t.memo ?? '',
    ...(t.ref ? { ref: t.ref } : {}),
    createdBy: t.createdBy ?? t.fromUserId,
  });
};
