import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { users } from '../src/db/schema/index.ts';
import { seed } from '../src/db/seed.ts';
import { createPgDatabase, engine } from './helpers/app.ts';

describe.skipIf(engine !== 'postgres')('start-up work on a shared PostgreSQL', () => {
  it('several processes seeding a fresh database at once all succeed, and seed once', async () => {
    const pg = await createPgDatabase({ fresh: true });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-startup-'));
    const config = loadConfig({ DATABASE_URL: pg.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    // Each "process" opens its own pool, as separate server processes do.
    const databases = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ url: pg.url, dataDir, onPoolError: () => {} })),
    );
    try {
      await Promise.all(databases.map((d) => d.exclusively(() => seed(d.db, config, { warn: () => {} }))));
      const admins = await databases[0]!.db
        .select({ n: count() })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${config.ADMIN_USERNAME})`);
      expect(admins[0]?.n).toBe(1);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await pg.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
