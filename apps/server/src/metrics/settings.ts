import { z } from 'zod';

/**
 * Settings of `/metrics` and the scheduled ledger check (docs/operations.md). `config.ts` spreads this into its
 * schema; the README's table lists them.
 */
export const metricsSettings = {
  /**
   * Bearer token that lets a scraper on another machine read `/metrics`; unset, only loopback callers that
   * came through no proxy may read it.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Minutes between two scheduled ledger checks across all processes (0: off). */
  LEDGER_CHECK_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
};
