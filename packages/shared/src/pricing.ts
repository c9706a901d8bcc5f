import { MIN_TRANSFER } from './constants.ts';
import { ErrorCode } from './errors.ts';
import {
  type Cents,
  cents,
  formatFiat,
  MICRO_PER_USDT,
  type Micro,
  micro,
  parseFiat,
  parseUsdt,
} from './money.ts';

/**
 * C2C pricing (docs/design/market.md): the one copy of the rules the server enforces and the web previews.
 * Prices are fiat cents per 1 USDT. Every rounding goes against the party who would gain from it.
 */

/** A minimum quantity per order (docs/product.md#orders); the same floor as a transfer. */
export const MIN_ORDER = parseUsdt(MIN_TRANSFER);

/** Fiat cents `coin` costs at `price`, rounded up: the fiat payer pays at most one cent more. */
export const fiatFor = (coin: Micro, price: Cents): Cents =>
  cents((coin * price + MICRO_PER_USDT - 1n) / MICRO_PER_USDT);

/** Micro-USDT `fiat` cents buy at `price`, rounded down. A zero price buys nothing. */
export const coinFor = (fiat: Cents, price: Cents): Micro =>
  micro(price > 0n ? (fiat * MICRO_PER_USDT) / price : 0n);

const PERCENT = /^(0|[1-9]\d?)(\.\d{1,2})?$/;

/** A percent below 100 with at most 2 decimals ("0.1") in hundredths of a percent; throws on anything else. */
export const parsePercent = (percent: string): bigint => {
  if (!PERCENT.test(percent)) throw new RangeError(`Not a percent: ${percent}`);
  const [whole = '0', frac = ''] = percent.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
};

/** `amount × percent / 100`, rounded up to a micro-USDT: never in the payer's favour. */
export const feeOf = (amount: Micro, percent: string): Micro =>
  micro((amount * parsePercent(percent) + 9_999n) / 10_000n);

/** What the pricing rules read of an ad. `maxLimit` may already be the effective one: taking it again is a no-op. */
export interface PricedAd {
  price: Cents;
  remaining: Micro;
  minLimit: Cents;
  maxLimit: Cents;
  /** true: split (any amount within the limits); false: full (one order takes the whole remaining). */
  useShare: boolean;
}

/** The most one order can take now, in fiat: the max limit or what the remaining is worth (rounded down). */
export const effectiveMax = (ad: Pick<PricedAd, 'price' | 'remaining' | 'maxLimit'>): Cents => {
  const worth = cents((ad.remaining * ad.price) / MICRO_PER_USDT);
  return worth < ad.maxLimit ? worth : ad.maxLimit;
};

/** An order's amount as the taker gives it: coins or fiat. */
export type OrderAmount = { coin: Micro } | { fiat: Cents };

/** The wire form (`amountCoin` or `amountFiat`, decimal strings) as an OrderAmount; throws on a bad amount. */
export const orderAmountOf = (input: { amountCoin?: string | undefined; amountFiat?: string | undefined }) =>
  input.amountCoin !== undefined
    ? { coin: parseUsdt(input.amountCoin) }
    : { fiat: parseFiat(input.amountFiat ?? '') };

/** What an order on an ad comes to: the coins, the fiat, and the fee the buyer pays at release. */
export interface PricedOrder {
  amountCoin: Micro;
  amountFiat: Cents;
  charge: Micro;
}

/** Why an order cannot be placed: the error code the server answers, with the same message and details. */
export type PricingFailure =
  | { code: typeof ErrorCode.AmountBelowMinimum; message: string; details: { minimum: string } }
  | { code: typeof ErrorCode.ExceedsRemaining; message?: undefined; details?: undefined }
  | { code: typeof ErrorCode.AmountOutOfLimits; message?: undefined; details: { min: string; max: string } };

export type PricingResult = ({ ok: true } & PricedOrder) | ({ ok: false } & PricingFailure);

/**
 * The coins and fiat of an order on `ad`, checked against the minimum order, the ad's remaining, its limits
 * and split/full mode, in that order. The server calls it under the ad row lock (start) and before
 * confirming (quote); the web calls it to explain a refusal before asking.
 */
export const priceOrder = (ad: PricedAd, amount: OrderAmount, feePercent: string): PricingResult => {
  const amountCoin = 'coin' in amount ? amount.coin : coinFor(amount.fiat, ad.price);
  const amountFiat = 'coin' in amount ? fiatFor(amount.coin, ad.price) : amount.fiat;
  if (amountCoin < MIN_ORDER) {
    return {
      ok: false,
      code: ErrorCode.AmountBelowMinimum,
      message: `The minimum order is ${MIN_TRANSFER} USDT`,
      details: { minimum: MIN_TRANSFER },
    };
  }
  if (amountCoin > ad.remaining) return { ok: false, code: ErrorCode.ExceedsRemaining };
  const max = effectiveMax(ad);
  const outside = ad.useShare ? amountFiat < ad.minLimit || amountFiat > max : amountCoin !== ad.remaining;
  if (outside) {
    const whole = fiatFor(ad.remaining, ad.price);
    return {
      ok: false,
      code: ErrorCode.AmountOutOfLimits,
      details: {
        min: formatFiat(ad.useShare ? ad.minLimit : whole),
        max: formatFiat(ad.useShare ? max : whole),
      },
    };
  }
  return { ok: true, amountCoin, amountFiat, charge: feeOf(amountCoin, feePercent) };
};

// ---- floating prices (docs/design/market.md, "Price types") -------------------------------------

/** "101.5" percent → 10150 basis points (the contract allows 50.00-200.00 with 2 decimals). */
export const percentToBp = (percent: string) => {
  const [whole = '0', frac = ''] = percent.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};

/** 10150 → "101.50". */
export const bpToPercent = (bp: number) => `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

/** A floating ad's price in cents: rate × bp / 10000, half up, at least one cent. */
export const floatingPrice = (rateCents: bigint, bp: number) => {
  const price = (rateCents * BigInt(bp) + 5000n) / 10000n;
  return price < 1n ? 1n : price;
};
