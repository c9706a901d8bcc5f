import {
  ErrorCode,
  PIN_LOCK_MINUTES,
  PIN_MAX_ATTEMPTS,
  type ProfileKey,
  profileValue,
  Role,
  type UserProfile,
} from '@chatpay/shared';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Clock } from '../../lib/clock.ts';
import { newMemberId, newShareCode } from '../../lib/codes.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { forgetPin, recallPin, rememberPin } from './pin-memory.ts';
import { presentProfile } from './presenter.ts';
import { downloadLogs, users } from './tables.ts';
import type { TokenService } from './tokens.ts';

type UserRow = typeof users.$inferSelect;

/** Verifying against this keeps a login for an unknown user as slow as one for a known user. */
const DUMMY_HASH = await hash('timing-equaliser');

export interface NewUser {
  username: string;
  password: string;
  nickName: string;
  roles?: string[];
  invitedBy?: number | null;
}

/** Creates a member with a fresh member id and invite code (retried on the rare collision). */
export const createUser = async (exec: Executor, input: NewUser): Promise<UserRow> => {
  const passwordHash = await hash(input.password);
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

/**
 * Checks the payment PIN. Runs in its own statements (never inside the caller's business transaction), so a
 * wrong attempt is counted even though the business operation then fails. 5 wrong in a row lock it for 15 min.
 */
/** Gives a member a role (idempotent); merchant approval uses it. Their next token carries it. */
export const grantRole = async (exec: Executor, userId: number, role: string) => {
  await exec
    .update(users)
    .set({ roles: sql`array_append(array_remove(${users.roles}, ${role}), ${role})` })
    .where(eq(users.id, userId));
};

/** When the member last changed the password or the PIN (null: never since sign-up and the first PIN). */
export const credentialsChangedAt = async (exec: Executor, userId: number): Promise<Date | null> => {
  const [row] = await exec.select({ at: users.credentialsChangedAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
};

export const verifyPin = async (db: Db, userId: number, pin: string): Promise<void> => {
  const [row] = await db
    .select({ pinHash: users.pinHash, lockedUntil: users.pinLockedUntil, failures: users.pinFailures })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError(ErrorCode.Unauthorized);
  if (row.lockedUntil && row.lockedUntil.getTime() > Date.now()) {
    throw new AppError(ErrorCode.PinLocked, undefined, { lockedUntil: row.lockedUntil.toISOString() });
  }
  if (!row.pinHash) throw new AppError(ErrorCode.PinNotSet);
  if (recallPin(userId, row.pinHash, pin) || (await verify(row.pinHash, pin))) {
    rememberPin(userId, row.pinHash, pin);
    if (row.failures > 0 || row.lockedUntil) {
      await db.update(users).set({ pinFailures: 0, pinLockedUntil: null }).where(eq(users.id, userId));
    }
    return;
  }
  forgetPin(userId);
  const [counted] = await db
    .update(users)
    .set({ pinFailures: sql`${users.pinFailures} + 1` })
    .where(eq(users.id, userId))
    .returning({ failures: users.pinFailures });
  const failures = counted?.failures ?? PIN_MAX_ATTEMPTS;
  if (failures >= PIN_MAX_ATTEMPTS) {
    const lockedUntil = new Date(Date.now() + PIN_LOCK_MINUTES * 60_000);
    await db.update(users).set({ pinFailures: 0, pinLockedUntil: lockedUntil }).where(eq(users.id, userId));
    throw new AppError(ErrorCode.PinLocked, undefined, { lockedUntil: lockedUntil.toISOString() });
  }
  throw new AppError(ErrorCode.WrongPin, undefined, { remainingAttempts: PIN_MAX_ATTEMPTS - failures });
};

export class UserService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly realtime: Realtime,
    private readonly clock: Clock,
    /** Whether a URL is one of our own uploads (modules/uploads `isOwnUrl`, given by the routes). */
    private readonly isOwnUpload: (url: string) => boolean = () => false,
  ) {}

  async register(input: {
    username: string;
    password: string;
    nickName: string;
    shareCode?: string;
    agree: boolean;
  }) {
    if (!input.agree) throw new AppError(ErrorCode.AgreementRequired);
    return this.db.transaction(async (tx) => {
      let invitedBy: number | null = null;
      if (input.shareCode) {
        const inviter = await findByShareCode(tx, input.shareCode);
        if (!inviter) throw new AppError(ErrorCode.InvalidShareCode);
        invitedBy = inviter.id;
      }
      const user = await createUser(tx, { ...input, invitedBy });
      const { sid: _sid, ...login } = await this.tokens.startSession(tx, user);
      return login;
    });
  }

  async loginByName(username: string, password: string) {
    const user = await findByUsername(this.db, username);
    const valid = await verify(user?.passwordHash ?? DUMMY_HASH, password);
    if (!user || !valid || user.disabled) throw new AppError(ErrorCode.InvalidCredentials);
    return this.startSession(user);
  }

  /** A valid access token buys a new session (and ends the one it belonged to). */
  async loginByToken(token: string) {
    const caller = await this.tokens.authenticate(token);
    const [user] = await this.db.select().from(users).where(eq(users.id, caller.id));
    if (!user) throw new AppError(ErrorCode.Unauthorized);
    return this.startSession(user);
  }

  refresh(refreshToken: string) {
    return this.tokens.rotate(refreshToken);
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
      throw new AppError(ErrorCode.Validation, `Invalid input: dataValue`, [
        { field: 'dataValue', message: parsed.error.issues[0]?.message ?? 'Invalid value' },
      ]);
    }
    // An outside avatar URL would make every viewer's browser call a third party (tracking, IP leak).
    if (key === 'avatar' && !this.isOwnUpload(parsed.data)) {
      throw new AppError(ErrorCode.Validation, 'Invalid input: dataValue', [
        { field: 'dataValue', message: 'The avatar must be a file uploaded here' },
      ]);
    }
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
  async changePassword(caller: AuthUser, password: string, newPassword: string) {
    const [user] = await this.db.select().from(users).where(eq(users.id, caller.id));
    if (!user) throw new AppError(ErrorCode.Unauthorized);
    if (!(await verify(user.passwordHash, password))) throw new AppError(ErrorCode.WrongPassword);
    await this.db
      .update(users)
      .set({
        passwordHash: await hash(newPassword),
        credentialsChangedAt: this.clock.now(),
        updateTime: new Date(),
      })
      .where(eq(users.id, user.id));
    return this.startSession(user);
  }

  async setPayPassword(userId: number, password: string, pin: string) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(ErrorCode.Unauthorized);
    if (!(await verify(user.passwordHash, password))) throw new AppError(ErrorCode.WrongPassword);
    await this.db
      .update(users)
      .set({
        pinHash: await hash(pin),
        pinFailures: 0,
        pinLockedUntil: null,
        // Setting the first PIN is not a change: only replacing one holds withdrawals.
        ...(user.pinHash !== null ? { credentialsChangedAt: this.clock.now() } : {}),
        updateTime: new Date(),
      })
      .where(eq(users.id, userId));
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

  private async startSession(user: UserRow) {
    const { sid, ...login } = await this.db.transaction((tx) => this.tokens.startSession(tx, user));
    this.realtime.kickOtherSessions(user.id, sid, login.token);
    return login;
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
