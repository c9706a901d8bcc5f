import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@chatpay/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/connection.ts';
import { AppError } from '../../../lib/errors.ts';
import { factorChallenges } from '../tables.ts';

/** What a challenge is for (tables.ts, `factorChallenges`). */
export type ChallengePurpose = 'login' | 'passkey-login' | 'passkey-add' | 'step-up' | 'step-up-proof';

/** A login or a step-up must be answered within this; a passkey prompt is given the same. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengeRow = typeof factorChallenges.$inferSelect;

export const newChallenge = async (
  exec: Executor,
  input: {
    purpose: ChallengePurpose;
    userId: number | null;
    sessionId?: string;
    webauthnChallenge?: string;
    now: Date;
    ttlMs?: number;
  },
): Promise<ChallengeRow> => {
  const [row] = await exec
    .insert(factorChallenges)
    .values({
      id: randomBytes(32).toString('base64url'),
      purpose: input.purpose,
      userId: input.userId,
      sessionId: input.sessionId ?? null,
      webauthnChallenge: input.webauthnChallenge ?? null,
      expiresAt: new Date(input.now.getTime() + (input.ttlMs ?? CHALLENGE_TTL_MS)),
    })
    .returning();
  return row!;
};

/** A challenge of this purpose that is neither spent nor expired, else `FactorChallengeExpired`. */
export const liveChallenge = async (
  exec: Executor,
  id: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<ChallengeRow> => {
  const [row] = await exec
    .select()
    .from(factorChallenges)
    .where(
      and(
        eq(factorChallenges.id, id),
        eq(factorChallenges.purpose, purpose),
        isNull(factorChallenges.usedAt),
        gt(factorChallenges.expiresAt, now),
      ),
    );
  if (!row) throw new AppError(ErrorCode.FactorChallengeExpired);
  return row;
};

/** Spends a challenge once: of two calls answering it at the same time, one wins. */
export const spendChallenge = async (exec: Executor, id: string, now: Date) => {
  const [row] = await exec
    .update(factorChallenges)
    .set({ usedAt: now })
    .where(
      and(eq(factorChallenges.id, id), isNull(factorChallenges.usedAt), gt(factorChallenges.expiresAt, now)),
    )
    .returning({ id: factorChallenges.id });
  if (!row) throw new AppError(ErrorCode.FactorChallengeExpired);
};
