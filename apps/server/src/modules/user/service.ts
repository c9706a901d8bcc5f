import {
  ErrorCode,
  PIN_LOCK_MINUTES,
  PIN_MAX_ATTEMPTS,
  type ProfileKey,
  profileValue,
  Role,
  staffRoles,
  type UserProfile,
} from '@chatpay/shared';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Ports } from '../../http/ports.ts';
import type { Clock } from '../../lib/clock.ts';
import { newMemberId, newShareCode } from '../../lib/codes.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import type { FactorAnswer, FactorService, RpOf } from './factors/service.ts';
import { hashSecret as hash, verifySecret as verify } from './hashing.ts';
import {
  describeAgent,
  isSessionOf,
  loginActivity,
  recordFailedLogin,
  recordLogin,
  type SignInSource,
} from './login-activity.ts';
import { passwordAccepted, reservePasswordAttempt } from './login-attempts.ts';
import { assertStrongPassword } from './password-policy.ts';
import { hashPeppered, isPeppered, verifyPeppered } from './pepper.ts';
import { forgetPin, recallPin, rememberPin } from './pin-memory.ts';
import { presentProfile } from './presenter.ts';
import { downloadLogs, users } from './tables.ts';
import { endAllSessions, type TokenService } from './tokens.ts';

type UserRow = typeof users.$inferSelect;

/** Verifying against this keeps a login for an unknown user as slow as one for a known user. */
const DUMMY_HASH = await hash('timing-equaliser');

export interface NewUser {
  username: string;
  /** The password, or its argon2 hash when it was hashed earlier (a staff request keeps only the hash). */
  password: string | { hash: string };
  nickName: string;
  roles?: string[];
  invitedBy?: number | null;
  /** Staff accounts: who made the request that created it and granted its roles (docs/security.md). */
  createdBy?: number | null;
  promotedBy?: number | null;
}

/** Creates a member with a fresh member id and invite code (retried on the rare collision). */
export const createUser = async (exec: Executor, input: NewUser): Promise<UserRow> => {
  const passwordHash = typeof input.password === 'string' ? await hash(input.password) : input.password.hash;
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await exec
        .insert(users)
        .values({
          username: input.username,
          passwordHash,
          nickName: input.nickName,
          memberId: newMemberId(),
          shareCode: newShareCode(),
          invitedBy: input.invitedBy ?? null,
          roles: input.roles ?? [Role.User],
          createdBy: input.createdBy ?? null,
          promotedBy: input.promotedBy ?? null,
        })
        .returning();
      return row!;
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_username_lower_key') throw new AppError(ErrorCode.UsernameTaken);
      if (constraint === null || attempt >= 5) throw error;
    }
  }
};

const findByUsername = async (exec: Executor, username: string) => {
  const [row] = await exec.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
};

const findByShareCode = async (exec: Executor, code: string) => {
  const [row] = await exec.select().from(users).where(eq(users.shareCode, code.toUpperCase()));
  return row ?? null;
};

/** Gives a member a role (idempotent); merchant approval uses it. Their next token carries it. */
export const grantRole = async (exec: Executor, userId: number, role: string) => {
  await exec
    .update(users)
    .set({ roles: sql`array_append(array_remove(${users.roles}, ${role}), ${role})` })
    .where(eq(users.id, userId));
};

/** Takes a role away (merchant revoked); the next request's token check reads the roles again. */
export const revokeRole = async (exec: Executor, userId: number, role: string) => {
  await exec
    .update(users)
    .set({ roles: sql`array_remove(${users.roles}, ${role})` })
    .where(eq(users.id, userId));
};

