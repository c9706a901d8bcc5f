import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { usdtAmount } from '../money.ts';
import { chainRecord, networks, withdrawalStatuses } from './wallet.ts';

/** A withdrawal as support sees it: the member's record plus who asked. */
/** What support weighs before approving: each signal is a fact, not a verdict. */
export const withdrawalRisk = z.object({
  /** No earlier withdrawal of this member went to this address. */
  newAddress: z.boolean(),
  /** The member's last password or PIN change (null: never changed). */
  credentialsChangedAt: z.string().nullable(),
  /** Σ amount of the member's withdrawals (not rejected or failed) in the 24 h before this one, this one included. */
  total24h: z.string(),
  /** The member's history: completed withdrawals, credited deposits, account age. */
  completedWithdrawals: z.number().int(),
  completedTotal: z.string(),
  creditedDeposits: z.number().int(),
  depositTotal: z.string(),
  memberSince: z.string(),
});
export type WithdrawalRisk = z.infer<typeof withdrawalRisk>;

export const adminWithdrawal = chainRecord.extend({
  userId: z.number().int(),
  memberId: z.string(),
  nickName: z.string(),
  risk: withdrawalRisk,
  /** The transaction on the network's block explorer, when the network names one and the hash is known. */
  txUrl: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

const withdrawalId = z.coerce.number().int().positive().max(2_147_483_647);

/** Support's review of withdrawals and the development faucet (docs/design/chain.md). */
export const adminChainApi = {
  withdrawalPage: endpoint({
    method: 'POST',
    path: '/admin/usdt/withdrawal/page',
    auth: 'user',
    permission: 'usdt:withdrawal:review',
    summary:
      'Withdrawals with risk signals, optionally of one status (reviewing: waiting for support), one member or one network, sorted by id or amount',
    input: pageInput.extend({
      status: z.enum(withdrawalStatuses).optional(),
      userId: withdrawalId.optional(),
      network: z.enum(networks).optional(),
      sort: z.enum(['id', 'amount']).default('id'),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    output: pageOf(adminWithdrawal),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/usdt/withdrawal/approve',
    auth: 'user',
    permission: 'usdt:withdrawal:review',
    summary: 'Approve a withdrawal waiting for review: the broadcaster sends it',
    input: z.object({ id: withdrawalId }),
    output: adminWithdrawal,
    errors: [
      ErrorCode.WithdrawalNotFound,
      ErrorCode.WithdrawalNotReviewable,
      ErrorCode.DutySeparation,
      ErrorCode.AccountFrozen,
    ],
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/usdt/withdrawal/reject',
    auth: 'user',
    permission: 'usdt:withdrawal:review',
    summary: 'Reject a withdrawal waiting for review: amount and fee return to the member',
    input: z.object({
      id: withdrawalId,
      reason: z.string().trim().min(1, 'Content cannot be empty').max(200),
    }),
    output: adminWithdrawal,
    errors: [ErrorCode.WithdrawalNotFound, ErrorCode.WithdrawalNotReviewable, ErrorCode.DutySeparation],
  }),
  faucetNetworks: endpoint({
    method: 'GET',
    path: '/admin/usdt/faucet/networks',
    auth: 'user',
    permission: 'usdt:faucet',
    summary: 'Development only: the networks the faucet can send test USDT on (none in production)',
    input: z.object({}),
    output: z.array(z.enum(networks)),
  }),
  faucet: endpoint({
    method: 'POST',
    path: '/admin/usdt/faucet',
    auth: 'user',
    permission: 'usdt:faucet',
    summary: 'Development only: send test USDT from an outside account to a member’s deposit address',
    input: z.object({
      userId: z.number().int().positive().max(2_147_483_647),
      network: z.enum(networks),
      amount: usdtAmount.refine((s) => Number(s) <= 1_000_000, 'At most 1,000,000.00'),
    }),
    output: z.object({ network: z.enum(networks), address: z.string(), txHash: z.string() }),
  }),
};
