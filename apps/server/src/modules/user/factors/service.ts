import {
  ErrorCode,
  type FactorChallenge,
  type FactorMethod,
  Role,
  type SecurityStatus,
} from '@chatpay/shared';
import { and, asc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Config } from '../../../config.ts';
import type { Db, Executor } from '../../../db/connection.ts';
import type { AuthUser } from '../../../http/context.ts';
import type { Clock } from '../../../lib/clock.ts';
import { uniqueViolation } from '../../../lib/db-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import { passwordAccepted, reservePasswordAttempt } from '../login-attempts.ts';
import { openWithPepper, sealWithPepper } from '../pepper.ts';
import { factorChallenges, recoveryCodes, secondFactors, users } from '../tables.ts';
import { type ChallengeRow, liveChallenge, newChallenge, spendChallenge } from './challenges.ts';
import {
  checkAssertion,
  checkCreation,
  creationOptions,
  type RelyingParty,
  requestOptions,
  type StoredPasskey,
} from './passkeys.ts';
import { replaceRecoveryCodes, spendRecoveryCode } from './recovery.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

export interface FactorDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_NAME' | 'STEP_UP_MINUTES' | 'STAFF_FACTOR_REQUIRED'>;
}

/** The relying party of the request being answered; throws `PasskeysUnavailable` where passkeys are off. */
export type RpOf = () => RelyingParty;

/** An answer to a login or step-up challenge: exactly one of a TOTP code, a recovery code, a passkey assertion. */
export interface FactorAnswer {
  challengeId: string;
  code?: string | undefined;
  recoveryCode?: string | undefined;
  passkey?: unknown;
}

type FactorRow = typeof secondFactors.$inferSelect;

const isStaff = (roles: readonly string[]) => roles.includes(Role.Support) || roles.includes(Role.Admin);
const totpBound = (userId: number) => `totp:${userId}`;

/** Whether the member has a confirmed second factor (a pending authenticator app does not count). */
export const hasSecondFactor = async (exec: Executor, userId: number) => {
  const [row] = await exec
    .select({ id: secondFactors.id })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
    .limit(1);
  return row !== undefined;
};

/**
 * Staff (support, admin) without a second factor are refused every console call until they enrol one
 * (STAFF_FACTOR_REQUIRED); `route` asks this for every endpoint that names a permission.
 */
export const staffFactorGate =
  (deps: Pick<FactorDeps, 'db' | 'config'>) =>
  async (user: AuthUser): Promise<void> => {
    if (!deps.config.STAFF_FACTOR_REQUIRED || !isStaff(user.role)) return;
    if (!(await hasSecondFactor(deps.db, user.id))) throw new AppError(ErrorCode.StaffFactorRequired);
  };

/**
 * The guard of sensitive actions (docs/security.md, "Step-up"): a member with a second factor must send a
 * step-up proof (`securityApi.stepUpVerify`) of this session from the last STEP_UP_MINUTES, else
 * `StepUpRequired`. Without a factor it passes and the action's own rules (PIN, password) apply as before.
 * Call it first in the route, before the action's other checks: `await requireStepUp(deps, ctx.user,
 * input.stepUp)`, with `stepUp: stepUpProof` in the endpoint's input and `StepUpRequired` in its errors.
 */
export const requireStepUp = async (
  deps: Pick<FactorDeps, 'db' | 'clock'>,
  caller: AuthUser,
  proof: string | undefined,
): Promise<void> => {
  if (!(await hasSecondFactor(deps.db, caller.id))) return;
  if (proof === undefined) throw new AppError(ErrorCode.StepUpRequired);
  const [row] = await deps.db
    .select({ id: factorChallenges.id })
    .from(factorChallenges)
    .where(
      and(
        eq(factorChallenges.id, proof),
        eq(factorChallenges.purpose, 'step-up-proof'),
        eq(factorChallenges.userId, caller.id),
        eq(factorChallenges.sessionId, caller.sid),
        gt(factorChallenges.expiresAt, deps.clock.now()),
      ),
    );
  if (!row) throw new AppError(ErrorCode.StepUpRequired);
};

