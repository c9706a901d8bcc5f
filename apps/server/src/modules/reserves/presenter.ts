import { formatRatio, formatUsdt, micro, type PorSummary, type SignedSnapshot } from '@chatpay/shared';
import type { porSnapshots } from './tables.ts';

type SnapshotRow = typeof porSnapshots.$inferSelect;

/** The signed statement and its signature, as stored (the fields the signature covers, in its order). */
export const presentSnapshot = (r: SnapshotRow): SignedSnapshot => ({
  id: r.id,
  time: r.snapshotTime.toISOString(),
  ledgerPosition: r.ledgerPosition.toString(),
  members: r.members,
  root: r.root,
  memberLiabilities: r.memberLiabilities.toString(),
  escrow: r.escrow,
  liabilities: r.liabilities.toString(),
  reserves: r.reserves.toString(),
  addresses: r.addresses,
  skipped: r.skipped,
  publicKey: r.publicKey,
  signature: r.signature,
});

/** A line of the console's history: USDT amounts and the ratio. */
export const presentSummary = (r: SnapshotRow): PorSummary => ({
  id: r.id,
  time: r.snapshotTime.toISOString(),
  trigger: r.trigger === 'admin' ? 'admin' : 'schedule',
  createdBy: r.createdBy,
  ledgerPosition: r.ledgerPosition.toString(),
  members: r.members,
  liabilities: formatUsdt(micro(r.liabilities)),
  reserves: formatUsdt(micro(r.reserves)),
  ratio: formatRatio(r.reserves, r.liabilities),
  covered: r.reserves >= r.liabilities,
  root: r.root,
  skipped: r.skipped,
});
