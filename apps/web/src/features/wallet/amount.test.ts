import { describe, expect, it } from 'vitest';
import {
  checkAmount,
  direction,
  sanitizeAmount,
  showSigned,
  showUsdt,
  showUsdtUnit,
  toMicro,
} from './amount.ts';
import { createAttempt } from './attempt.ts';

describe('amount field', () => {
  it('keeps digits and one point, at most 6 decimals, no leading zeros', () => {
    expect(sanitizeAmount('12.5')).toBe('12.5');
    expect(sanitizeAmount('007')).toBe('7');
    // Red packets take whole cents.
    expect(sanitizeAmount('16.316539', 2)).toBe('16.31');
    expect(sanitizeAmount('0')).toBe('0');
    expect(sanitizeAmount('.5')).toBe('0.5');
    expect(sanitizeAmount('1.2.3')).toBe('1.23');
    expect(sanitizeAmount('1.1234567')).toBe('1.123456');
    expect(sanitizeAmount('-3a,5')).toBe('3.5');
    expect(sanitizeAmount('1e5')).toBe('15');
    expect(sanitizeAmount('12.')).toBe('12.');
    expect(sanitizeAmount('')).toBe('');
  });

  it('reads what is typed into exact micro-units', () => {
    expect(toMicro('12.')).toBe(12_000_000n);
    expect(toMicro('0.000001')).toBe(1n);
    expect(toMicro('0.1')).toBe(100_000n);
    expect(toMicro('abc')).toBeNull();
    expect(toMicro('')).toBeNull();
  });

  it('checks the minimum, the balance and the limits without floats', () => {
    expect(checkAmount('', { min: '1.00' })).toEqual({ ok: false, problem: 'empty' });
    expect(checkAmount('x')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkAmount('1.0000001')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkAmount('0')).toMatchObject({ ok: false, problem: 'zero' });
    expect(checkAmount('0.999999', { min: '1.00' })).toMatchObject({ ok: false, problem: 'belowMinimum' });
    expect(checkAmount('1', { min: '1.00' })).toEqual({ ok: true, micro: 1_000_000n });
    // 0.1 + 0.2 is exactly 0.3 here: 0.300001 is above a 0.3 balance, 0.3 is not.
    expect(checkAmount('0.300001', { balance: '0.3' })).toMatchObject({ ok: false, problem: 'aboveBalance' });
    expect(checkAmount('0.3', { balance: '0.30' })).toMatchObject({ ok: true });
    expect(checkAmount('20000.01', { max: '20000.00' })).toMatchObject({
      ok: false,
      problem: 'aboveMaximum',
    });
    expect(checkAmount('123456789012.5', { balance: '123456789012.500001' })).toEqual({
      ok: true,
      micro: 123_456_789_012_500_000n,
    });
  });

  it('shows 2 decimals as limits are written, and every real decimal', () => {
    expect(showUsdt('1')).toBe('1.00');
    expect(showUsdt('1.5')).toBe('1.50');
    expect(showUsdt('0.123456')).toBe('0.123456');
    expect(showUsdt('-2.000100')).toBe('-2.0001');
    expect(showUsdt(null)).toBe('0.00');
    expect(showSigned('3.2')).toBe('+3.20');
    expect(showSigned('-0.000001')).toBe('-0.000001');
    expect(direction('-1')).toBe('out');
    expect(direction('0.01')).toBe('in');
    expect(direction('0')).toBe('none');
  });
});

describe('payment attempts', () => {
  it('keeps one request id while the details stay the same, a new one otherwise', () => {
    let n = 0;
    const attempt = createAttempt(() => `id-${++n}`);
    const first = attempt.idFor('bob|1.00');
    expect(attempt.idFor('bob|1.00')).toBe(first);
    const other = attempt.idFor('bob|2.00');
    expect(other).not.toBe(first);
    attempt.done();
    expect(attempt.idFor('bob|2.00')).not.toBe(other);
  });
});

describe('one money format with the currency', () => {
  it('writes 2 decimals unless the value has more, and the currency', () => {
    expect(showUsdtUnit('12')).toBe('12.00 USDT');
    expect(showUsdtUnit('16.316539')).toBe('16.316539 USDT');
    expect(showUsdtUnit('0.1')).toBe('0.10 USDT');
  });
});
