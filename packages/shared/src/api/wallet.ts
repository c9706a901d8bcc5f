import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { type Micro, micro, parseSignedUsdt, usdtAmount } from '../money.ts';
import { nickName, pin, stepUpProof } from './user.ts';

const WALLET = '/app/usdt/wallet';
const MCC = '/app/c2c/mcc';

/** Chain networks of the wallet (docs/product.md#deposits, docs/design/chain.md). */
export const networks = ['TRC20', 'ERC20', 'BEP20'] as const;
export type Network = (typeof networks)[number];

/**
 * Whether `text` has the shape of an address on `network` (TRC20: T + 33 base58; ERC20/BEP20: 0x + 40 hex).
 * The form says why it cannot send yet; the server still checks the checksum and refuses the zero address.
 */
export const addressLooksValid = (network: Network, text: string) =>
  network === 'TRC20'
    ? /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text.trim())
    : /^0x[0-9a-fA-F]{40}$/.test(text.trim());

/** Guests a merchant may create per rolling 24 hours (docs/design/ledger.md). */
export const GUEST_DAILY_LIMIT = 20;

/** The largest single admin adjustment (micro-USDT), far from the bigint column's limit. */
const MAX_ADJUST = micro(1_000_000_000n * 1_000_000n);

/** A decimal string of micro-USDT that may be negative ("-12.5"), never zero; at most 6 decimals. */
const SIGNED = /^-?(0|[1-9]\d{0,14})(\.\d{1,6})?$/;
export const signedUsdtAmount = z
  .string()
  .trim()
  .regex(SIGNED, 'A decimal amount with at most 6 decimals')
  .refine((s) => !SIGNED.test(s) || parseSignedUsdt(s) !== 0n, 'The amount must not be zero');

const abs = (amount: Micro) => (amount < 0n ? micro(-amount) : amount);

/** The client's idempotency key: a retry with the same id never moves money twice. */
export const requestId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Letters, digits and _ . : - only');

const memberId = z
  .string()
  .trim()
  .regex(/^\d{4,16}$/, 'A member id is digits');
const network = z.enum(networks);
const money = z.string();

export const walletBalance = z.object({ available: money, frozen: money, total: money });
export type WalletBalance = z.infer<typeof walletBalance>;

export const networkSettings = z.object({
  network,
  enabled: z.boolean(),
  gasFee: money,
  /** Percent of the amount, as a decimal string ("0.1" is 0.1 %). */
  feePercent: z.string(),
  awardPercent: z.string(),
  minDeposit: money,
  minWithdrawal: money,
  confirmations: z.number().int(),
});
export type NetworkSettings = z.infer<typeof networkSettings>;

const counterparty = z.object({ memberId: z.string(), nickName: z.string() });

/**
 * What a history line stands for as the member did it, derived from the entry's kind, reference and
 * the owning module's record: `c2c-escrow` is a sale whose coins wait in escrow (not yet spent), `c2c-return`
 * the escrow of a canceled order coming back.
 */
export const walletActions = [
  'c2c-sell',
  'c2c-buy',
  'c2c-escrow',
  'c2c-return',
  'c2c-ad-freeze',
  'c2c-ad-unfreeze',
  'transfer-out',
  'transfer-in',
  'chat-transfer-out',
  'chat-transfer-in',
  'redpacket-sent',
  'redpacket-received',
  'redpacket-refund',
  'withdrawal',
  'withdrawal-freeze',
  'withdrawal-refund',
  'deposit',
  'deposit-award',
  'paydesk',
  'paydesk-sale',
  'paydesk-refund',
  'adjust',
  'other',
] as const;
export type WalletAction = (typeof walletActions)[number];

/**
 * Which way a line moved my money: `in` and `out` are real income and spending (the totals count them);
 * `freeze` and `unfreeze` move my own coins between available and frozen or escrow, and count as neither.
 */
export const walletFlows = ['in', 'out', 'freeze', 'unfreeze'] as const;
export type WalletFlow = (typeof walletFlows)[number];

/**
 * One entry of my history; `amount` is signed from my point of view ("-1.50" left my wallet, "0.00" for a pure
 * freeze); `moved` is the unsigned amount the line is about (what was frozen, for a freeze line).
 */
