import { randomInt } from 'node:crypto';

/** The smallest share of a red packet: 0.01 USDT in micro-units. */
export const MIN_SHARE = 10_000n;

/** Picks an integer in [min, maxInclusive]; crypto.randomInt by default, replaceable in tests. */
export type Pick = (min: number, maxInclusive: number) => number;
const cryptoPick: Pick = (min, maxInclusive) => randomInt(min, maxInclusive + 1);

/**
 * The next share of a lucky red packet by the double-mean rule, in whole cents (0.01 USDT, as WeChat): with
 * `remaining` left for `left` shares, a share is a whole number of cents uniform in
 * [MIN_SHARE, min(2·remaining/left, remaining − (left−1)·MIN_SHARE)] (rounded down to a cent), and the last
 * share is exactly the rest. The send call takes amounts in whole cents, so every share is whole cents and
 * the shares sum to the total exactly. Every share is ≥ MIN_SHARE as long as remaining ≥ left · MIN_SHARE,
 * which the send call guarantees and this keeps true. `pick` draws a count of cents.
 */
export const luckyShare = (remaining: bigint, left: number, pick: Pick = cryptoPick): bigint => {
  if (left < 1) throw new Error('No share left');
  const n = BigInt(left);
  if (remaining < n * MIN_SHARE) throw new Error('Not enough left for the minimum shares');
  if (left === 1) return remaining;
  const doubleMean = (2n * remaining) / n;
  const reserve = remaining - (n - 1n) * MIN_SHARE;
  const max = doubleMean < reserve ? doubleMean : reserve;
  // In cents: remaining ≤ 20,000 USDT = 2·10^6 cents, far inside randomInt's 2^48 range. max ≥ MIN_SHARE.
  return BigInt(pick(1, Number(max / MIN_SHARE))) * MIN_SHARE;
};

/** The next share of a packet: equal packets give `total / count` (exact by construction), the last takes the rest. */
export const nextShare = (
  packet: { kind: string; total: bigint; count: number; remainingAmount: bigint; remainingCount: number },
  pick?: Pick,
): bigint => {
  if (packet.remainingCount < 1) throw new Error('No share left');
  if (packet.remainingCount === 1) return packet.remainingAmount;
  if (packet.kind === 'equal') return packet.total / BigInt(packet.count);
  return luckyShare(packet.remainingAmount, packet.remainingCount, pick);
};
