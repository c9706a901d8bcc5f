import { ErrorCode, KYC_LEVEL_FOR } from '@chatpay/shared';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { assertLevelAtLeast, levelOf } from '../kyc/index.ts';
import { recordOf } from './stats.ts';
import type { AdRow } from './tables.ts';

/**
 * Ad-posting gates and taker requirements (docs/design/market.md, "Ad-posting gates and taker requirements").
 * A refusal names the rule, what it asks and what the member has, so the page can say why.
 */
const refuse = (code: ErrorCode, rule: string, required: number, actual: number | string): never => {
  throw new AppError(code, undefined, { rule, required, actual });
};

/** Publishing or putting an ad up: the settings' account age, completed orders and completion rate. */
export const assertMayPost = async (exec: Executor, config: Config, userId: number, now: Date) => {
  const {
    C2C_AD_MIN_ACCOUNT_DAYS: days,
    C2C_AD_MIN_COMPLETED_ORDERS: orders,
    C2C_AD_MIN_COMPLETION_RATE: rate,
  } = config;
  if (days === 0 && orders === 0 && rate === 0) return;
  const r = await recordOf(exec, userId, now);
  if (r.accountDays < days) refuse(ErrorCode.AdPostingNotAllowed, 'accountDays', days, r.accountDays);
  if (r.completed < orders) refuse(ErrorCode.AdPostingNotAllowed, 'completedOrders', orders, r.completed);
  const finished = r.completed + r.canceled;
  // No finished order: nothing to judge the rate by (the orders gate is the one that asks for history).
  if (finished > 0) {
    const actual = (r.completed * 100) / finished;
    if (actual < rate) refuse(ErrorCode.AdPostingNotAllowed, 'completionRate', rate, actual.toFixed(1));
  }
};

/**
 * Taking an order on `ad`: the ad's minimum verification level (above the market's own, which the caller
 * checks: docs/design/identity.md), completed orders and account age for takers.
 */
export const assertTakerQualifies = async (exec: Executor, ad: AdRow, userId: number, now: Date) => {
  if (ad.takerMinLevel > KYC_LEVEL_FOR.c2c) {
    const level = await levelOf(exec, userId);
    assertLevelAtLeast(level, KYC_LEVEL_FOR.c2c);
    if (level < ad.takerMinLevel)
      refuse(ErrorCode.TakerRequirementNotMet, 'takerLevel', ad.takerMinLevel, level);
  }
  if (ad.takerMinOrders === 0 && ad.takerMinDays === 0) return;
  const r = await recordOf(exec, userId, now);
  if (r.completed < ad.takerMinOrders) {
    refuse(ErrorCode.TakerRequirementNotMet, 'takerOrders', ad.takerMinOrders, r.completed);
  }
  if (r.accountDays < ad.takerMinDays) {
    refuse(ErrorCode.TakerRequirementNotMet, 'takerDays', ad.takerMinDays, r.accountDays);
  }
};
