import type { Db } from '../../db/connection.ts';
import { seedAppGoods } from './goods.ts';
import { seedVersions } from './versions.ts';

/** The app area's seed data: version 4.3.3 per platform and the pay desk's goods. Idempotent. */
export const seedApp = async (db: Db) => {
  await seedVersions(db);
  await seedAppGoods(db);
};
