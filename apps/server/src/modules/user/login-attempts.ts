import { ErrorCode } from '@chatpay/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { loginFailures } from './tables.ts';

/** Wrong passwords in a row before an address is locked out of an account; each further one doubles it. */
export const LOGIN_MAX_FAILURES = 5;
const LOGIN_LOCK_BASE_MS = 60_000;
const LOGIN_LOCK_MAX_MS = 30 * 60_000;

/** A reserved password attempt: `locking` when, if wrong, it is the one that locks the address out. */
export interface PasswordAttempt {
  locking: boolean;
}

/**
 * Spends one password attempt of `address` on `userId` BEFORE the password is checked, in one statement: the
 * attempt is counted as a failure (and, from the LOGIN_MAX_FAILURES-th on, the lock is set) unless a lock is
 * running, in which case nothing is counted and the call is refused with `LoginLocked`. N concurrent wrong
 * passwords therefore count N and only the first LOGIN_MAX_FAILURES of them reach argon2. A right password
 * gives everything back with `passwordAccepted`.
 */
export const reservePasswordAttempt = async (
  exec: Executor,
  userId: number,
  address: string,
  now: Date,
): Promise<PasswordAttempt> => {
  const lockFor = (failures: string) =>
    sql.raw(
      `CASE WHEN ${failures} >= ${LOGIN_MAX_FAILURES} THEN least(${LOGIN_LOCK_BASE_MS}::float8 * power(2, ${failures} - ${LOGIN_MAX_FAILURES}), ${LOGIN_LOCK_MAX_MS}) END`,
    );
  const [row] = await exec
    .insert(loginFailures)
    .values({
      userId,
      address,
      failures: 1,
      lockedUntil: null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [loginFailures.userId, loginFailures.address],
      set: {
        failures: sql`${loginFailures.failures} + 1`,
        lockedUntil: sql`coalesce(${now.toISOString()}::timestamptz + (${lockFor(`"login_failures"."failures" + 1`)}) * interval '1 millisecond', ${loginFailures.lockedUntil})`,
        updatedAt: now,
      },
      setWhere: sql`${loginFailures.lockedUntil} IS NULL OR ${loginFailures.lockedUntil} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ failures: loginFailures.failures });
  if (row) return { locking: row.failures >= LOGIN_MAX_FAILURES };
  const [locked] = await exec
    .select({ until: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.userId, userId), eq(loginFailures.address, address)));
  throw new AppError(ErrorCode.LoginLocked, undefined, {
    lockedUntil: (locked?.until ?? now).toISOString(),
  });
};

/** A right password: the address starts again from no failures on this account. */
export const passwordAccepted = async (exec: Executor, userId: number, address: string) => {
  await exec
    .delete(loginFailures)
    .where(and(eq(loginFailures.userId, userId), eq(loginFailures.address, address)));
};

/** Every address starts again (a password set by the operator, `npm run admin:password`). */
export const clearPasswordFailures = async (exec: Executor, userId: number) => {
  await exec.delete(loginFailures).where(eq(loginFailures.userId, userId));
};
