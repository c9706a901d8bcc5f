import { randomBytes } from 'node:crypto';
import { Role } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { createUser, users } from '../user/index.ts';

/**
 * The customer-service account behind `session/checkService`: user `support` with the support role, created
 * when no support account exists. Its password is SUPPORT_PASSWORD, or random (no login) when unset.
 */
export const seedChat = async (db: Db, config: Config) => {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${Role.Support} = any(${users.roles}) or lower(${users.username}) = 'support'`)
    .limit(1);
  if (existing) return;
  await createUser(db, {
    username: 'support',
    password: config.SUPPORT_PASSWORD ?? randomBytes(24).toString('base64url'),
    nickName: 'Customer Service',
    roles: [Role.User, Role.Support],
  });
};
