import { z } from 'zod';

/** USDT has 6 decimals: amounts are bigint micro-USDT everywhere; decimal strings on the wire. */
export const USDT_DECIMALS = 6;
const SCALE = 10n ** BigInt(USDT_DECIMALS);
export type Micro = bigint;

const DECIMAL = /^(0|[1-9]\d{0,14})(\.\d{1,6})?$/;

/** Parses a non-negative decimal string ("12.5") into micro-units; throws on anything else. */
export const parseUsdt = (text: string): Micro => {
  if (!DECIMAL.test(text)) throw new RangeError(`Not a USDT amount: ${text}`);
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * SCALE + BigInt(frac.padEnd(USDT_DECIMALS, '0'));
};

/** Formats micro-units as a decimal string with at least `minDecimals` places ("1.00", "0.123456"). */
export const formatUsdt = (micro: Micro, minDecimals = 2): string => {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / SCALE;
  let frac = (abs % SCALE).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
};

/** A positive USDT amount as a decimal string with at most 6 decimals. */
export const usdtAmount = z
  .string()
  .trim()
  .regex(DECIMAL, 'A decimal amount with at most 6 decimals')
  .refine((s) => !DECIMAL.test(s) || parseUsdt(s) > 0n, 'The amount must be greater than zero');
