import { randomBytes } from 'node:crypto';
import { Role } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { createUser, users } from '../user/index.ts';

/**
 * The customer-service account behind `session/checkService`: user `support` with the support role, created
 * when no support account exists. Its password is SUPPORT_PASSWORD, or random (no login) when unset. Like
 * ADMIN_PASSWORD, it is read only when the account is created, so a password changed since (by the account,
 * the console or `admin:password`) is never overwritten at a restart; a start that finds it set for an account
 * that already exists says so in the log.
 */
export const seedChat = async (db: Db, config: Config, log: { warn(obj: object, msg: string): void }) => {
  const [existing] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${Role.Support} = any(${users.roles}) or lower(${users.username}) = 'support'`)
    .orderBy(users.id)
    .limit(1);
  if (existing) {
    if (config.SUPPORT_PASSWORD) {
      log.warn(
        { username: existing.username },
        'SUPPORT_PASSWORD was not applied: the support account already exists and the setting is read only when ' +
          `it is created. Set its password with the server stopped: npm run admin:password -- ${existing.username}`,
      );
    }
    return;
  }
  await createUser(db, {
    username: 'support',
    password: config.SUPPORT_PASSWORD ?? randomBytes(24).toString('base64url'),
    nickName: 'Customer Service',
    roles: [Role.User, Role.Support],
  });
};