export const walletEntry = z.object({
  id: z.number().int(),
  kind: z.string(),
  action: z.enum(walletActions),
  flow: z.enum(walletFlows),
  amount: money,
  moved: money,
  /** A fee included in `amount` (withdrawal gas + percent, the C2C charge taken from what the buyer got). */
  fee: money.nullable(),
  /** My available balance right after the entry, when it touched my available account. */
  balanceAfter: money.nullable(),
  counterparty: counterparty.nullable(),
  /** The business record: `no` is the number the member sees (C2C and pay-desk order numbers). */
  reference: z.object({ type: z.string(), id: z.string(), no: z.string().nullable() }).nullable(),
  /** The business record's state (order, withdrawal, deposit, red packet), when it has one. */
  status: z.string().nullable(),
  txHash: z.string().nullable(),
  memo: z.string(),
  createTime: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntry>;

/** Deposit states (docs/design/chain.md): confirming n/N, then credited, below_minimum (not credited) or dropped. */
export const depositStatuses = ['confirming', 'credited', 'below_minimum', 'dropped'] as const;
/** Withdrawal states: reviewing → approved → signed → confirming → completed; rejected and failed are unfrozen. */
export const withdrawalStatuses = [
  'reviewing',
  'approved',
  'signed',
  'confirming',
  'completed',
  'rejected',
  'failed',
] as const;
/**
 * Why a withdrawal waits for support: a password or PIN change within the hold, the member's 24 h total, the
 * network's daily outflow cap, money received from other members in the last 24 h, a new account.
 */
export const withdrawalHoldCodes = [
  'credentials',
  'memberLimit',
  'outflowCap',
  'receivedInternally',
  'newAccount',
] as const;
export type WithdrawalHoldCode = (typeof withdrawalHoldCodes)[number];
export type DepositStatus = (typeof depositStatuses)[number];
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** One deposit or withdrawal as the member sees it (also the payload of the `chain` socket event). */
export const chainRecord = z.object({
  type: z.enum(['deposit', 'withdrawal']),
  id: z.number().int(),
  network,
  status: z.enum([...depositStatuses, ...withdrawalStatuses]),
  amount: money,
  /** Withdrawal fee (gas + percent); "0.00" for deposits. */
  fee: money,
  /** Deposit award; "0.00" for withdrawals. */
  award: money,
  /** The deposit address (deposits) or the destination (withdrawals). */
  address: z.string(),
  txHash: z.string().nullable(),
  confirmations: z.number().int(),
  required: z.number().int(),
  /** Support's reason for a rejected withdrawal (or, in English, why it waits: `holdCode` says it in any language). */
  reason: z.string(),
  /** Why a withdrawal waits (or waited) for review; null when it never did. */
  holdCode: z.enum(withdrawalHoldCodes).nullable(),
  /** For a hold after a password or PIN change: when that hold ends (ISO). */
  heldUntil: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ChainRecord = z.infer<typeof chainRecord>;

export const transferInput = z.object({ memberId, amount: usdtAmount, pin, requestId });

export const transferResult = z.object({
  id: z.number().int(),
  amount: money,
  recipient: z.object({ memberId: z.string(), nickName: z.string() }),
  createTime: z.string(),
});
export type TransferResult = z.infer<typeof transferResult>;

/** What a transfer by member id may answer (wallet and MCC). */
const walletTransferErrors = [
  ErrorCode.OutflowHeld,
  ErrorCode.OutflowLimitReached,
  ErrorCode.PinNotSet,
  ErrorCode.WrongPin,
  ErrorCode.PinLocked,
  ErrorCode.InsufficientBalance,
  ErrorCode.AmountBelowMinimum,
  ErrorCode.CannotTransferToSelf,
  ErrorCode.MemberNotFound,
  ErrorCode.IdempotencyConflict,
];

export const walletApi = {
  balance: endpoint({
    method: 'GET',
    path: `${WALLET}/balance`,
    auth: 'user',
    summary: 'My balance: available, frozen and their total',
    input: z.object({}),
    output: walletBalance,
  }),
  info: endpoint({
    method: 'GET',
    path: `${WALLET}/info`,
    auth: 'user',
    summary: 'My income and expense totals, and the fee settings of each network',
    input: z.object({}),
    output: z.object({ income: money, expense: money, networks: z.array(networkSettings) }),
  }),
  page: endpoint({
    method: 'POST',
    path: `${WALLET}/page`,
    auth: 'user',
    summary: 'My wallet history, newest first (income: money in, expense: money out; freezes are in neither)',
    input: pageInput.extend({ type: z.enum(['income', 'expense']).optional() }),
    output: pageOf(walletEntry),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${WALLET}/detail`,
    auth: 'user',
    summary: 'One entry of my history with its business record (another member’s entry is not found)',
    input: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    output: walletEntry,
    errors: [ErrorCode.NotFound],
  }),
  count: endpoint({
    method: 'GET',
    path: `${WALLET}/count`,
    auth: 'user',
    summary: 'How many entries my history has: all, income, expense (freezes count only in all)',
    input: z.object({}),
    output: z.object({ total: z.number().int(), income: z.number().int(), expense: z.number().int() }),
  }),
  estimate: endpoint({
    method: 'GET',
    path: `${WALLET}/estimate`,
    auth: 'user',
    summary: 'Withdrawal fee for an amount: gas + percent (rounded up); amount + fee leave the wallet',
    input: z.object({ network, amount: usdtAmount }),
    output: z.object({
      network,
      enabled: z.boolean(),
      amount: money,
      gasFee: money,
      fee: money,
      receive: money,
      total: money,
      minimum: money,
      belowMinimum: z.boolean(),
    }),
  }),
  transfer: endpoint({
    method: 'POST',
    path: `${WALLET}/transfer`,
    auth: 'user',
    summary: 'Send USDT to a member by member id (minimum 1.00, PIN); idempotent by requestId',
    input: transferInput,
    output: transferResult,
    errors: walletTransferErrors,
  }),
  address: endpoint({
    method: 'GET',
    path: `${WALLET}/address`,
    auth: 'user',
    summary: 'My deposit address on a network (derived from the seed; NetworkNotEnabled when not configured)',
    input: z.object({ network }),
    output: z.object({ network, address: z.string() }),
    errors: [ErrorCode.NetworkNotEnabled],
  }),
  withdrawal: endpoint({
    method: 'POST',
    path: `${WALLET}/withdrawal`,
    auth: 'user',
    summary:
      'Withdraw to an address: minimum, amount + fee frozen at once, PIN; idempotent by requestId; review then broadcast',
    input: z.object({
      network,
      address: z.string().trim().min(20).max(128),
      amount: usdtAmount,
      pin,
      requestId,
      stepUp: stepUpProof,
    }),
    output: chainRecord,
    errors: [
      ErrorCode.StepUpRequired,
      ErrorCode.AddressNotSaved,
      ErrorCode.AddressNotYetUsable,
      ErrorCode.OutflowLimitReached,
      ErrorCode.WithdrawalLevelLimit,
      ErrorCode.WrongPin,
      ErrorCode.InsufficientBalance,
      ErrorCode.AmountBelowMinimum,
      ErrorCode.IdempotencyConflict,
      ErrorCode.NetworkNotEnabled,
      ErrorCode.InvalidAddress,
      ErrorCode.OwnAddress,
      ErrorCode.PinNotSet,
      ErrorCode.PinLocked,
    ],
  }),
  records: endpoint({
    method: 'POST',
    path: `${WALLET}/records`,
    auth: 'user',
    summary: 'My deposits and withdrawals with their states (confirming n/N, tx hash), newest first',
    input: pageInput.extend({ type: z.enum(['deposit', 'withdrawal']).optional() }),
    output: pageOf(chainRecord),
  }),
};

export const mccApi = {
  verifyMccId: endpoint({
    method: 'POST',
    path: `${MCC}/verifyMccId`,
    auth: 'user',
    summary: 'Who a member id belongs to, to confirm before paying',
    input: z.object({ memberId }),
    output: z.object({ memberId: z.string(), nickName: z.string(), avatar: z.string() }),
    errors: [ErrorCode.MemberNotFound],
  }),
  transfer: endpoint({
    method: 'POST',
    path: `${MCC}/transfer`,
    auth: 'user',
    summary: 'Send USDT to a member (the same rules as the wallet transfer)',
    input: transferInput,
    output: transferResult,
    errors: walletTransferErrors,
  }),
  balance: endpoint({
    method: 'POST',
    path: `${MCC}/balance`,
    auth: 'user',
    summary: 'My balance (the same as the wallet balance)',
    input: z.object({}),
    output: walletBalance,
  }),
  createGuest: endpoint({
    method: 'POST',
    path: `${MCC}/createGuest`,
    auth: 'user',
    summary: 'Merchant only: create a guest member for a customer; the password is shown once',
    input: z.object({ nickName: nickName.optional() }),
    output: z.object({
      userId: z.number().int(),
      memberId: z.string(),
      username: z.string(),
      password: z.string(),
      nickName: z.string(),
    }),
    errors: [ErrorCode.Forbidden, ErrorCode.GuestLimitReached],
  }),
};

export const adminWalletApi = {
  adjust: endpoint({
    method: 'POST',
    path: '/admin/usdt/wallet/adjust',
    auth: 'user',
    permission: 'usdt:wallet:adjust',
    summary:
      "Credit (positive) or debit (negative) a member (not yourself) from the external account, with a reason; one above the approval cap, or past the admin's rolling 24 h cap, waits for a second admin",
    input: z.object({
      userId: z.number().int().positive().max(2_147_483_647),
      amount: signedUsdtAmount.refine(
        (s) => !SIGNED.test(s) || abs(parseSignedUsdt(s)) <= MAX_ADJUST,
        'At most 1,000,000,000.00 per adjustment',
      ),
      reason: z.string().trim().min(1, 'Content cannot be empty').max(200),
      requestId,
    }),
    output: z.object({
      /** The ledger entry; null while the adjustment waits for a second admin. */
      id: z.number().int().nullable(),
      status: z.enum(['posted', 'pending']),
      /** The maker-checker request (`/admin/usdt/wallet/adjust/approve`) when pending. */
      approvalId: z.number().int().nullable(),
      userId: z.number().int(),
      amount: money,
      reason: z.string(),
      createTime: z.string(),
    }),
    errors: [
      ErrorCode.InsufficientBalance,
      ErrorCode.MemberNotFound,
      ErrorCode.IdempotencyConflict,
      ErrorCode.DutySeparation,
    ],
  }),
};
