import { formatUsdt, type Micro, micro, parseSignedUsdt, parseUsdt, USDT_DECIMALS } from '@chatpay/shared';

/**
 * Amount entry and display. Amounts stay decimal strings until they are compared or summed, and then they
 * are bigint micro-USDT (packages/shared money.ts): no float ever touches money here.
 */

/** The longest whole part an amount field accepts (the server's schema allows 15 digits). */
const MAX_WHOLE_DIGITS = 12;

/**
 * Cleans what is typed into an amount field: digits and one decimal point, at most 6 decimals, no leading
 * zeros ("007" → "7"), a leading point gets its zero (".5" → "0.5"). A comma counts as the point, as
 * several keyboards (vn, some locales) type one. `decimals` narrows it (red packets are whole cents: 2).
 */
export const sanitizeAmount = (raw: string, decimals = USDT_DECIMALS): string => {
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  let whole = dot < 0 ? text : text.slice(0, dot);
  const frac = dot < 0 ? null : text.slice(dot + 1).replace(/\./g, '');
  whole = whole.replace(/^0+(?=\d)/, '').slice(0, MAX_WHOLE_DIGITS);
  if (frac === null) return whole;
  return `${whole || '0'}.${frac.slice(0, decimals)}`;
};

export type AmountProblem = 'empty' | 'invalid' | 'zero' | 'belowMinimum' | 'aboveBalance' | 'aboveMaximum';

export type AmountCheck = { ok: true; micro: Micro } | { ok: false; problem: AmountProblem; micro?: Micro };

/** An amount as typed ("12.", " 0.5") in the form the parsers read ("12", "0.5"). */
const typed = (text: string) => text.trim().replace(/\.$/, '');

const orNull = (parse: () => Micro): Micro | null => {
  try {
    return parse();
  } catch {
    return null;
  }
};

/** Parses an amount as typed ("12.", "0.5") into micro-units, or null when it is not a number. */
export const toMicro = (text: string): Micro | null => {
  const trimmed = typed(text);
  return trimmed ? orNull(() => parseUsdt(trimmed)) : null;
};

/**
 * Checks an amount before paying: a number with at most 6 decimals, above zero, at least `min`, at most
 * `max` and at most the `balance` (each given as a decimal string). The first problem found is answered.
 */
export const checkAmount = (
  text: string,
  limits: { min?: string; max?: string; balance?: string | null } = {},
): AmountCheck => {
  if (!text.trim()) return { ok: false, problem: 'empty' };
  const micro = toMicro(text);
  if (micro === null) return { ok: false, problem: 'invalid' };
  if (micro <= 0n) return { ok: false, problem: 'zero', micro };
  if (limits.min && micro < parseUsdt(limits.min)) return { ok: false, problem: 'belowMinimum', micro };
  if (limits.max && micro > parseUsdt(limits.max)) return { ok: false, problem: 'aboveMaximum', micro };
  const balance = limits.balance ? toMicro(limits.balance) : null;
  if (balance !== null && micro > balance) return { ok: false, problem: 'aboveBalance', micro };
  return { ok: true, micro };
};

/** A signed decimal string ("-1.5") as micro-units; anything unreadable is 0. */
export const signedMicro = (text: string | null | undefined): Micro =>
  (text ? orNull(() => parseSignedUsdt(typed(text))) : null) ?? micro(0n);

/**
 * An amount for display: at least 2 decimals as docs/product.md#limits writes them (1.00), all 6 when the
 * amount has them (0.123456): a real value is never rounded away.
 */
export const showUsdt = (text: string | null | undefined): string => formatUsdt(signedMicro(text));

/** An amount with its currency, as every price and total a member reads is written: "12.00 USDT". */
export const showUsdtUnit = (text: string | null | undefined): string => `${showUsdt(text)} USDT`;

/** A history amount with its sign: "+1.00" for money in, "-1.00" for money out. */
export const showSigned = (text: string): string => {
  const micro = signedMicro(text);
  return micro > 0n ? `+${formatUsdt(micro)}` : formatUsdt(micro);
};

/** Which way money moved for me: in, out, or neither. */
export const direction = (text: string): 'in' | 'out' | 'none' => {
  const micro = signedMicro(text);
  return micro > 0n ? 'in' : micro < 0n ? 'out' : 'none';
};
