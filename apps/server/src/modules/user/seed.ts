import { Role } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { createUser } from './service.ts';
import { users } from './tables.ts';

/** The administrator named by the configuration, created on the first start. */
export const seedAdmin = async (db: Db, config: Config) => {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${config.ADMIN_USERNAME})`);
  if (existing) return;
  await createUser(db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
    nickName: 'Admin',
    roles: [Role.User, Role.Admin],
  });
};
