import { z } from 'zod';

/**
 * Settings of sessions, PINs and logins (docs/security.md, "Sessions, PINs and rate limits"). `config.ts`
 * spreads this into its schema; the README's table lists them.
 */
export const userSettings = {
  /** A session cannot be extended (loginByToken, refresh) past this many days after its password login. */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Changing the PIN without the current PIN needs the password and a password login this recent. */
  PIN_CHANGE_RECENT_LOGIN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Calls that take a PIN, per member per minute (every endpoint whose input has a `pin`). */
  PIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Login-like calls per client address per minute, across all user names. */
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
};
