import { randomInt } from 'node:crypto';
import { ErrorCode, GUEST_DAILY_LIMIT, Role } from '@chatpay/shared';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { createUser, users } from '../user/index.ts';
import { mccGuests } from './tables.ts';

const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const pick = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/**
 * A merchant creates a guest member for a customer of its own (docs/design/ledger.md, "MCC guests"): role
 * user, generated user name and password (answered once, only the hash is kept), linked to the merchant,
 * at most GUEST_DAILY_LIMIT per merchant per rolling 24 hours.
 */
export const createGuest = async (db: Db, caller: AuthUser, nickName?: string) => {
  if (!caller.role.includes(Role.Merchant)) throw new AppError(ErrorCode.Forbidden);
  const password = pick(PASSWORD_ALPHABET, 12);
  const username = `g_${pick(NAME_ALPHABET, 10)}`;
  return db.transaction(async (tx) => {
    // Serialises this merchant's guest creations so the daily limit holds under concurrency.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for('update');
    const [made] = await tx
      .select({ n: count() })
      .from(mccGuests)
      .where(
        and(eq(mccGuests.merchantId, caller.id), gt(mccGuests.createTime, sql`now() - interval '24 hours'`)),
      );
    if ((made?.n ?? 0) >= GUEST_DAILY_LIMIT) throw new AppError(ErrorCode.GuestLimitReached);
    const user = await createUser(tx, {
      username,
      password,
      nickName: nickName ?? `Guest ${username.slice(-4)}`,
      roles: [Role.User],
    });
    await tx.insert(mccGuests).values({ userId: user.id, merchantId: caller.id });
    return { userId: user.id, memberId: user.memberId, username, password, nickName: user.nickName };
  });
};
