import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ErrorCode,
  LoggedOutReason,
  type LoginResult,
  permissionsFor,
  REFRESH_TOKEN_TTL_SECONDS,
  Role,
} from '@chatpay/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db, Executor } from '../../db/connection.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { ShortCache } from '../../lib/short-cache.ts';
import type { SessionsEnded } from '../../realtime/socket.ts';
import { touchSession } from './login-activity.ts';
import { refreshTokens, users } from './tables.ts';

/** The audience of media tokens (`mediaToken`). */
const MEDIA_AUDIENCE = 'media';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Ends every session of the user: all refresh tokens revoked, the current session cleared. */
export const endAllSessions = async (tx: Executor, userId: number) => {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await tx.update(users).set({ sessionId: null, sessionAuthAt: null }).where(eq(users.id, userId));
};

interface AccessClaims {
  uid: number;
  role: string[];
  permission: string[];
  sid: string;
}

/**
 * Access tokens are HS256 JWTs carrying uid, role[], permission[], sid and exp (1 day). Refresh tokens are
 * random, stored hashed, single use and rotated on every refresh; reusing a spent one revokes its family and
 * ends that session. Each user has one current session (`users.session_id`): a new login replaces it.
 * A session has an absolute lifetime counted from its password login (`users.session_auth_at`): neither
 * `loginByToken` nor a refresh extends it past `sessionMaxAgeMs`.
 */
/** What `authenticate` reads of the user row, remembered for a valid session (see `authenticate`). */
interface AuthRow {
  roles: string[];
  sessionId: string;
  authAt: Date | null;
}

/** How long a session may live after its login: staff (support, admin) sessions end sooner. */
export interface SessionLifetimes {
  member: number;
  staff: number;
}

