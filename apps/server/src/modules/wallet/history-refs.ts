import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { chainDeposits, chainWithdrawals } from '../chain/index.ts';
import { users } from '../user/index.ts';
import { redPackets } from './tables.ts';

/** What a history line shows of the business record its entry points to (`ref_type` / `ref_id`). */
export interface RefView {
  /** The number the member sees (C2C and pay-desk order numbers), when the record has one. */
  no: string | null;
  status: string | null;
  counterparty: { memberId: string; nickName: string } | null;
  /** A fee included in the member's movement (withdrawal fee, C2C charge taken from the buyer's coins). */
  fee: bigint | null;
  txHash: string | null;
}

/**
 * Reads the records of one reference type that belong to `userId` (another member's record is simply absent),
 * keyed by the entry's `ref_id`. Modules that build on the wallet (c2c) provide theirs at start-up through
 * `provideHistoryRefs`, so the wallet never imports them (CONTRIBUTING.md, "No cycles").
 */
export type RefDescriber = (exec: Executor, userId: number, ids: string[]) => Promise<Map<string, RefView>>;

const view = (v: Partial<RefView>): RefView => ({
  no: null,
  status: null,
  counterparty: null,
  fee: null,
  txHash: null,
  ...v,
});

const numeric = (ids: string[]) => ids.map(Number).filter((n) => Number.isSafeInteger(n));

const withdrawals: RefDescriber = async (exec, userId, ids) => {
  const rows = await exec
    .select()
    .from(chainWithdrawals)
    .where(and(inArray(chainWithdrawals.id, numeric(ids)), eq(chainWithdrawals.userId, userId)));
  return new Map(
    rows.map((w) => [String(w.id), view({ status: w.status, fee: w.fee, txHash: w.txHash })] as const),
  );
};

const deposits: RefDescriber = async (exec, userId, ids) => {
  const rows = await exec
    .select({ id: chainDeposits.id, status: chainDeposits.status, txHash: chainDeposits.txHash })
    .from(chainDeposits)
    .where(and(inArray(chainDeposits.id, numeric(ids)), eq(chainDeposits.userId, userId)));
  return new Map(rows.map((d) => [String(d.id), view({ status: d.status, txHash: d.txHash })] as const));
};

/** A red packet's sender is the other side of a claim; my own packet has no single counterparty. */
const packets: RefDescriber = async (exec, userId, ids) => {
  const rows = await exec
    .select({
      id: redPackets.id,
      status: redPackets.status,
      senderId: redPackets.senderId,
      memberId: users.memberId,
      nickName: users.nickName,
    })
    .from(redPackets)
    .innerJoin(users, eq(users.id, redPackets.senderId))
    .where(inArray(redPackets.id, numeric(ids)));
  return new Map(
    rows.map((p) => {
      const counterparty = p.senderId === userId ? null : { memberId: p.memberId, nickName: p.nickName };
      return [String(p.id), view({ status: p.status, counterparty })] as const;
    }),
  );
};

const describers = new Map<string, RefDescriber>([
  ['chain-withdrawal', withdrawals],
  ['chain-deposit', deposits],
  ['redpacket', packets],
]);

/** Called once at start-up by a module whose entries carry references of `refType`. */
export const provideHistoryRefs = (refType: string, describe: RefDescriber) => {
  describers.set(refType, describe);
};

/** The business records of the given entries, keyed `<ref_type>:<ref_id>`. */
export const describeRefs = async (
  exec: Executor,
  userId: number,
  refs: { refType: string | null; refId: string | null }[],
): Promise<Map<string, RefView>> => {
  const byType = new Map<string, Set<string>>();
  for (const r of refs) {
    if (!r.refType || r.refId === null || !describers.has(r.refType)) continue;
    const ids = byType.get(r.refType) ?? new Set<string>();
    ids.add(r.refId);
    byType.set(r.refType, ids);
  }
  const out = new Map<string, RefView>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const found = await describers.get(type)!(exec, userId, [...ids]);
      for (const [id, v] of found) out.set(`${type}:${id}`, v);
    }),
  );
  return out;
};
