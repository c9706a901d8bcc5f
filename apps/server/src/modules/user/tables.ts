import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickName: text('nick_name').notNull(),
    avatar: text('avatar').notNull().default(''),
    note: text('note').notNull().default(''),
    description: text('description').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Public numeric member id, used for transfers and search. */
    memberId: text('member_id').notNull(),
    shareCode: text('share_code').notNull(),
    invitedBy: integer('invited_by'),
    roles: text('roles').array().notNull().default(sql`'{user}'::text[]`),
    pinHash: text('pin_hash'),
    pinFailures: integer('pin_failures').notNull().default(0),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
    /** The current login session; tokens of any other session are refused (single-session kick). */
    sessionId: text('session_id'),
    /**
     * When the current session's password login happened: `loginByToken` and refresh keep it, so a session
     * cannot outlive SESSION_MAX_AGE_DAYS, and a PIN change without the old PIN needs a recent one.
     */
    sessionAuthAt: timestamp('session_auth_at', { withTimezone: true }),
    /**
     * The last change of the login password or a change of the payment PIN (not the first PIN): withdrawals are
     * held for review for a while after it (docs/security.md, "Withdrawals, privacy and abuse").
     */
    credentialsChangedAt: timestamp('credentials_changed_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * Who made the request that created this staff account, and who last granted it a staff role: neither
     * may be checked by it (docs/security.md, "The checker"). Null for members and the seeded accounts.
     */
    createdBy: integer('created_by').references((): AnyPgColumn => users.id),
    promotedBy: integer('promoted_by').references((): AnyPgColumn => users.id),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_member_id_key').on(t.memberId),
    uniqueIndex('users_share_code_key').on(t.shareCode),
    // Whether an upload is an avatar (public media, modules/uploads/references.ts).
    index('users_avatar_idx').on(t.avatar),
  ],
);

/** Rotating single-use refresh tokens; a family is one login, rotated on every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    sessionId: text('session_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export const downloadLogs = pgTable('download_logs', {
  id: serial('id').primaryKey(),
  platform: text('platform').notNull(),
  version: text('version'),
  shareCode: text('share_code'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Wrong passwords in a row, per account and client address (login, password change, a PIN set with the
 * password): from LOGIN_MAX_FAILURES on, each one locks that address out of that account for a growing time.
 * Per address, so someone who only knows a user name cannot keep its owner out (docs/security.md, "Logins").
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/**
 * Sign-ins of a member, right and wrong (docs/security.md, "Login activity"): where from, with what browser and
 * device. A successful one names the session it started (`session_id`) and is that session's record: its
 * `last_seen_time` moves when the session refreshes its token. `device_key` identifies the device (the id the
 * web keeps, else the user agent and address); a success from a key the member never signed in with is a new
 * device, and the member is told.
 */
export const loginEvents = pgTable(
  'login_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    success: boolean('success').notNull(),
    address: text('address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    deviceKey: text('device_key').notNull(),
    newDevice: boolean('new_device').notNull().default(false),
    sessionId: text('session_id'),
    lastSeenTime: timestamp('last_seen_time', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_events_user_idx').on(t.userId, t.id),
    index('login_events_device_idx').on(t.userId, t.deviceKey),
    index('login_events_session_idx').on(t.sessionId),
  ],
);

/**
 * A member's second factors (docs/security.md, "Second factors"): at most one authenticator app (`totp`) and
 * any number of named passkeys. A TOTP row is pending until a first code confirms it (`confirmedAt`).
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull().default(''),
    /** TOTP: the secret, sealed under a key derived from PIN_PEPPER for this member. */
    totpSecret: text('totp_secret'),
    /** TOTP: the time step of the last accepted code; a code of that step or earlier is a replay. */
    totpLastStep: integer('totp_last_step'),
    /** Passkey: the credential id (base64url), its COSE public key (base64url) and signature counter. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: integer('sign_count').notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('second_factors_user_idx').on(t.userId),
    uniqueIndex('second_factors_totp_key').on(t.userId).where(sql`${t.kind} = 'totp'`),
    uniqueIndex('second_factors_credential_key').on(t.credentialId),
  ],
);

/**
 * One-time recovery codes, 10 per member: a clear selector (the first 4 characters) finds the row, the whole
 * code is peppered and hashed with argon2. A used code keeps its row with `usedAt`.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    selector: text('selector').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.selector)],
);

/**
 * Short-lived challenges of second factors: a login waiting for its second factor (`login`), a passkey login
 * or enrolment (`passkey-login`, `passkey-add`), a step-up in progress (`step-up`), and the step-up proof it
 * gives (`step-up-proof`, bound to the session). The id is the random secret the client holds; a challenge is
 * spent once (`usedAt`).
 */
export const factorChallenges = pgTable(
  'factor_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id'),
    /** The WebAuthn challenge (base64url) when a passkey may answer. */
    webauthnChallenge: text('webauthn_challenge'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('factor_challenges_user_idx').on(t.userId)],
);

/**
 * Maker-checker for staff changes (docs/security.md, "Staff requests"): `add` a staff account (its password
 * kept only as a hash), set an account's staff `roles`, `resetFactor` (remove every second factor of an account
 * that lost them all). Pending until another admin (for a member's reset, another staff member) approves (it
 * then takes effect) or rejects it.
 */
export const staffRequests = pgTable(
  'staff_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id),
    username: text('username').notNull().default(''),
    nickName: text('nick_name').notNull().default(''),
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('pending'),
    makerId: integer('maker_id')
      .notNull()
      .references(() => users.id),
    checkerId: integer('checker_id').references(() => users.id),
    /** The maker's reason (`resetFactor`: how the identity was checked); `note` is the checker's. */
    reason: text('reason').notNull().default(''),
    note: text('note').notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    decideTime: timestamp('decide_time', { withTimezone: true }),
  },
  (t) => [index('staff_requests_status_idx').on(t.status, t.id)],
);
