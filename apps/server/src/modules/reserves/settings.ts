import { z } from 'zod';

/**
 * Settings of proof of reserves (docs/design/reserves.md). `config.ts` spreads this into its schema; the
 * README's table lists them.
 */
export const reservesSettings = {
  /**
   * The operator's Ed25519 private key that signs every snapshot, as 64 hex characters (`openssl rand -hex 32`).
   * Required in production; elsewhere one is generated once and kept in DATA_DIR/por-signing-key. Members check
   * snapshots against its public key, so replacing it is announced (docs/operations.md).
   */
  POR_SIGNING_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (an Ed25519 private key: openssl rand -hex 32)')
    .optional(),
  /** Hours between two scheduled snapshots across all processes (0: only on demand from the console). */
  POR_INTERVAL_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 31)
    .default(24),
};
