import { describe, expect, it } from 'vitest';
import {
  cents,
  coinFor,
  ErrorCode,
  effectiveMax,
  feeOf,
  fiatFor,
  formatFiat,
  formatUsdt,
  micro,
  orderAmountOf,
  type PricedAd,
  parseFiat,
  parsePercent,
  parseUsdt,
  priceOrder,
} from '../src/index.ts';

const usdt = parseUsdt;
const fiat = parseFiat;

describe('coin and fiat conversion (integer math)', () => {
  it('prices coins in fiat rounded up to a cent', () => {
    expect(formatFiat(fiatFor(usdt('10'), fiat('7.20')))).toBe('72.00');
    expect(formatFiat(fiatFor(usdt('0.000001'), fiat('7.20')))).toBe('0.01');
    expect(formatFiat(fiatFor(usdt('1.234567'), fiat('7.21')))).toBe('8.91');
    // 0.1 + 0.2 style float traps do not exist here.
    expect(formatFiat(fiatFor(usdt('0.3'), fiat('0.10')))).toBe('0.03');
    expect(fiatFor(micro(0n), fiat('7.20'))).toBe(0n);
  });

  it('turns fiat into coins rounded down to a micro-USDT', () => {
    expect(formatUsdt(coinFor(fiat('72'), fiat('7.20')))).toBe('10.00');
    expect(formatUsdt(coinFor(fiat('100'), fiat('7.21')))).toBe('13.869625');
    expect(formatUsdt(coinFor(fiat('0.01'), fiat('7.20')))).toBe('0.001388');
  });

  it('buys nothing at a zero price instead of dividing by zero', () => {
    expect(coinFor(fiat('10'), cents(0n))).toBe(0n);
  });

  it('never lets a round trip favour the taker: coins for fiat cost at most that fiat', () => {
    for (const [f, p] of [
      ['100', '7.21'],
      ['0.01', '7.20'],
      ['999.99', '6.99'],
      ['1', '0.03'],
    ] as const) {
      expect(fiatFor(coinFor(fiat(f), fiat(p)), fiat(p)) <= fiat(f)).toBe(true);
    }
  });
});

describe('fee', () => {
  it('takes percent of the coins rounded up to a micro-USDT', () => {
    expect(formatUsdt(feeOf(usdt('100'), '0.1'))).toBe('0.10');
    expect(formatUsdt(feeOf(usdt('0.000001'), '0.1'))).toBe('0.000001');
    expect(formatUsdt(feeOf(usdt('12.345678'), '1.25'))).toBe('0.154321');
    expect(formatUsdt(feeOf(usdt('10'), '0'))).toBe('0.00');
    expect(formatUsdt(micro(usdt('100') - feeOf(usdt('100'), '0.1')))).toBe('99.90');
  });

  it('reads a percent below 100 with at most 2 decimals', () => {
    expect(parsePercent('0.1')).toBe(10n);
    expect(parsePercent('1.25')).toBe(125n);
    expect(parsePercent('99')).toBe(9_900n);
    for (const bad of ['', '100', '0.125', '-1', '01', 'x', ' 1']) {
      expect(() => parsePercent(bad), bad).toThrow(RangeError);
    }
  });
});

describe('effective max', () => {
  it('is the max limit, or what the remaining is worth (rounded down) when that is less', () => {
    const ad = { price: fiat('7.20'), maxLimit: fiat('1000') };
    expect(formatFiat(effectiveMax({ ...ad, remaining: usdt('500') }))).toBe('1000.00');
    expect(formatFiat(effectiveMax({ ...ad, remaining: usdt('100') }))).toBe('720.00');
    expect(formatFiat(effectiveMax({ ...ad, remaining: usdt('0.000001') }))).toBe('0.00');
  });

  it('is idempotent, so the web may pass the max the server already reduced', () => {
    const ad = { price: fiat('7.20'), maxLimit: fiat('1000'), remaining: usdt('100') };
    expect(effectiveMax({ ...ad, maxLimit: effectiveMax(ad) })).toBe(effectiveMax(ad));
  });
});

describe('priceOrder', () => {
  const split: PricedAd = {
    price: fiat('7.20'),
    remaining: usdt('100'),
    minLimit: fiat('10'),
    maxLimit: fiat('500'),
    useShare: true,
  };
  const full: PricedAd = { ...split, useShare: false };

  it('prices an order by fiat: coins rounded down, the fee on them', () => {
    expect(priceOrder(split, { fiat: fiat('72') }, '0.1')).toEqual({
      ok: true,
      amountCoin: usdt('10'),
      amountFiat: fiat('72'),
      charge: usdt('0.01'),
    });
  });

  it('prices an order by coins: fiat rounded up', () => {
    expect(priceOrder(split, { coin: usdt('20') }, '0.1')).toEqual({
      ok: true,
      amountCoin: usdt('20'),
      amountFiat: fiat('144'),
      charge: usdt('0.02'),
    });
  });

  it('refuses below the minimum order with the minimum in the details', () => {
    expect(priceOrder(split, { coin: usdt('0.999999') }, '0.1')).toEqual({
      ok: false,
      code: ErrorCode.AmountBelowMinimum,
      message: 'The minimum order is 1.00 USDT',
      details: { minimum: '1.00' },
    });
  });

  it('refuses more than the remaining before the limits', () => {
    expect(priceOrder(split, { coin: usdt('100.000001') }, '0.1')).toMatchObject({
      ok: false,
      code: ErrorCode.ExceedsRemaining,
    });
  });

  it('refuses fiat outside the limits, naming them', () => {
    const low = priceOrder(split, { fiat: fiat('9.99') }, '0.1');
    expect(low).toEqual({
      ok: false,
      code: ErrorCode.AmountOutOfLimits,
      details: { min: '10.00', max: '500.00' },
    });
    expect(priceOrder(split, { fiat: fiat('500.01') }, '0.1')).toMatchObject({
      code: ErrorCode.AmountOutOfLimits,
    });
    expect(priceOrder(split, { fiat: fiat('500') }, '0.1')).toMatchObject({ ok: true });
  });

  it('uses the effective max: no more fiat than the remaining is worth', () => {
    const small = { ...split, remaining: usdt('50') };
    expect(priceOrder(small, { fiat: fiat('360.01') }, '0.1')).toMatchObject({
      ok: false,
      code: ErrorCode.ExceedsRemaining,
    });
    expect(priceOrder(small, { coin: usdt('50') }, '0.1')).toMatchObject({ ok: true });
  });

  it('in full mode takes the whole remaining or nothing, naming its price as both limits', () => {
    expect(priceOrder(full, { coin: usdt('100') }, '0.1')).toMatchObject({
      ok: true,
      amountFiat: fiat('720'),
    });
    expect(priceOrder(full, { coin: usdt('99') }, '0.1')).toEqual({
      ok: false,
      code: ErrorCode.AmountOutOfLimits,
      details: { min: '720.00', max: '720.00' },
    });
  });

  it('reads the wire form: amountCoin or amountFiat', () => {
    expect(orderAmountOf({ amountCoin: '1.5' })).toEqual({ coin: usdt('1.5') });
    expect(orderAmountOf({ amountFiat: '72' })).toEqual({ fiat: fiat('72') });
    expect(() => orderAmountOf({ amountCoin: 'x' })).toThrow(RangeError);
  });
});