const isStaff = (roles: readonly string[]) => roles.includes(Role.Support) || roles.includes(Role.Admin);

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * The user row of sessions that authenticated, by user id, for a few seconds: every API call and socket
   * authenticates, and this read was one database round trip each. Only valid sessions are kept; every
   * change that could end one (login elsewhere, logout, refresh-token reuse, freeze, role change, forced
   * logout) goes through the realtime layer's session-end calls, which drop the entry on every process
   * (`forget`). Nothing else writes users.session_id, roles or disabled of a signed-in member.
   */
  private readonly authRows: ShortCache<number, AuthRow>;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly clock: Clock,
    private readonly lifetimes: SessionLifetimes,
    /** 0: read the user row on every call (config AUTH_CACHE_SECONDS). */
    authCacheMs = 0,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.authRows = new ShortCache(authCacheMs);
  }

  /** Forgets remembered user rows of sessions that ended (called on every process after the commit). */
  forget(ended: SessionsEnded) {
    if (ended.kind === 'session') this.authRows.dropWhere((_id, row) => row.sessionId === ended.sid);
    else this.authRows.drop(ended.userId);
  }

  /**
   * True while a session whose login was at `authAt` may still be used and extended: SESSION_MAX_AGE_DAYS for
   * members, STAFF_SESSION_HOURS for staff.
   */
  withinLifetime(authAt: Date | null, roles: readonly string[] = []): boolean {
    const maxAge = isStaff(roles) ? this.lifetimes.staff : this.lifetimes.member;
    return authAt !== null && this.clock.now().getTime() - authAt.getTime() < maxAge;
  }

  /**
   * Starts a new session for the user, ending every other one. `authAt` is the time of the password login it
   * descends from (now for a password login). Answers the login result and the new sid.
   */
  async startSession(
    tx: Executor,
    user: { id: number; roles: string[] },
    authAt: Date,
  ): Promise<LoginResult & { sid: string }> {
    const sid = randomUUID();
    await tx.update(users).set({ sessionId: sid, sessionAuthAt: authAt }).where(eq(users.id, user.id));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    const refreshToken = await this.insertRefresh(tx, user.id, randomUUID(), sid);
    const token = await this.sign({
      uid: user.id,
      role: user.roles,
      permission: permissionsFor(user.roles),
      sid,
    });
    return {
      token,
      expire: ACCESS_TOKEN_TTL_SECONDS,
      refreshToken,
      refreshExpire: REFRESH_TOKEN_TTL_SECONDS,
      sid,
    };
  }

  /**
   * Rotates a refresh token. A spent, revoked or expired token is refused; a spent one also ends its session
   * (`onSessionEnded` is told its sid after the commit, to drop its sockets).
   */
  async rotate(presented: string, onSessionEnded: (sid: string) => void = () => {}): Promise<LoginResult> {
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(presented)))
        .for('update');
      if (!row) return { error: true as const };
      if (row.usedAt || row.revokedAt) {
        // Reuse of a spent token: someone else holds this family. Revoke it and end its session.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        await tx
          .update(users)
          .set({ sessionId: null })
          .where(and(eq(users.id, row.userId), eq(users.sessionId, row.sessionId)));
        // Revoked because the member signed in elsewhere (or was frozen): the client says so.
        const [owner] = await tx
          .select({ sessionId: users.sessionId, disabled: users.disabled })
          .from(users)
          .where(eq(users.id, row.userId));
        const reason = owner?.disabled
          ? LoggedOutReason.Frozen
          : owner?.sessionId && owner.sessionId !== row.sessionId
            ? LoggedOutReason.Replaced
            : undefined;
        return { error: true as const, endedSid: row.sessionId, reason };
      }
      if (row.expiresAt.getTime() <= Date.now()) return { error: true as const };
      const [user] = await tx
        .select({
          id: users.id,
          roles: users.roles,
          sessionId: users.sessionId,
          disabled: users.disabled,
          authAt: users.sessionAuthAt,
        })
        .from(users)
        .where(eq(users.id, row.userId));
      if (user?.disabled) return { error: true as const, reason: LoggedOutReason.Frozen };
      if (user?.sessionId && user.sessionId !== row.sessionId)
        return { error: true as const, reason: LoggedOutReason.Replaced };
      if (!user || user.sessionId !== row.sessionId) return { error: true as const };
      if (!this.withinLifetime(user.authAt, user.roles)) return { error: true as const };
      await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
      await touchSession(tx, row.sessionId, this.clock.now());
      const refreshToken = await this.insertRefresh(tx, user.id, row.familyId, row.sessionId);
      const token = await this.sign({
        uid: user.id,
        role: user.roles,
        permission: permissionsFor(user.roles),
        sid: row.sessionId,
      });
      return {
        error: false as const,
        result: {
          token,
          expire: ACCESS_TOKEN_TTL_SECONDS,
          refreshToken,
          refreshExpire: REFRESH_TOKEN_TTL_SECONDS,
        },
      };
    });
    // Thrown outside the transaction so that a detected reuse stays revoked.
    if (outcome.error) {
      if ('endedSid' in outcome && outcome.endedSid) onSessionEnded(outcome.endedSid);
      const reason = 'reason' in outcome ? outcome.reason : undefined;
      throw new AppError(ErrorCode.RefreshTokenInvalid, undefined, reason ? { reason } : null);
    }
    return outcome.result;
  }

  /** Verifies an access token and that its session is still the user's current one. */
  async authenticate(token: string): Promise<AuthUser> {
    return this.authenticateClaims(await this.verify(token));
  }

  private async authenticateClaims(claims: AccessClaims): Promise<AuthUser> {
    const known = this.authRows.get(claims.uid);
    if (known && known.sessionId === claims.sid) {
      this.refuseEndedStaffSession(known);
      return { id: claims.uid, role: known.roles, permission: permissionsFor(known.roles), sid: claims.sid };
    }
    const ticket = this.authRows.ticket();
    const [user] = await this.db
      .select({
        id: users.id,
        roles: users.roles,
        sessionId: users.sessionId,
        disabled: users.disabled,
        authAt: users.sessionAuthAt,
      })
      .from(users)
      .where(eq(users.id, claims.uid));
    if (user?.disabled) {
      // The client tells the member why they were logged out (an operator froze the account).
      throw new AppError(ErrorCode.Unauthorized, 'This account has been frozen', {
        reason: LoggedOutReason.Frozen,
      });
    }
    if (user?.sessionId && user.sessionId !== claims.sid) {
      // Another login is the current session now (single-session kick): the client says so.
      throw new AppError(ErrorCode.Unauthorized, 'Your account signed in on another device', {
        reason: LoggedOutReason.Replaced,
      });
    }
    if (!user || user.sessionId !== claims.sid) {
      throw new AppError(ErrorCode.Unauthorized, 'Your session has ended, please log in again');
    }
    const row = { roles: user.roles, sessionId: claims.sid, authAt: user.authAt };
    this.refuseEndedStaffSession(row);
    this.authRows.set(user.id, row, ticket);
    return { id: user.id, role: user.roles, permission: permissionsFor(user.roles), sid: claims.sid };
  }

  /** A staff access token outlives its session's STAFF_SESSION_HOURS: the console must log in again. */
  private refuseEndedStaffSession(row: AuthRow) {
    if (isStaff(row.roles) && !this.withinLifetime(row.authAt, row.roles))
      throw new AppError(ErrorCode.Unauthorized, 'Your staff session has ended, please log in again');
  }

  /** Ends a session: its refresh tokens are revoked and its access tokens stop working. */
  async endSession(tx: Executor, userId: number, sid: string) {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          eq(refreshTokens.sessionId, sid),
          isNull(refreshTokens.revokedAt),
        ),
      );
    await tx
      .update(users)
      .set({ sessionId: null })
      .where(and(eq(users.id, userId), eq(users.sessionId, sid)));
  }

  /** The password-login time of the user's current session when `sid` is it, else null. */
  async sessionAuthAt(userId: number, sid: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ sessionId: users.sessionId, authAt: users.sessionAuthAt })
      .from(users)
      .where(eq(users.id, userId));
    return row && row.sessionId === sid ? row.authAt : null;
  }

  /**
   * A media token: the member and session of `user` with the audience `media`, for the `/uploads` cookie. It
   * lives as long as an access token and ends with the session, but `authenticate` refuses it, so a cookie
   * that leaks (a log, a proxy) reads media and calls no API.
   */
  mediaToken(user: AuthUser): Promise<string> {
    return new SignJWT({ uid: user.id, role: user.role, permission: [], sid: user.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience(MEDIA_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** Whole seconds until a (verified) token expires, at least 0. */
  secondsLeft(token: string): number {
    const { exp } = decodeJwt(token);
    return Math.max(0, Math.floor((exp ?? 0) - Date.now() / 1000));
  }

  /** The member of a media token whose session is still their current one. */
  async authenticateMedia(token: string): Promise<AuthUser> {
    const claims = await this.verify(token, MEDIA_AUDIENCE);
    return this.authenticateClaims(claims);
  }

  async verify(token: string, audience?: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        ...(audience ? { audience } : {}),
      });
      // An API token has no audience: a media token (or any other) is not one.
      if (!audience && payload.aud !== undefined) throw new AppError(ErrorCode.Unauthorized);
      const { uid, role, permission, sid } = payload as Partial<AccessClaims>;
      if (
        typeof uid !== 'number' ||
        typeof sid !== 'string' ||
        !Array.isArray(role) ||
        !Array.isArray(permission)
      ) {
        throw new AppError(ErrorCode.Unauthorized);
      }
      return { uid, role, permission, sid };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AppError(ErrorCode.Unauthorized, 'Login expired');
      throw new AppError(ErrorCode.Unauthorized);
    }
  }

  private sign(claims: AccessClaims) {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  private async insertRefresh(tx: Executor, userId: number, familyId: string, sessionId: string) {
    const token = randomBytes(32).toString('base64url');
    await tx.insert(refreshTokens).values({
      userId,
      familyId,
      sessionId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return token;
  }
}
