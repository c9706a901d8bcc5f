import { z } from 'zod';

/**
 * Money units. Both are bigints, so nothing stops a plain `bigint` from mixing cents into micro-USDT; the
 * brands do (excalidraw's `Radians`): a `Cents` passed where a `Micro` is expected is a type error. Values
 * get a brand from a parser, from a constructor at a boundary (a database row, a sum), or from the pricing
 * functions; arithmetic on branded values gives a plain bigint, which must be named again with `micro()` or
 * `cents()` before it is formatted or priced.
 */
export type Micro = bigint & { readonly __brand: 'Micro' };
/** Fiat cents (2 decimals), the unit of C2C prices and limits. */
export type Cents = bigint & { readonly __brand: 'Cents' };

/** Names a bigint as micro-USDT. */
export const micro = (value: bigint): Micro => value as Micro;
/** Names a bigint as fiat cents. */
export const cents = (value: bigint): Cents => value as Cents;

/** USDT has 6 decimals: amounts are bigint micro-USDT everywhere; decimal strings on the wire. */
export const USDT_DECIMALS = 6;
/** One USDT in micro-units. */
export const MICRO_PER_USDT = micro(10n ** BigInt(USDT_DECIMALS));
/** One unit of fiat in cents. */
export const CENTS_PER_UNIT = cents(100n);

const DECIMAL = /^(0|[1-9]\d{0,14})(\.\d{1,6})?$/;

/** Parses a non-negative decimal string ("12.5") into micro-units; throws on anything else. */
export const parseUsdt = (text: string): Micro => {
  if (!DECIMAL.test(text)) throw new RangeError(`Not a USDT amount: ${text}`);
  const [whole = '0', frac = ''] = text.split('.');
  return micro(BigInt(whole) * MICRO_PER_USDT + BigInt(frac.padEnd(USDT_DECIMALS, '0')));
};

/**
 * Parses a signed decimal string ("-12.5", "+3", "7") into micro-units; throws on anything else. The one
 * parser for amounts that may be negative: admin adjustments, history entries, balances.
 */
export const parseSignedUsdt = (text: string): Micro => {
  const sign = text[0];
  if (sign === '-') return micro(-parseUsdt(text.slice(1)));
  return parseUsdt(sign === '+' ? text.slice(1) : text);
};

/** Formats micro-units as a decimal string with at least `minDecimals` places ("1.00", "0.123456"). */
export const formatUsdt = (amount: Micro, minDecimals = 2): string => {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = abs / MICRO_PER_USDT;
  let frac = (abs % MICRO_PER_USDT).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
};

/**
 * The largest amount any call accepts: 1,000,000,000 USDT (1e15 micro). Money columns are bigint (at most
 * 9.2e18 micro), so no single amount, nor a sum of thousands of them (red packet shares, fees, balances), can
 * overflow one; the wire format alone (15 integer digits) would allow 1e21.
 */
export const MAX_USDT_AMOUNT = micro(1_000_000_000n * MICRO_PER_USDT);

/** A positive USDT amount as a decimal string with at most 6 decimals, at most MAX_USDT_AMOUNT. */
export const usdtAmount = z
  .string()
  .trim()
  .regex(DECIMAL, 'A decimal amount with at most 6 decimals')
  .refine((s) => !DECIMAL.test(s) || parseUsdt(s) > 0n, 'The amount must be greater than zero')
  .refine((s) => !DECIMAL.test(s) || parseUsdt(s) <= MAX_USDT_AMOUNT, 'At most 1,000,000,000 USDT');

export const FIAT_DECIMAL = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

/** Parses a fiat decimal string ("72.5") into cents; throws on anything else. */
export const parseFiat = (text: string): Cents => {
  if (!FIAT_DECIMAL.test(text)) throw new RangeError(`Not a fiat amount: ${text}`);
  const [whole = '0', frac = ''] = text.split('.');
  return cents(BigInt(whole) * CENTS_PER_UNIT + BigInt(frac.padEnd(2, '0')));
};

/** Cents as a decimal string with 2 places ("72.50"). */
export const formatFiat = (amount: Cents): string => {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  return `${negative ? '-' : ''}${abs / CENTS_PER_UNIT}.${(abs % CENTS_PER_UNIT).toString().padStart(2, '0')}`;
};
