import { z } from 'zod';

/**
 * Settings of admin ledger adjustments (docs/security.md, "Ledger adjustments"). `config.ts` spreads this into
 * its schema; the README's table lists them.
 */
export const walletSettings = {
  /** A single adjustment above this many USDT (credit or debit) needs a second admin's approval. */
  ADJUST_APPROVAL_CAP_USDT: z.coerce.number().min(0).max(1_000_000_000).default(1000),
  /** One admin's adjustments of the last 24 hours (absolute values) above this many USDT need a second admin. */
  ADJUST_DAILY_CAP_USDT: z.coerce.number().min(0).max(1_000_000_000).default(5000),
};
