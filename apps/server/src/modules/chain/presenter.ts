import { type ChainRecord, formatUsdt, micro, type Network, type WithdrawalHoldCode } from '@chatpay/shared';
import type { chainDeposits, chainWithdrawals } from './tables.ts';

type DepositRow = typeof chainDeposits.$inferSelect;
type WithdrawalRow = typeof chainWithdrawals.$inferSelect;

export const presentDeposit = (d: DepositRow): ChainRecord => ({
  type: 'deposit',
  id: d.id,
  network: d.network as Network,
  status: d.status as ChainRecord['status'],
  amount: formatUsdt(micro(d.amount)),
  fee: '0.00',
  award: formatUsdt(micro(d.award)),
  address: d.address,
  txHash: d.txHash,
  confirmations: Math.min(d.confirmations, d.required),
  required: d.required,
  reason: '',
  holdCode: null,
  heldUntil: null,
  createTime: d.createTime.toISOString(),
  updateTime: d.updateTime.toISOString(),
});

export const presentWithdrawal = (w: WithdrawalRow): ChainRecord => ({
  type: 'withdrawal',
  id: w.id,
  network: w.network as Network,
  status: w.status as ChainRecord['status'],
  amount: formatUsdt(micro(w.amount)),
  fee: formatUsdt(micro(w.fee)),
  award: '0.00',
  address: w.address,
  txHash: w.txHash,
  confirmations: Math.min(w.confirmations, w.required),
  required: w.required,
  reason: w.reason,
  holdCode: (w.holdCode as WithdrawalHoldCode | null) ?? null,
  heldUntil: w.heldUntil ? w.heldUntil.toISOString() : null,
  createTime: w.createTime.toISOString(),
  updateTime: w.updateTime.toISOString(),
});
