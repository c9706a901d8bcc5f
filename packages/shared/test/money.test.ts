import { describe, expect, it } from 'vitest';
import {
  cents,
  formatFiat,
  formatUsdt,
  micro,
  normaliseLocale,
  parseFiat,
  parseSignedUsdt,
  parseUsdt,
  signedUsdtAmount,
  usdtAmount,
} from '../src/index.ts';

describe('money', () => {
  it('parses decimal strings into micro-units without floating point', () => {
    expect(parseUsdt('1')).toBe(1_000_000n);
    expect(parseUsdt('1.00')).toBe(1_000_000n);
    expect(parseUsdt('0.000001')).toBe(1n);
    expect(parseUsdt('123456789.123456')).toBe(123_456_789_123_456n);
    expect(parseUsdt('0.1')).toBe(100_000n);
  });

  it.each(['', '-1', '1.1234567', 'abc', '1e5', '01', '1.', '.5', ' 1', 'NaN'])('refuses %j', (text) => {
    expect(() => parseUsdt(text)).toThrow(RangeError);
  });

  it('formats with two decimals at least, as minimums are written', () => {
    expect(formatUsdt(micro(1_000_000n))).toBe('1.00');
    expect(formatUsdt(micro(1n))).toBe('0.000001');
    expect(formatUsdt(micro(12_500_000n))).toBe('12.50');
    expect(formatUsdt(micro(-3_000_000n))).toBe('-3.00');
    expect(formatUsdt(micro(0n), 0)).toBe('0');
  });

  it('round-trips', () => {
    for (const s of ['0.01', '50.00', '10.123456', '999999999.99']) expect(formatUsdt(parseUsdt(s))).toBe(s);
  });

  it('validates wire amounts: positive, at most 6 decimals', () => {
    expect(usdtAmount.safeParse('1.5').success).toBe(true);
    expect(usdtAmount.safeParse('0').success).toBe(false);
    expect(usdtAmount.safeParse('0.0000001').success).toBe(false);
    expect(usdtAmount.safeParse('-2').success).toBe(false);
  });
});

describe('locale', () => {
  it('treats zh-Hans as zh and falls back to en', () => {
    expect(normaliseLocale('zh-Hans')).toBe('zh');
    expect(normaliseLocale('jp')).toBe('jp');
    expect(normaliseLocale('fr')).toBe('en');
    expect(normaliseLocale(null)).toBe('en');
  });
});

describe('signed amounts', () => {
  it('parses a sign, or none, into micro-units', () => {
    expect(parseSignedUsdt('-12.50')).toBe(-12_500_000n);
    expect(parseSignedUsdt('+3')).toBe(3_000_000n);
    expect(parseSignedUsdt('7')).toBe(7_000_000n);
    expect(parseSignedUsdt('-0.000001')).toBe(-1n);
  });

  it.each(['', '-', '+', '--1', '+-1', '-+1', ' -1', '1-', '-1.1234567', '- 1', 'abc'])(
    'refuses %j',
    (text) => {
      expect(() => parseSignedUsdt(text)).toThrow(RangeError);
    },
  );

  it('round-trips through formatUsdt', () => {
    for (const s of ['-0.01', '50.00', '-10.123456']) expect(formatUsdt(parseSignedUsdt(s))).toBe(s);
  });

  it('is what the adjustment schema reads: non-zero, bounded', () => {
    expect(signedUsdtAmount.safeParse('-12.5').success).toBe(true);
    expect(signedUsdtAmount.safeParse('-0.00').success).toBe(false);
    expect(signedUsdtAmount.safeParse('0').success).toBe(false);
  });
});

describe('fiat', () => {
  it('parses and formats cents', () => {
    expect(parseFiat('72.5')).toBe(7_250n);
    expect(parseFiat('0.01')).toBe(1n);
    expect(formatFiat(cents(7_250n))).toBe('72.50');
    expect(formatFiat(cents(-5n))).toBe('-0.05');
  });

  it.each(['', '-1', '1.001', '01', 'x'])('refuses %j', (text) => {
    expect(() => parseFiat(text)).toThrow(RangeError);
  });
});
