import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import type { RefDescriber, RefView } from '../../http/ports.ts';
import { chainDeposits, chainWithdrawals } from '../chain/index.ts';
import { users } from '../user/index.ts';
import { redPackets } from './tables.ts';

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

/** The wallet's own references; those of modules above it come from `Ports.historyRefs` (app.ts). */
const own = new Map<string, RefDescriber>([
  ['chain-withdrawal', withdrawals],
  ['chain-deposit', deposits],
  ['redpacket', packets],
]);

/** The business records of the given entries, keyed `<ref_type>:<ref_id>`. */
export const describeRefs = async (
  exec: Executor,
  userId: number,
  refs: { refType: string | null; refId: string | null }[],
  above: ReadonlyMap<string, RefDescriber>,
): Promise<Map<string, RefView>> => {
  const describerOf = (type: string) => own.get(type) ?? above.get(type);
  const byType = new Map<string, Set<string>>();
  for (const r of refs) {
    if (!r.refType || r.refId === null || !describerOf(r.refType)) continue;
    const ids = byType.get(r.refType) ?? new Set<string>();
    ids.add(r.refId);
    byType.set(r.refType, ids);
  }
  const out = new Map<string, RefView>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const found = await describerOf(type)!(exec, userId, [...ids]);
      for (const [id, v] of found) out.set(`${type}:${id}`, v);
    }),
  );
  return out;
};
