import type { Config } from '../config.ts';
import { seedApp } from '../modules/app/index.ts';
import { seedBase } from '../modules/base/index.ts';
import { seedChat } from '../modules/chat/index.ts';
import { seedDictionaries } from '../modules/dict/index.ts';
import { seedAdmin } from '../modules/user/index.ts';
import type { Db } from './connection.ts';

/** Data every installation needs; idempotent, runs at every start. */
export const seed = async (db: Db, config: Config, log: { warn(obj: object, msg: string): void }) => {
  await seedAdmin(db, config);
  await seedBase(db, config);
  await seedDictionaries(db);
  await seedChat(db, config, log);
  await seedApp(db);
};
