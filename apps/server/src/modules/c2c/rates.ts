import { AdStatus, cents, ErrorCode, formatFiat, parseFiat } from '@chatpay/shared';

export { bpToPercent as percentOf, floatingPrice, percentToBp as bpOf } from '@chatpay/shared';

import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { c2cAds, c2cReferenceRate } from './tables.ts';

/** docs/design/market.md, "Price types": floating ads follow the operator's reference rate. */

/** The reference rate in cents: the operator's row, else the configured one. */
export const currentRate = async (exec: Executor, config: Config) => {
  const [row] = await exec.select().from(c2cReferenceRate).where(eq(c2cReferenceRate.id, 1));
  return row ? row.rate : parseFiat(config.C2C_REFERENCE_RATE);
};

/** Sets the rate and re-prices every floating ad that is not deleted, in one transaction, audited. */
export const setReferenceRate = async (db: Db, config: Config, adminId: number, rateText: string) => {
  const rate = parseFiat(rateText);
  if (rate <= 0n) throw new AppError(ErrorCode.Validation, 'The rate must be greater than zero');
  return db.transaction(async (tx) => {
    const before = await currentRate(tx, config);
    await tx
      .insert(c2cReferenceRate)
      .values({ id: 1, rate, updatedBy: adminId })
      .onConflictDoUpdate({
        target: c2cReferenceRate.id,
        set: { rate, updatedBy: adminId, updateTime: new Date() },
      });
    const repriced = await tx
      .update(c2cAds)
      .set({
        price: sql`greatest(1, (${rate.toString()}::bigint * ${c2cAds.floatBp} + 5000) / 10000)`,
        updateTime: new Date(),
      })
      .where(and(eq(c2cAds.priceType, 'floating'), ne(c2cAds.status, AdStatus.Deleted)))
      .returning({ id: c2cAds.id });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'c2c:rate:update',
      reason: `${formatFiat(cents(before))} -> ${formatFiat(cents(rate))}, ${repriced.length} floating ads re-priced`,
    });
    return { fiat: config.C2C_FIAT, rate: formatFiat(cents(rate)), repriced: repriced.length };
  });
};
