import {
  formatUsdt,
  micro,
  type NetworkSettings,
  type TransferResult,
  type WalletAction,
  type WalletBalance,
  type WalletEntry,
  type WalletFlow,
} from '@chatpay/shared';
import type { RefView } from '../../http/ports.ts';
import { formatPercent, type NetworkConfig } from '../chain/index.ts';
import type { PostedEntry } from '../ledger/index.ts';

export const presentBalance = (b: { available: bigint; frozen: bigint }): WalletBalance => ({
  available: formatUsdt(micro(b.available)),
  frozen: formatUsdt(micro(b.frozen)),
  total: formatUsdt(micro(b.available + b.frozen)),
});

export const presentNetwork = (n: NetworkConfig): NetworkSettings => ({
  network: n.network,
  enabled: n.enabled,
  gasFee: formatUsdt(micro(n.gasFee)),
  feePercent: formatPercent(n.feePpm),
  awardPercent: formatPercent(n.awardPpm),
  minDeposit: formatUsdt(micro(n.minDeposit)),
  minWithdrawal: formatUsdt(micro(n.minWithdrawal)),
  confirmations: n.confirmations,
});

export interface HistoryRow {
  id: number;
  kind: string;
  refType: string | null;
  refId: string | null;
  memo: string;
  createTime: Date;
  /** Net change of my total (available + frozen). */
  net: bigint;
  /** Change of my frozen account. */
  frozen: bigint;
  /** My available balance after the entry, when it had a posting on my available account. */
  availableAfter: bigint | null;
  /** Real income or spending, counted in the totals (not a freeze, unfreeze or escrow hold). */
  counted: boolean;
}

type Counterparty = { memberId: string; nickName: string };

const abs = (n: bigint) => (n < 0n ? -n : n);

/** The business action behind an entry, from its kind and which way it moved my money. */
const actionOf = (row: HistoryRow): WalletAction => {
  const out = row.net < 0n;
  switch (row.kind) {
    case 'transfer':
      return out ? 'transfer-out' : 'transfer-in';
    case 'chat-transfer':
      return out ? 'chat-transfer-out' : 'chat-transfer-in';
    case 'adjust':
      return 'adjust';
    case 'redpacket':
      return 'redpacket-sent';
    case 'redpacket-claim':
      return 'redpacket-received';
    case 'redpacket-refund':
      return 'redpacket-refund';
    case 'paydesk':
      return out ? 'paydesk' : 'paydesk-sale';
    case 'paydesk-refund':
      return 'paydesk-refund';
    case 'c2c-order-start':
      return row.counted ? 'c2c-sell' : 'c2c-escrow';
    case 'c2c-order-cancel':
      return 'c2c-return';
    case 'c2c-order-release':
      return 'c2c-buy';
    case 'c2c-ad-freeze':
    case 'c2c-ad-unfreeze':
    case 'withdrawal':
    case 'withdrawal-freeze':
    case 'withdrawal-refund':
      return row.kind;
    case 'chain-deposit':
      return 'deposit';
    case 'chain-award':
      return 'deposit-award';
    default:
      return 'other';
  }
};

/** In and out count in the totals; the rest moves my own coins between available, frozen and escrow. */
const flowOf = (row: HistoryRow): WalletFlow => {
  if (row.counted) return row.net > 0n ? 'in' : 'out';
  if (row.kind === 'c2c-order-cancel') return 'unfreeze';
  if (row.net !== 0n) return row.net < 0n ? 'freeze' : 'unfreeze';
  return row.frozen > 0n ? 'freeze' : 'unfreeze';
};

/**
 * A history line as the member did it: the action, the amount it is about, the business record
 * (`ref`, read by `describeRefs`) and the other member, from the record or else from the entry's postings.
 */
export const presentEntry = (
  row: HistoryRow,
  ref: RefView | null,
  fromPostings: Counterparty | null,
): WalletEntry => {
  const action = actionOf(row);
  const flow = flowOf(row);
  const moved = row.net !== 0n ? abs(row.net) : abs(row.frozen);
  const fee = ref?.fee && ref.fee > 0n ? ref.fee : null;
  return {
    id: row.id,
    kind: row.kind,
    action,
    flow,
    amount: formatUsdt(micro(row.net)),
    moved: formatUsdt(micro(moved)),
    fee: fee === null ? null : formatUsdt(micro(fee)),
    balanceAfter: row.availableAfter === null ? null : formatUsdt(micro(row.availableAfter)),
    counterparty: ref?.counterparty ?? fromPostings,
    reference:
      row.refType && row.refId !== null ? { type: row.refType, id: row.refId, no: ref?.no ?? null } : null,
    status: ref?.status ?? null,
    txHash: ref?.txHash ?? null,
    memo: row.memo,
    createTime: row.createTime.toISOString(),
  };
};

export const presentTransfer = (
  entry: PostedEntry,
  amount: bigint,
  recipient: { memberId: string; nickName: string },
): TransferResult => ({
  id: entry.id,
  amount: formatUsdt(micro(amount)),
  recipient: { memberId: recipient.memberId, nickName: recipient.nickName },
  createTime: entry.createTime.toISOString(),
});
