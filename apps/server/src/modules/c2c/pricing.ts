import { ErrorCode, formatFiat, MIN_TRANSFER, parseFiat, parseUsdt } from '@chatpay/shared';
import { AppError } from '../../lib/errors.ts';
import { type AdRow, coinFor, effectiveMax, fiatFor } from './present.ts';

/** SPEC §5: a minimum quantity per order; the same floor as a transfer. */
const MIN_ORDER = parseUsdt(MIN_TRANSFER);

/** `amount × percent / 100`, rounded up to a micro-USDT: never in the payer's favour. */
export const feeOf = (amount: bigint, percent: string) => {
  const [whole = '0', frac = ''] = percent.split('.');
  const hundredths = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  return (amount * hundredths + 9_999n) / 10_000n;
};

/**
 * The coins and fiat of an order on `ad` by coin or fiat amount, checked against the minimum, the ad's
 * remaining, its limits and split/full mode. `start` calls it under the ad row lock; `quote` before confirming.
 */
export const priceOrder = (
  ad: AdRow,
  input: { amountCoin?: string | undefined; amountFiat?: string | undefined },
  feePercent: string,
) => {
  const byCoin = input.amountCoin !== undefined;
  const amountCoin = byCoin ? parseUsdt(input.amountCoin!) : coinFor(parseFiat(input.amountFiat!), ad.price);
  const amountFiat = byCoin ? fiatFor(amountCoin, ad.price) : parseFiat(input.amountFiat!);
  if (amountCoin < MIN_ORDER) {
    throw new AppError(ErrorCode.AmountBelowMinimum, `The minimum order is ${MIN_TRANSFER} USDT`, {
      minimum: MIN_TRANSFER,
    });
  }
  if (amountCoin > ad.remaining) throw new AppError(ErrorCode.ExceedsRemaining);
  const max = effectiveMax(ad);
  const outside = ad.useShare ? amountFiat < ad.minLimit || amountFiat > max : amountCoin !== ad.remaining;
  if (outside) {
    throw new AppError(ErrorCode.AmountOutOfLimits, undefined, {
      min: formatFiat(ad.useShare ? ad.minLimit : fiatFor(ad.remaining, ad.price)),
      max: formatFiat(ad.useShare ? max : fiatFor(ad.remaining, ad.price)),
    });
  }
  return { amountCoin, amountFiat, charge: feeOf(amountCoin, feePercent) };
};