/** When the member last changed the password or the PIN (null: never since sign-up and the first PIN). */
export const credentialsChangedAt = async (exec: Executor, userId: number): Promise<Date | null> => {
  const [row] = await exec.select({ at: users.credentialsChangedAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
};

const pinLocked = (lockedUntil: Date) =>
  new AppError(ErrorCode.PinLocked, undefined, { lockedUntil: lockedUntil.toISOString() });

/** How long a PIN check waits for one of the 5 attempt slots while other checks of the same member run. */
const PIN_SLOT_WAIT_MS = 15_000;

/**
 * Reserves one of the 5 attempts by one conditional UPDATE. While 5 checks of the member are in flight (a
 * member paying several things at once), the call waits for a slot instead of failing; once the 5th wrong PIN
 * has locked it, every waiting call is refused. So N concurrent wrong PINs still count N, and concurrent right
 * ones all pass.
 */
const reservePinAttempt = async (db: Db, userId: number, knownHash: string, pin: string) => {
  const deadline = Date.now() + PIN_SLOT_WAIT_MS;
  for (;;) {
    // A check that ran meanwhile may have proved this very PIN right: asked first, it costs no query, and a
    // burst of payments with the right PIN waits for one argon2 check instead of queueing statements.
    if (recallPin(userId, knownHash, pin)) return 'recalled' as const;
    const now = new Date();
    const [reserved] = await db
      .update(users)
      .set({ pinFailures: sql`${users.pinFailures} + 1` })
      .where(
        and(
          eq(users.id, userId),
          lt(users.pinFailures, PIN_MAX_ATTEMPTS),
          or(isNull(users.pinLockedUntil), lte(users.pinLockedUntil, now)),
        ),
      )
      .returning({ failures: users.pinFailures, pinHash: users.pinHash });
    if (reserved) return reserved;
    const [state] = await db
      .select({ lockedUntil: users.pinLockedUntil })
      .from(users)
      .where(eq(users.id, userId));
    if (state?.lockedUntil && state.lockedUntil.getTime() > now.getTime()) throw pinLocked(state.lockedUntil);
    if (Date.now() > deadline) throw pinLocked(new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A right PIN: the wrong attempts in a row start again (only while the PIN is still the one checked). */
const resetPinFailures = (db: Db, userId: number, pinHash: string) =>
  db
    .update(users)
    .set({ pinFailures: 0, pinLockedUntil: null })
    .where(and(eq(users.id, userId), eq(users.pinHash, pinHash)));

/**
 * A PIN hash from before the pepper (plain argon2) is replaced by the peppered form once the PIN is proved
 * right, unless the PIN changed meanwhile. Answers the hash now stored.
 */
const pepperOldPinHash = async (db: Db, userId: number, pinHash: string, pin: string) => {
  if (isPeppered(pinHash)) return pinHash;
  const upgraded = await hashPeppered(db, pin);
  const [row] = await db
    .update(users)
    .set({ pinHash: upgraded })
    .where(and(eq(users.id, userId), eq(users.pinHash, pinHash)))
    .returning({ id: users.id });
  return row ? upgraded : pinHash;
};

/** A member's PIN as verifyPin starts from it. */
export interface PinState {
  pinHash: string | null;
  lockedUntil: Date | null;
  failures: number;
}

/**
 * The columns of a member's PIN state: a call that reads the member's row anyway selects them too and hands
 * the row to verifyPin, which then reads nothing (a transfer's parties and PIN are one statement).
 */
export const pinStateColumns = {
  pinHash: users.pinHash,
  lockedUntil: users.pinLockedUntil,
  failures: users.pinFailures,
};

/**
 * Checks the payment PIN (`known`: the PIN state as just read with pinStateColumns). Runs in its own statements (never inside the caller's business transaction), so a
 * wrong attempt is counted even though the business operation then fails. 5 wrong in a row lock it for 15 min.
 *
 * An attempt is reserved before the argon2 check, by one conditional UPDATE that only succeeds while the PIN
 * is not locked and fewer than 5 attempts are counted: N concurrent wrong PINs count N; a call finding 5 in
 * flight waits for a slot (reservePinAttempt), and once locked every further call is refused without a check. A right PIN gives the attempt back (the
 * count returns to 0); the 5th wrong one turns the count into a lock.
 */
export const verifyPin = async (db: Db, userId: number, pin: string, known?: PinState): Promise<void> => {
  const row = known ?? (await db.select(pinStateColumns).from(users).where(eq(users.id, userId)))[0];
  if (!row) throw new AppError(ErrorCode.Unauthorized);
  const now = new Date();
  if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) throw pinLocked(row.lockedUntil);
  if (!row.pinHash) throw new AppError(ErrorCode.PinNotSet);
  // A PIN verified a moment ago against this very hash: no guess is being made, no attempt is spent. It is
  // proof of the right PIN like the full check, so it also resets a count: a wrong PIN forgets the memory of
  // the process that checked it, not of the others (WORKERS > 1), and "5 wrong in a row" must restart at a
  // right one whichever process answers it. (Skipping the memory while a count stood sent concurrent right
  // PINs through argon2 behind the in-flight reservations, and under load past the slot wait.)
  if (recallPin(userId, row.pinHash, pin)) {
    if (row.failures > 0) await resetPinFailures(db, userId, row.pinHash);
    return;
  }
  const reserved = await reservePinAttempt(db, userId, row.pinHash, pin);
  if (reserved === 'recalled') return;
  if (!reserved.pinHash) throw new AppError(ErrorCode.PinNotSet);
  if (await verifyPeppered(db, reserved.pinHash, pin)) {
    const pinHash = await pepperOldPinHash(db, userId, reserved.pinHash, pin);
    rememberPin(userId, pinHash, pin);
    await resetPinFailures(db, userId, pinHash);
    return;
  }
  forgetPin(userId);
  if (reserved.failures >= PIN_MAX_ATTEMPTS) {
    const lockedUntil = new Date(Date.now() + PIN_LOCK_MINUTES * 60_000);
    await db.update(users).set({ pinFailures: 0, pinLockedUntil: lockedUntil }).where(eq(users.id, userId));
    throw pinLocked(lockedUntil);
  }
  throw new AppError(ErrorCode.WrongPin, undefined, {
    remainingAttempts: PIN_MAX_ATTEMPTS - reserved.failures,
  });
};

export interface UserSettings {
  PIN_CHANGE_RECENT_LOGIN_MINUTES: number;
}

/**
 * Ends every session of a member at once: refresh tokens revoked, access tokens refused, and every socket of
 * the member told (`user` event `{type: 'ended', reason}`) and disconnected on every process. Admin freeze
 * and force logout call this.
 */
export const endUserSessions = async (
  deps: { db: Db; realtime: Realtime },
  userId: number,
  reason: string,
): Promise<void> => {
  await deps.db.transaction((tx) => endAllSessions(tx, userId));
  deps.realtime.endUser(userId, reason);
};

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly realtime: Realtime,
    private readonly clock: Clock,
    private readonly settings: UserSettings,
    /** Whether a URL is one of our own uploads (modules/uploads `isOwnUrl`, given by the routes). */
    private readonly ports: Ports,
    private readonly factors: FactorService,
    private readonly isOwnUpload: (url: string) => boolean = () => false,
    /** Refuses media the member may not use (modules/uploads `assertMayUseMedia`, given by the routes). */
    private readonly assertUsableMedia: (userId: number, url: string) => Promise<void> = async () => {},
  ) {}

  async register(
    input: {
      username: string;
      password: string;
      nickName: string;
      shareCode?: string;
      agree: boolean;
    },
    source: SignInSource,
  ) {
    if (!input.agree) throw new AppError(ErrorCode.AgreementRequired);
    assertStrongPassword(input.password, { staff: false, inputs: [input.username, input.nickName] });
    return this.db.transaction(async (tx) => {
      let invitedBy: number | null = null;
      if (input.shareCode) {
        const inviter = await findByShareCode(tx, input.shareCode);
        if (!inviter) throw new AppError(ErrorCode.InvalidShareCode);
        invitedBy = inviter.id;
      }
      const user = await createUser(tx, { ...input, invitedBy });
      const { sid, ...login } = await this.tokens.startSession(tx, user, this.clock.now());
      await recordLogin(tx, user.id, sid, source, this.clock.now());
      return login;
    });
  }

  /**
   * Password login. Each attempt is reserved on the account and the caller's address before argon2 runs
   * (`login-attempts.ts`): from the 5th wrong password in a row each locks that address out for 1, 2, 4 … up
   * to 30 minutes, refused before any password work. A right password resets the address's count.
   */
  async loginByName(username: string, password: string, source: SignInSource, rpOf: RpOf) {
    const user = await findByUsername(this.db, username);
    const now = this.clock.now();
    if (!user) {
      await verify(DUMMY_HASH, password);
      throw new AppError(ErrorCode.InvalidCredentials);
    }
    try {
      await reservePasswordAttempt(this.db, user.id, source.address, now);
      if (!(await verify(user.passwordHash, password))) throw new AppError(ErrorCode.InvalidCredentials);
    } catch (error) {
      await recordFailedLogin(this.db, user.id, source, now);
      throw error;
    }
    await passwordAccepted(this.db, user.id, source.address);
    if (user.disabled) throw new AppError(ErrorCode.AccountFrozen);
    // With a second factor the password alone gives no tokens: a challenge to complete with the factor.
    const challenge = await this.factors.challengeFor(user.id, 'login', rpOf);
    if (challenge) throw new AppError(ErrorCode.SecondFactorRequired, undefined, challenge);
    return this.signIn(user, source, now);
  }

  /** Starts the session of a completed sign-in and records it; a device never used before is told about. */
  private async signIn(user: UserRow, source: SignInSource, now: Date) {
    const { sid, login } = await this.beginSession(user, now);
    if (await recordLogin(this.db, user.id, sid, source, now)) await this.tellNewDevice(user.id, source, now);
    return login;
  }

  /** A sign-in from a device the member never used: a notice in their customer-service chat. */
  private async tellNewDevice(userId: number, source: SignInSource, now: Date) {
    const agent = describeAgent(source.userAgent);
    await this.ports.accountNotices.notify(this.db, this.realtime, userId, {
      type: 'security.newDevice',
      text: `New sign-in from ${[agent.browser, agent.os].filter(Boolean).join(' on ') || 'an unknown device'} (${source.address}). If this was not you, change your password now.`,
      browser: agent.browser,
      os: agent.os,
      address: source.address,
      time: now.toISOString(),
    });
  }

  /** My live sessions and latest sign-ins (docs/security.md, "Login activity"). */
  loginActivity(caller: AuthUser) {
    return loginActivity(this.db, caller.id, caller.sid);
  }

  /** Ends one of my sessions, as logout ends the current one; another member's session is NotFound. */
  async endSession(caller: AuthUser, sid: string) {
    if (!(await isSessionOf(this.db, caller.id, sid))) throw new AppError(ErrorCode.NotFound);
    await this.tokens.endSession(this.db, caller.id, sid);
    this.realtime.endSession(sid);
    return { ok: true as const };
  }

  /** The second step of a password login (a TOTP code, a recovery code or a passkey). */
  async loginSecondFactor(answer: FactorAnswer, source: SignInSource, rpOf: RpOf) {
    const userId = await this.factors.answerLogin(answer, source.address, rpOf);
    return this.startSessionOf(userId, source);
  }

  /** A login with a passkey alone. */
  async passkeyLogin(challengeId: string, response: unknown, source: SignInSource, rpOf: RpOf) {
    const userId = await this.factors.passkeyLogin(challengeId, response, source.address, rpOf);
    return this.startSessionOf(userId, source);
  }

  private async startSessionOf(userId: number, source: SignInSource) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(ErrorCode.Unauthorized);
    if (user.disabled) throw new AppError(ErrorCode.AccountFrozen);
    return this.signIn(user, source, this.clock.now());
  }

  /**
   * Checks the password of a signed-in member (a password change, a PIN set with the password), counted like a
   * login from the same address: a wrong one is `WrongPassword`, and the one that locks the address out also
   * ends every session of the member, since whoever holds this session does not know the password.
   */
  private async checkOwnPassword(user: UserRow, password: string, address: string) {
    const attempt = await reservePasswordAttempt(this.db, user.id, address, this.clock.now());
    if (await verify(user.passwordHash, password)) {
      await passwordAccepted(this.db, user.id, address);
      return;
    }
    if (attempt.locking)
      await endUserSessions({ db: this.db, realtime: this.realtime }, user.id, 'password guessing');
    throw new AppError(ErrorCode.WrongPassword);
  }

  /**
   * Resumes the session of a valid access token without extending it: the answer is that token with the time
   * it has left and no refresh token, so a leaked access token buys nothing beyond its own expiry (no new
   * refresh family) and cannot end its owner's session. Past SESSION_MAX_AGE_DAYS from the session's password
   * login it is refused like a refresh.
   */
  async loginByToken(token: string) {
    const caller = await this.tokens.authenticate(token);
    const authAt = await this.tokens.sessionAuthAt(caller.id, caller.sid);
    if (!this.tokens.withinLifetime(authAt, caller.role)) {
      throw new AppError(ErrorCode.Unauthorized, 'Your session is too old, please log in with your password');
    }
    return { token, expire: this.tokens.secondsLeft(token), refreshToken: '', refreshExpire: 0 };
  }

  /** Rotates the refresh token; a reused one ends its session and drops that session's sockets at once. */
  refresh(refreshToken: string) {
    return this.tokens.rotate(refreshToken, (sid) => this.realtime.endSession(sid));
  }

  async person(userId: number): Promise<UserProfile> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new AppError(ErrorCode.Unauthorized);
    return this.present(row);
  }

  async setUser(userId: number, key: ProfileKey, value: string): Promise<UserProfile> {
    const parsed = profileValue[key].safeParse(value);
    if (!parsed.success) {
      if (key === 'nickName' && value.trim() === '') throw new AppError(ErrorCode.ContentEmpty);
      // The issue names the profile key ("phone"), so the member reads which field to fix, not "value".
      throw new AppError(ErrorCode.Validation, `Invalid input: ${key}`, [
        { field: key, message: parsed.error.issues[0]?.message ?? 'Invalid value' },
      ]);
    }
    // An outside avatar URL would make every viewer's browser call a third party (tracking, IP leak).
    if (key === 'avatar' && !this.isOwnUpload(parsed.data)) {
      throw new AppError(ErrorCode.Validation, 'Invalid input: avatar', [
        { field: 'avatar', message: 'The avatar must be a file uploaded here' },
      ]);
    }
    if (key === 'avatar') await this.assertUsableMedia(userId, parsed.data);
    const [row] = await this.db
      .update(users)
      .set({ [key]: parsed.data, updateTime: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new AppError(ErrorCode.Unauthorized);
    return this.present(row);
  }

  async checkShareCode(code: string) {
    const owner = await findByShareCode(this.db, code);
    return { valid: owner !== null, nickName: owner?.nickName ?? null };
  }

  async signShareCode(userId: number, code: string): Promise<UserProfile> {
    const inviter = await findByShareCode(this.db, code);
    if (!inviter) throw new AppError(ErrorCode.InvalidShareCode);
    if (inviter.id === userId) throw new AppError(ErrorCode.OwnShareCode);
    const [row] = await this.db
      .update(users)
      .set({ invitedBy: inviter.id, updateTime: new Date() })
      .where(and(eq(users.id, userId), sql`${users.invitedBy} is null`))
      .returning();
    if (!row) throw new AppError(ErrorCode.ShareCodeAlreadySigned);
    return this.present(row);
  }

  async useDownloadLog(
    input: { platform: string; version?: string; shareCode?: string },
    ip: string,
    ua?: string,
  ) {
    await this.db.insert(downloadLogs).values({
      platform: input.platform,
      version: input.version ?? null,
      shareCode: input.shareCode || null,
      ip,
      userAgent: ua?.slice(0, 512) ?? null,
    });
    return { ok: true as const };
  }

  /** Changes the login password and starts a new session, ending every other one. */
  async changePassword(
    caller: AuthUser,
    input: { password: string; newPassword: string; stepUp?: string | undefined },
    address: string,
  ) {
    const { password, newPassword } = input;
    await this.factors.requireStepUp(caller, input.stepUp);
    const [user] = await this.db.select().from(users).where(eq(users.id, caller.id));
    if (!user) throw new AppError(ErrorCode.Unauthorized);
    assertStrongPassword(newPassword, {
      staff: user.roles.some((r) => (staffRoles as readonly string[]).includes(r)),
      inputs: [user.username, user.nickName],
    });
    await this.checkOwnPassword(user, password, address);
    await this.db
      .update(users)
      .set({
        passwordHash: await hash(newPassword),
        credentialsChangedAt: this.clock.now(),
        updateTime: new Date(),
      })
      .where(eq(users.id, user.id));
    return this.startSession(user, this.clock.now());
  }

  /**
   * Sets the payment PIN, or changes it. A first PIN needs the login password. A change needs the current PIN
   * (`oldPin`, checked and counted like any PIN), or the password plus a password login in the last
   * PIN_CHANGE_RECENT_LOGIN_MINUTES (so a stolen long-lived session cannot reset it); the member is told in
   * the customer-service chat.
   */
  async setPayPassword(
    caller: AuthUser,
    input: { password?: string; oldPin?: string; pin: string; stepUp?: string | undefined },
    address: string,
  ) {
    const [user] = await this.db.select().from(users).where(eq(users.id, caller.id));
    if (!user) throw new AppError(ErrorCode.Unauthorized);
    const changing = user.pinHash !== null;
    if (changing) await this.factors.requireStepUp(caller, input.stepUp);
    if (changing && input.oldPin !== undefined) {
      await verifyPin(this.db, user.id, input.oldPin);
    } else {
      if (input.password === undefined) throw new AppError(ErrorCode.WrongPassword);
      await this.checkOwnPassword(user, input.password, address);
      if (changing) {
        const authAt = await this.tokens.sessionAuthAt(user.id, caller.sid);
        const freshMs = this.settings.PIN_CHANGE_RECENT_LOGIN_MINUTES * 60_000;
        if (!authAt || this.clock.now().getTime() - authAt.getTime() > freshMs) {
          throw new AppError(ErrorCode.RecentLoginRequired);
        }
      }
    }
    const [changed] = await this.db
      .update(users)
      .set({
        pinHash: await hashPeppered(this.db, input.pin),
        pinFailures: 0,
        pinLockedUntil: null,
        // Setting the first PIN is not a change: only replacing one holds withdrawals.
        ...(changing ? { credentialsChangedAt: this.clock.now() } : {}),
        updateTime: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning({ id: users.id });
    forgetPin(user.id);
    if (changed && changing) {
      await this.ports.accountNotices.notify(this.db, this.realtime, user.id, {
        type: 'security.pinChanged',
        text: 'Your payment PIN was changed. If this was not you, contact customer service now.',
      });
    }
    return { ok: true as const };
  }

  async verifyPayPassword(userId: number, pin: string) {
    await verifyPin(this.db, userId, pin);
    return { ok: true as const };
  }

  async logout(caller: AuthUser) {
    await this.tokens.endSession(this.db, caller.id, caller.sid);
    this.realtime.endSession(caller.sid);
    return { ok: true as const };
  }

  /** Starts a session (ending every other one) and drops the other sessions' sockets at once. */
  private async startSession(user: UserRow, authAt: Date) {
    return (await this.beginSession(user, authAt)).login;
  }

  private async beginSession(user: UserRow, authAt: Date) {
    const { sid, ...login } = await this.db.transaction((tx) => this.tokens.startSession(tx, user, authAt));
    this.realtime.kickOtherSessions(user.id, sid);
    return { sid, login };
  }

  private async present(row: UserRow) {
    let inviter: string | null = null;
    if (row.invitedBy !== null) {
      const [r] = await this.db
        .select({ memberId: users.memberId })
        .from(users)
        .where(eq(users.id, row.invitedBy));
      inviter = r?.memberId ?? null;
    }
    return presentProfile(row, inviter);
  }
}
