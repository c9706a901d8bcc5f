import { z } from 'zod';

/**
 * Identity verification (docs/design/identity.md): what each level may withdraw in any 24 hours, and how long
 * the files of a refused or replaced submission are kept. `config.ts` spreads this into its schema; the
 * README's table lists them. Amounts are whole or decimal USDT; 0 means no cap of the level's own (the
 * all-channel OUTFLOW_DAILY_LIMIT_USDT still applies).
 */
export const kycSettings = {
  /** Level 0 (signed up, not verified): a small amount, so an unverified account cannot empty itself fast. */
  KYC_L0_WITHDRAWAL_DAILY_USDT: z.coerce.number().min(0).max(1_000_000_000).default(500),
  /** Level 1 (identity verified). */
  KYC_L1_WITHDRAWAL_DAILY_USDT: z.coerce.number().min(0).max(1_000_000_000).default(20_000),
  /** Level 2 (identity and address verified: merchants). */
  KYC_L2_WITHDRAWAL_DAILY_USDT: z.coerce.number().min(0).max(1_000_000_000).default(100_000),
  /** Days the files and the ID number of a rejected or replaced submission are kept before they are deleted. */
  KYC_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * Test servers: `POST /admin/test/kyc/grant` sets a member's level without review, so tests of other
   * features can make verified members. Refused in production.
   */
  TEST_KYC_GRANT: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
};
