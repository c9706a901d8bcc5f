import { Role } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { seedApp } from '../modules/app/seed.ts';
import { seedBase } from '../modules/base/seed.ts';
import { seedChat } from '../modules/chat/seed.ts';
import { seedDictionaries } from '../modules/dict/seed.ts';
import { createUser } from '../modules/user/service.ts';
import type { Db } from './connection.ts';
import { users } from './schema/index.ts';

/** Data every installation needs; idempotent, runs at every start. */
export const seed = async (db: Db, config: Config) => {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${config.ADMIN_USERNAME})`);
  if (!existing) {
    await createUser(db, {
      username: config.ADMIN_USERNAME,
      password: config.ADMIN_PASSWORD,
      nickName: 'Admin',
      roles: [Role.User, Role.Admin],
    });
  }
  await seedBase(db, config);
  await seedDictionaries(db);
  await seedChat(db, config);
  await seedApp(db);
};