/** Removes every second factor, recovery code and open challenge of a member (support's reset). */
export const removeAllFactors = async (tx: Executor, userId: number) => {
  await tx.delete(secondFactors).where(eq(secondFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(factorChallenges).where(eq(factorChallenges.userId, userId));
};

const asPasskey = (row: FactorRow): StoredPasskey => ({
  credentialId: row.credentialId ?? '',
  publicKey: row.publicKey ?? '',
  signCount: row.signCount,
  transports: row.transports,
});

/**
 * Second factors (docs/security.md, "Second factors"): an authenticator app (TOTP), named passkeys and 10
 * one-time recovery codes; the login challenge, the step-up proof and the checks behind them. Every wrong
 * answer counts like a wrong password of the account from the caller's address (`login-attempts.ts`).
 */
export class FactorService {
  constructor(private readonly deps: FactorDeps) {}

  private get db() {
    return this.deps.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  private confirmed(userId: number) {
    return this.db
      .select()
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
      .orderBy(asc(secondFactors.id));
  }

  private async recoveryLeft(userId: number) {
    const rows = await this.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return rows.length;
  }

  async status(caller: AuthUser): Promise<SecurityStatus> {
    const factors = await this.confirmed(caller.id);
    const totp = factors.find((f) => f.kind === 'totp');
    return {
      totp: totp
        ? { createTime: totp.createTime.toISOString(), lastUsedAt: totp.lastUsedAt?.toISOString() ?? null }
        : null,
      passkeys: factors
        .filter((f) => f.kind === 'passkey')
        .map((f) => ({
          id: f.id,
          name: f.name,
          createTime: f.createTime.toISOString(),
          lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
        })),
      recoveryCodesLeft: await this.recoveryLeft(caller.id),
      hasFactor: factors.length > 0,
      mustEnrol: factors.length === 0 && this.deps.config.STAFF_FACTOR_REQUIRED && isStaff(caller.role),
    };
  }

  /**
   * The challenge a login or a step-up answers, with the methods the member has; null when they have no
   * second factor. Passkey options come along when the member has a passkey and passkeys work here.
   */
  async challengeFor(
    userId: number,
    purpose: 'login' | 'step-up',
    rpOf: RpOf,
    sessionId?: string,
  ): Promise<FactorChallenge | null> {
    const factors = await this.confirmed(userId);
    if (factors.length === 0) return null;
    const passkeys = factors.filter((f) => f.kind === 'passkey');
    let passkeyOptions: Awaited<ReturnType<typeof requestOptions>> | null = null;
    if (passkeys.length > 0) {
      try {
        passkeyOptions = await requestOptions(rpOf(), passkeys.map(asPasskey), false);
      } catch (error) {
        if (!(error instanceof AppError && error.code === ErrorCode.PasskeysUnavailable)) throw error;
      }
    }
    const row = await newChallenge(this.db, {
      purpose,
      userId,
      now: this.now(),
      ...(sessionId ? { sessionId } : {}),
      ...(passkeyOptions ? { webauthnChallenge: passkeyOptions.challenge } : {}),
    });
    const methods: FactorMethod[] = [];
    if (factors.some((f) => f.kind === 'totp')) methods.push('totp');
    if (passkeyOptions) methods.push('passkey');
    if ((await this.recoveryLeft(userId)) > 0) methods.push('recovery');
    return {
      challengeId: row.id,
      methods,
      passkeyOptions: passkeyOptions as Record<string, unknown> | null,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** A TOTP code of the member's app, not of a step already used (replay). Records the step when right. */
  private async useTotp(userId: number, code: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(secondFactors)
      .where(
        and(
          eq(secondFactors.userId, userId),
          eq(secondFactors.kind, 'totp'),
          isNotNull(secondFactors.confirmedAt),
        ),
      );
    if (!row?.totpSecret) return false;
    const step = totpStep(openWithPepper(this.db, row.totpSecret, totpBound(userId)), code, now);
    if (step === null) return false;
    const [used] = await this.db
      .update(secondFactors)
      .set({ totpLastStep: step, lastUsedAt: now })
      .where(
        and(
          eq(secondFactors.id, row.id),
          or(isNull(secondFactors.totpLastStep), lt(secondFactors.totpLastStep, step)),
        ),
      )
      .returning({ id: secondFactors.id });
    return used !== undefined;
  }

  /** A passkey assertion of one of the member's passkeys for `challenge`; records its counter when right. */
  private async usePasskey(
    row: FactorRow,
    challenge: string | null,
    response: unknown,
    rp: RelyingParty,
    requireVerification: boolean,
    now: Date,
  ) {
    if (!challenge) return false;
    const counter = await checkAssertion(rp, challenge, response, asPasskey(row), requireVerification);
    if (counter === null) return false;
    await this.db
      .update(secondFactors)
      .set({ signCount: counter, lastUsedAt: now })
      .where(eq(secondFactors.id, row.id));
    return true;
  }

  private async passkeyByCredential(response: unknown, userId?: number) {
    const credentialId = (response as { id?: unknown }).id;
    if (typeof credentialId !== 'string') return null;
    const [row] = await this.db
      .select()
      .from(secondFactors)
      .where(
        and(
          eq(secondFactors.credentialId, credentialId),
          eq(secondFactors.kind, 'passkey'),
          isNotNull(secondFactors.confirmedAt),
          ...(userId === undefined ? [] : [eq(secondFactors.userId, userId)]),
        ),
      );
    return row ?? null;
  }

  /**
   * Checks an answer to `challenge` for the member, counted like a password attempt from `address` (locks
   * after 5 wrong in a row); a right one spends the challenge.
   */
  private async checkAnswer(
    userId: number,
    challenge: ChallengeRow,
    answer: FactorAnswer,
    address: string,
    rpOf: RpOf,
  ) {
    const given = [answer.code, answer.recoveryCode, answer.passkey].filter((v) => v !== undefined);
    if (given.length !== 1)
      throw new AppError(ErrorCode.Validation, 'Invalid input: give one of code, recoveryCode or passkey', [
        { field: 'code', message: 'Give exactly one of code, recoveryCode or passkey' },
      ]);
    const now = this.now();
    const rp = answer.passkey === undefined ? null : rpOf();
    await reservePasswordAttempt(this.db, userId, address, now);
    let right = false;
    if (answer.code !== undefined) right = await this.useTotp(userId, answer.code, now);
    else if (answer.recoveryCode !== undefined)
      right = await spendRecoveryCode(this.db, userId, answer.recoveryCode, now);
    else if (rp) {
      const row = await this.passkeyByCredential(answer.passkey, userId);
      right =
        row !== null &&
        (await this.usePasskey(row, challenge.webauthnChallenge, answer.passkey, rp, false, now));
    }
    if (!right) throw new AppError(ErrorCode.WrongFactorCode);
    await passwordAccepted(this.db, userId, address);
    await spendChallenge(this.db, challenge.id, now);
  }

  /** The second step of a password login: answers the member whose login it completes. */
  async answerLogin(answer: FactorAnswer, address: string, rpOf: RpOf): Promise<number> {
    const challenge = await liveChallenge(this.db, answer.challengeId, 'login', this.now());
    await this.checkAnswer(challenge.userId!, challenge, answer, address, rpOf);
    return challenge.userId!;
  }

  /** Options for a login with a passkey alone: the user name's passkeys, or any of the device's. */
  async passkeyLoginOptions(username: string | undefined, rpOf: RpOf) {
    const rp = rpOf();
    let allowed: StoredPasskey[] = [];
    if (username) {
      const rows = await this.db
        .select({ factor: secondFactors })
        .from(secondFactors)
        .innerJoin(users, eq(users.id, secondFactors.userId))
        .where(
          and(
            eq(users.username, username),
            eq(secondFactors.kind, 'passkey'),
            isNotNull(secondFactors.confirmedAt),
          ),
        );
      allowed = rows.map((r) => asPasskey(r.factor));
    }
    const options = await requestOptions(rp, allowed, true);
    const row = await newChallenge(this.db, {
      purpose: 'passkey-login',
      userId: null,
      webauthnChallenge: options.challenge,
      now: this.now(),
    });
    return { challengeId: row.id, options: options as unknown as Record<string, unknown> };
  }

  /**
   * A login with a passkey alone (user verification required: the passkey is both factors). Answers the
   * member; a wrong assertion of a known passkey counts against its member from this address.
   */
  async passkeyLogin(challengeId: string, response: unknown, address: string, rpOf: RpOf): Promise<number> {
    const now = this.now();
    const challenge = await liveChallenge(this.db, challengeId, 'passkey-login', now);
    const rp = rpOf();
    const row = await this.passkeyByCredential(response);
    if (!row) throw new AppError(ErrorCode.WrongFactorCode);
    await reservePasswordAttempt(this.db, row.userId, address, now);
    if (!(await this.usePasskey(row, challenge.webauthnChallenge, response, rp, true, now)))
      throw new AppError(ErrorCode.WrongFactorCode);
    await passwordAccepted(this.db, row.userId, address);
    await spendChallenge(this.db, challenge.id, now);
    return row.userId;
  }

  async stepUpStart(caller: AuthUser, rpOf: RpOf): Promise<FactorChallenge> {
    const challenge = await this.challengeFor(caller.id, 'step-up', rpOf, caller.sid);
    if (!challenge) throw new AppError(ErrorCode.SecondFactorNotEnrolled);
    return challenge;
  }

  /** Answers a step-up challenge of this session; the proof is good for STEP_UP_MINUTES in this session. */
  async stepUpVerify(caller: AuthUser, answer: FactorAnswer, address: string, rpOf: RpOf) {
    const challenge = await liveChallenge(this.db, answer.challengeId, 'step-up', this.now());
    if (challenge.userId !== caller.id || challenge.sessionId !== caller.sid)
      throw new AppError(ErrorCode.FactorChallengeExpired);
    await this.checkAnswer(caller.id, challenge, answer, address, rpOf);
    const proof = await newChallenge(this.db, {
      purpose: 'step-up-proof',
      userId: caller.id,
      sessionId: caller.sid,
      now: this.now(),
      ttlMs: this.deps.config.STEP_UP_MINUTES * 60_000,
    });
    return { proof: proof.id, expiresAt: proof.expiresAt.toISOString() };
  }

  requireStepUp(caller: AuthUser, proof: string | undefined) {
    return requireStepUp(this.deps, caller, proof);
  }

  /** After a member's first factor: their 10 recovery codes (null when they already have codes). */
  private async codesForFirstFactor(userId: number) {
    const [any] = await this.db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId))
      .limit(1);
    return any ? null : replaceRecoveryCodes(this.db, userId);
  }

  /** Staff keep at least one factor; a member's last factor takes the recovery codes with it. */
  private async refuseLastStaffFactor(caller: AuthUser) {
    if (!isStaff(caller.role) || !this.deps.config.STAFF_FACTOR_REQUIRED) return;
    if ((await this.confirmed(caller.id)).length <= 1) throw new AppError(ErrorCode.LastStaffFactor);
  }

  private async afterRemoval(userId: number) {
    if (!(await hasSecondFactor(this.db, userId)))
      await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  }

  private wrong(): never {
    throw new AppError(ErrorCode.WrongFactorCode);
  }

  async totpStart(caller: AuthUser, stepUp: string | undefined) {
    const [current] = await this.db
      .select({ confirmedAt: secondFactors.confirmedAt })
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, caller.id), eq(secondFactors.kind, 'totp')));
    if (current?.confirmedAt) throw new AppError(ErrorCode.TotpAlreadyEnabled);
    await this.requireStepUp(caller, stepUp);
    const [user] = await this.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, caller.id));
    const secret = newTotpSecret();
    await this.db.transaction(async (tx) => {
      await tx
        .delete(secondFactors)
        .where(
          and(
            eq(secondFactors.userId, caller.id),
            eq(secondFactors.kind, 'totp'),
            isNull(secondFactors.confirmedAt),
          ),
        );
      await tx.insert(secondFactors).values({
        userId: caller.id,
        kind: 'totp',
        totpSecret: sealWithPepper(this.db, secret, totpBound(caller.id)),
      });
    });
    return { secret, uri: totpUri(secret, this.deps.config.APP_NAME, user?.username ?? '') };
  }

  async totpConfirm(caller: AuthUser, code: string, address: string) {
    const [pending] = await this.db
      .select()
      .from(secondFactors)
      .where(
        and(
          eq(secondFactors.userId, caller.id),
          eq(secondFactors.kind, 'totp'),
          isNull(secondFactors.confirmedAt),
        ),
      );
    if (!pending?.totpSecret) throw new AppError(ErrorCode.FactorChallengeExpired);
    const now = this.now();
    await reservePasswordAttempt(this.db, caller.id, address, now);
    const step = totpStep(openWithPepper(this.db, pending.totpSecret, totpBound(caller.id)), code, now);
    if (step === null) this.wrong();
    await passwordAccepted(this.db, caller.id, address);
    await this.db
      .update(secondFactors)
      .set({ confirmedAt: now, totpLastStep: step, lastUsedAt: now, createTime: now })
      .where(eq(secondFactors.id, pending.id));
    return { recoveryCodes: await this.codesForFirstFactor(caller.id) };
  }

  async totpDisable(caller: AuthUser, code: string, address: string) {
    const factors = await this.confirmed(caller.id);
    if (!factors.some((f) => f.kind === 'totp')) throw new AppError(ErrorCode.SecondFactorNotEnrolled);
    await this.refuseLastStaffFactor(caller);
    const now = this.now();
    await reservePasswordAttempt(this.db, caller.id, address, now);
    if (!(await this.useTotp(caller.id, code, now))) this.wrong();
    await passwordAccepted(this.db, caller.id, address);
    await this.db
      .delete(secondFactors)
      .where(and(eq(secondFactors.userId, caller.id), eq(secondFactors.kind, 'totp')));
    await this.afterRemoval(caller.id);
    return { ok: true as const };
  }

  async passkeyOptions(caller: AuthUser, stepUp: string | undefined, rpOf: RpOf) {
    await this.requireStepUp(caller, stepUp);
    const rp = rpOf();
    const [user] = await this.db.select().from(users).where(eq(users.id, caller.id));
    if (!user) throw new AppError(ErrorCode.Unauthorized);
    const existing = (await this.confirmed(caller.id)).filter((f) => f.kind === 'passkey');
    const options = await creationOptions(rp, user, existing.map(asPasskey));
    const row = await newChallenge(this.db, {
      purpose: 'passkey-add',
      userId: caller.id,
      sessionId: caller.sid,
      webauthnChallenge: options.challenge,
      now: this.now(),
    });
    return { challengeId: row.id, options: options as unknown as Record<string, unknown> };
  }

  async passkeyRegister(
    caller: AuthUser,
    input: { challengeId: string; name: string; response: unknown },
    rpOf: RpOf,
  ) {
    const now = this.now();
    const challenge = await liveChallenge(this.db, input.challengeId, 'passkey-add', now);
    if (challenge.userId !== caller.id || challenge.sessionId !== caller.sid)
      throw new AppError(ErrorCode.FactorChallengeExpired);
    const stored = await checkCreation(rpOf(), challenge.webauthnChallenge ?? '', input.response);
    if (!stored) this.wrong();
    await spendChallenge(this.db, challenge.id, now);
    try {
      await this.db.insert(secondFactors).values({
        userId: caller.id,
        kind: 'passkey',
        name: input.name,
        ...stored,
        confirmedAt: now,
        createTime: now,
      });
    } catch (error) {
      if (uniqueViolation(error) === 'second_factors_credential_key') this.wrong();
      throw error;
    }
    return { recoveryCodes: await this.codesForFirstFactor(caller.id) };
  }

  async passkeyRename(caller: AuthUser, id: number, name: string) {
    const [row] = await this.db
      .update(secondFactors)
      .set({ name })
      .where(
        and(eq(secondFactors.id, id), eq(secondFactors.userId, caller.id), eq(secondFactors.kind, 'passkey')),
      )
      .returning({ id: secondFactors.id });
    if (!row) throw new AppError(ErrorCode.NotFound);
    return { ok: true as const };
  }

  async passkeyRemove(caller: AuthUser, id: number, stepUp: string | undefined) {
    const [row] = await this.db
      .select({ id: secondFactors.id })
      .from(secondFactors)
      .where(
        and(eq(secondFactors.id, id), eq(secondFactors.userId, caller.id), eq(secondFactors.kind, 'passkey')),
      );
    if (!row) throw new AppError(ErrorCode.NotFound);
    await this.requireStepUp(caller, stepUp);
    await this.refuseLastStaffFactor(caller);
    await this.db.delete(secondFactors).where(eq(secondFactors.id, row.id));
    await this.afterRemoval(caller.id);
    return { ok: true as const };
  }

  async recoveryRegenerate(caller: AuthUser, stepUp: string | undefined) {
    if (!(await hasSecondFactor(this.db, caller.id))) throw new AppError(ErrorCode.SecondFactorNotEnrolled);
    await this.requireStepUp(caller, stepUp);
    return { recoveryCodes: await replaceRecoveryCodes(this.db, caller.id) };
  }
}
