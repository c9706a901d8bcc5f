import { z } from 'zod';

/**
 * Controls on money leaving a member (docs/security.md, "Money paths"). `config.ts` spreads this into its
 * schema; the README's table lists them. Amounts are whole or decimal USDT.
 */
export const outflowSettings = {
  /**
   * During the hold after a password or PIN change (WITHDRAWAL_HOLD_HOURS), a member may still send this much
   * to other members in total (transfers, red packets, C2C, pay desk); more is refused until the hold ends.
   */
  OUTFLOW_HOLD_ALLOWANCE_USDT: z.coerce.number().min(0).max(1_000_000_000).default(10),
  /** What one member may send out in any 24 hours, all channels and withdrawals together (0: no limit). */
  OUTFLOW_DAILY_LIMIT_USDT: z.coerce.number().min(0).max(1_000_000_000).default(50_000),
  /** Withdrawals of accounts younger than this many days wait for review (0: off). */
  WITHDRAWAL_NEW_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(3),
  /** A newly saved withdrawal address can be used after this many hours. */
  WITHDRAWAL_ADDRESS_DELAY_HOURS: z.coerce.number().int().min(0).max(720).default(24),
};
