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
  /**
   * HMAC key applied to PINs and recovery codes before argon2 (modules/user/pepper.ts); required in
   * production, generated under DATA_DIR in development. Losing it makes every PIN and recovery code unusable.
   */
  PIN_PEPPER: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Staff sessions (support, admin) end this many hours after their login, and cannot be refreshed past it. */
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  /**
   * Staff must enrol a second factor before any console call. Tests that are not about second factors turn it
   * off; production refuses `false`.
   */
  STAFF_FACTOR_REQUIRED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How long a step-up proof (a second factor just used) lets a member do the guarded actions. */
  STEP_UP_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  /**
   * The WebAuthn relying party of passkeys: in production the host of PUBLIC_URL (its origin is the expected
   * origin). Elsewhere, without PUBLIC_URL, the request's Origin. Set only to use a parent domain.
   */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'a host name')
    .optional(),
};
