import { cents, micro, orderAmountOf, type PricedAd, priceOrder as price } from '@chatpay/shared';
import { AppError } from '../../lib/errors.ts';
import type { AdRow } from './tables.ts';

/** An ad row in the units of the shared pricing rules (packages/shared pricing.ts). */
export const pricedAd = (ad: AdRow): PricedAd => ({
  price: cents(ad.price),
  remaining: micro(ad.remaining),
  minLimit: cents(ad.minLimit),
  maxLimit: cents(ad.maxLimit),
  useShare: ad.useShare,
});

/**
 * The coins, fiat and fee of an order on `ad` by coin or fiat amount, by the shared rules; a refusal is
 * thrown as its AppError. `start` calls it under the ad row lock; `quote` before confirming.
 */
export const priceOrder = (
  ad: AdRow,
  input: { amountCoin?: string | undefined; amountFiat?: string | undefined },
  feePercent: string,
) => {
  const result = price(pricedAd(ad), orderAmountOf(input), feePercent);
  if (!result.ok) throw new AppError(result.code, result.message, result.details ?? null);
  const { amountCoin, amountFiat, charge } = result;
  return { amountCoin, amountFiat, charge };
};
