import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luckyShare, MIN_SHARE, nextShare } from '../../src/modules/wallet/redpacket/split.ts';

/** Splits a whole packet the way claims do, one share at a time. */
const splitAll = (
  kind: 'equal' | 'lucky',
  total: bigint,
  count: number,
  pick?: (a: number, b: number) => number,
) => {
  const shares: bigint[] = [];
  let remainingAmount = total;
  let remainingCount = count;
  while (remainingCount > 0) {
    const share = nextShare({ kind, total, count, remainingAmount, remainingCount }, pick);
    shares.push(share);
    remainingAmount -= share;
    remainingCount -= 1;
  }
  return { shares, remainingAmount };
};

const MAX_TOTAL = 20_000_000_000n;

describe('red packet split (double-mean rule, integer micro-units)', () => {
  it('lucky: the shares sum to the total exactly, each ≥ 0.01, never more shares than the count', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 100 })
          .chain((count) =>
            fc.tuple(fc.constant(count), fc.bigInt({ min: MIN_SHARE * BigInt(count), max: MAX_TOTAL })),
          ),
        ([count, total]) => {
          const { shares, remainingAmount } = splitAll('lucky', total, count);
          expect(shares).toHaveLength(count);
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
          expect(remainingAmount).toBe(0n);
          for (const s of shares) expect(s >= MIN_SHARE).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lucky: holds at the extremes of the random pick (always the smallest, always the largest)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.bigInt({ min: 0n, max: 5_000_000n }),
        fc.boolean(),
        (count, extra, high) => {
          const total = MIN_SHARE * BigInt(count) + extra;
          const pick = (min: number, max: number) => (high ? max : min);
          const { shares } = splitAll('lucky', total, count, pick);
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
          for (const s of shares) expect(s >= MIN_SHARE).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lucky: a total in whole cents splits into whole cents only (no 16.316539 USDT shares)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 100 })
          .chain((count) =>
            fc.tuple(fc.constant(count), fc.bigInt({ min: BigInt(count), max: MAX_TOTAL / MIN_SHARE })),
          ),
        ([count, totalCents]) => {
          const total = totalCents * MIN_SHARE;
          const { shares } = splitAll('lucky', total, count);
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
          for (const s of shares) expect(s % MIN_SHARE).toBe(0n);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lucky: a share never exceeds twice the mean of what is left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 100 }), fc.bigInt({ min: 0n, max: MAX_TOTAL }), (left, extra) => {
        const remaining = MIN_SHARE * BigInt(left) + extra;
        const share = luckyShare(remaining, left);
        expect(share >= MIN_SHARE).toBe(true);
        expect(share <= (2n * remaining) / BigInt(left)).toBe(true);
        expect(share <= remaining - BigInt(left - 1) * MIN_SHARE).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('the last share is exactly the rest; the exact minimum gives every share 0.01', () => {
    expect(luckyShare(123_456n, 1)).toBe(123_456n);
    expect(splitAll('lucky', MIN_SHARE * 7n, 7).shares).toEqual(Array(7).fill(MIN_SHARE));
  });

  it('equal: every share is the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.bigInt({ min: MIN_SHARE, max: 200_000_000n }),
        (count, each) => {
          const { shares } = splitAll('equal', each * BigInt(count), count);
          expect(shares).toEqual(Array(count).fill(each));
        },
      ),
    );
  });

  it('refuses what the send call never allows', () => {
    expect(() => luckyShare(MIN_SHARE * 3n - 1n, 3)).toThrow();
    expect(() => luckyShare(100n, 0)).toThrow();
  });
});
