import { describe, expect, it } from 'vitest';
import {
  type Cents,
  cents,
  coinFor,
  feeOf,
  fiatFor,
  formatFiat,
  formatUsdt,
  type Micro,
  micro,
  parseFiat,
  parseUsdt,
} from '../src/index.ts';

/**
 * The units are checked by the compiler (`tsc -p packages/shared` runs over this file): each
 * `@ts-expect-error` below fails the typecheck if the line it marks ever compiles, i.e. if cents could be
 * passed where micro-USDT is expected, or the other way round.
 */
describe('money brands', () => {
  it('keeps cents and micro-USDT apart at compile time', () => {
    const usdt: Micro = parseUsdt('1');
    const fiat: Cents = parseFiat('7.20');

    // @ts-expect-error cents are not micro-USDT
    formatUsdt(fiat);
    // @ts-expect-error micro-USDT are not cents
    formatFiat(usdt);
    // @ts-expect-error a bare bigint has no unit: name it with micro() or cents() first
    formatUsdt(1_000_000n);
    // @ts-expect-error the price is in cents, not micro-USDT
    fiatFor(usdt, usdt);
    // @ts-expect-error coins are bought with cents
    coinFor(usdt, fiat);
    // @ts-expect-error the fee is taken on coins
    feeOf(fiat, '0.1');
    // @ts-expect-error fiatFor answers cents, not micro-USDT
    formatUsdt(fiatFor(usdt, fiat));
    // @ts-expect-error a sum is a bare bigint until it is named again
    const sum: Micro = usdt + usdt;

    expect([formatUsdt(micro(usdt + usdt)), formatFiat(cents(fiat * 2n)), sum]).toEqual([
      '2.00',
      '14.40',
      2_000_000n,
    ]);
  });

  it('are plain bigints at run time', () => {
    expect(micro(5n)).toBe(5n);
    expect(cents(5n)).toBe(5n);
    expect(typeof parseUsdt('1')).toBe('bigint');
  });
});
