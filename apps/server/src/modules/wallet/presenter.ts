import {
  formatUsdt,
  micro,
  type NetworkSettings,
  type TransferResult,
  type WalletBalance,
  type WalletEntry,
} from '@chatpay/shared';
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
  memo: string;
  createTime: Date;
  net: bigint;
}

export const presentEntry = (
  row: HistoryRow,
  counterparty: { memberId: string; nickName: string } | null,
): WalletEntry => ({
  id: row.id,
  kind: row.kind,
  amount: formatUsdt(micro(row.net)),
  counterparty,
  memo: row.memo,
  createTime: row.createTime.toISOString(),
});

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
