import { ErrorCode, type KycLevel, parseUsdt } from '@chatpay/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { kycMembers } from './tables.ts';

/** What each level may withdraw in 24 hours, in micro-USDT by level (0n: no cap of its own). */
export type WithdrawalLimits = readonly [bigint, bigint, bigint];

export const withdrawalLimits = (config: {
  KYC_L0_WITHDRAWAL_DAILY_USDT: number;
  KYC_L1_WITHDRAWAL_DAILY_USDT: number;
  KYC_L2_WITHDRAWAL_DAILY_USDT: number;
}): WithdrawalLimits => [
  parseUsdt(String(config.KYC_L0_WITHDRAWAL_DAILY_USDT)),
  parseUsdt(String(config.KYC_L1_WITHDRAWAL_DAILY_USDT)),
  parseUsdt(String(config.KYC_L2_WITHDRAWAL_DAILY_USDT)),
];

const asLevel = (n: number | null | undefined): KycLevel => (n === 1 || n === 2 ? n : 0);

/** The member's verification level (0 without a verified identity). */
export const levelOf = async (exec: Executor, userId: number): Promise<KycLevel> => {
  const [row] = await exec
    .select({ level: kycMembers.level })
    .from(kycMembers)
    .where(eq(kycMembers.userId, userId));
  return asLevel(row?.level);
};

/**
 * The level as a column of another query (one statement for a check that reads other things too, as the
 * market's start does): 0 without a row.
 */
export const levelSql = (userId: number) =>
  sql<number>`coalesce((SELECT level FROM ${kycMembers} WHERE user_id = ${userId}), 0)`.mapWith(Number);

/** Refuses an act that needs `required` (`VerificationRequired` with what it needs and what the member has). */
export const assertLevelAtLeast = (actual: number, required: number) => {
  if (actual < required)
    throw new AppError(ErrorCode.VerificationRequired, undefined, { required, actual: asLevel(actual) });
};

export const assertLevel = async (exec: Executor, userId: number, required: number) =>
  assertLevelAtLeast(await levelOf(exec, userId), required);

/**
 * Names compared as a person would: Unicode compatibility forms folded, case and spaces ignored
 * ("LI Lei" = "Li  lei" = "LiLei"; "李雷" = "李 雷").
 */
export const sameName = (a: string, b: string) => {
  const fold = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
  return fold(a) === fold(b);
};

/**
 * A payment method's account holder must be the member's verified name (docs/design/identity.md, "In the
 * market"): `VerificationRequired` below level 1, `NameMismatch` (with the verified name) otherwise.
 */
export const assertVerifiedHolder = async (exec: Executor, userId: number, holder: string) => {
  const [row] = await exec
    .select({ level: kycMembers.level, realName: kycMembers.realName })
    .from(kycMembers)
    .where(eq(kycMembers.userId, userId));
  assertLevelAtLeast(asLevel(row?.level), 1);
  if (!sameName(row!.realName, holder))
    throw new AppError(
      ErrorCode.NameMismatch,
      `The account holder must be your verified name (${row!.realName})`,
      { verifiedName: row!.realName },
    );
};

/**
 * Writes a member's verified identity and level (a review's approval, or a test server's grant). Level 0
 * removes it.
 */
export const setVerifiedIdentity = async (
  exec: Executor,
  input: { userId: number; level: KycLevel; realName: string; country: string; identityId: number | null },
) => {
  if (input.level === 0) {
    await exec.delete(kycMembers).where(eq(kycMembers.userId, input.userId));
    return;
  }
  const values = {
    level: input.level,
    realName: input.realName,
    country: input.country,
    identityId: input.identityId,
    updateTime: new Date(),
  };
  await exec
    .insert(kycMembers)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: kycMembers.userId, set: values });
};
