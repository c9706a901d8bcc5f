import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { waitFor } from '../helpers/wait.ts';

/** A failed query is logged with its SQL, never with its bound parameters (docs/security.md). */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtb2YtYS1waW4';
const CARD = '4111111111111111';

describe('failed-query logs', () => {
  const lines: string[] = [];
  let server: App;
  let dataDir = '';
  let dropPg: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-logs-'));
    const pg = engine === 'postgres' ? await createPgDatabase() : null;
    dropPg = pg?.drop ?? null;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      JWT_SECRET: 'j'.repeat(40),
      SWEEP_INTERVAL_SECONDS: '0',
      CHAIN_DEV: 'off',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: pg ? dataDir : null });
    server = await buildApp(config, database, { logStream: { write: (line) => lines.push(line) } });
    // A query that fails with secrets bound: the value does not fit the column type, so PostgreSQL echoes it.
    server.app.get('/api/test/failing-query', async () => {
      await database.db.execute(sql`select ${HASH}::int as a, ${CARD}::int as b`);
      return 'unreachable';
    });
    await server.app.ready();
  });
  afterAll(async () => {
    await server?.close();
    await dropPg?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the SQL and drops the parameters, also where the database echoes them', async () => {
    const res = await server.app.inject({ url: '/api/test/failing-query' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(CARD);
    await waitFor(() => lines.some((l) => l.includes('unhandled error')));
    const logged = lines.find((l) => l.includes('unhandled error'))!;
    const entry = JSON.parse(logged) as { err: { message: string; stack: string; params?: unknown } };
    expect(entry.err.message).toContain('Failed query: select $1::int');
    expect(entry.err.params).toBeUndefined();
    const all = lines.join('\n');
    expect(all).not.toContain(CARD);
    expect(all).not.toContain('c2VjcmV0LWhhc2gtb2YtYS1waW4');
    expect(all).not.toContain('secret-salt');
  });
});
