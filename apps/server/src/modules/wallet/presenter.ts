import {
  formatUsdt,
  type NetworkSettings,
  type TransferResult,
  type WalletBalance,
  type WalletEntry,
} from '@chatpay/shared';
import type { PostedEntry } from './ledger/post.ts';
import { formatPercent, type NetworkConfig } from './networks.ts';

export const presentBalance = (b: { available: bigint; frozen: bigint }): WalletBalance => ({
  available: formatUsdt(b.available),
  frozen: formatUsdt(b.frozen),
  total: formatUsdt(b.available + b.frozen),
});

export const presentNetwork = (n: NetworkConfig): NetworkSettings => ({
  network: n.network,
  enabled: n.enabled,
  gasFee: formatUsdt(n.gasFee),
  feePercent: formatPercent(n.feePpm),
  awardPercent: formatPercent(n.awardPpm),
  minDeposit: formatUsdt(n.minDeposit),
  minWithdrawal: formatUsdt(n.minWithdrawal),
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
  amount: formatUsdt(row.net),
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
  amount: formatUsdt(amount),
  recipient: { memberId: recipient.memberId, nickName: recipient.nickName },
  createTime: entry.createTime.toISOString(),
});
