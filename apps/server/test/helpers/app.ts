import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Endpoint, InputOf } from '@chatpay/shared';
import pg from 'pg';
import { type App, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/connection.ts';

/** Which engine this run uses: the `server-pg` project sets TEST_ENGINE=postgres. */
export const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** Creates a throw-away database on the test PostgreSQL server; answers its URL and a dropper. */
export const createPgDatabase = async () => {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};

export interface TestApp extends App {
  /** Calls an endpoint through the real HTTP stack (inject); answers the HTTP status and the envelope. */
  call<E extends Endpoint>(
    endpoint: E,
    input: InputOf<E>,
    token?: string,
  ): Promise<{ status: number; code: number; data: unknown; message: string }>;
  dataDir: string;
  url: string;
  stop(): Promise<void>;
}

/**
 * A fresh server on a fresh database (PGlite in memory, or a new PostgreSQL database), listening on a random
 * port so sockets can connect. Each test file makes its own; nothing is shared between files.
 */
export const createTestApp = async (
  env: Record<string, string> = {},
  beforeListen?: (server: App) => void | Promise<void>,
): Promise<TestApp> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-test-'));
  const pgDb = engine === 'postgres' ? await createPgDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomUUID() + randomUUID(),
    API_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '1000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Tests run sweepers explicitly with `jobs.runNow(name)`.
    SWEEP_INTERVAL_SECONDS: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...(engine === 'postgres' && process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `test-${randomUUID()}` }
      : {}),
    ...env,
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? dataDir : null,
  });
  const server = await buildApp(config, database);
  await beforeListen?.(server);
  const address = await server.app.listen({ host: '127.0.0.1', port: 0 });

  const call: TestApp['call'] = async (endpoint, input, token) => {
    const isGet = endpoint.method === 'GET';
    const res = await server.app.inject({
      method: endpoint.method,
      url: `/api${endpoint.path}`,
      ...(isGet ? { query: input as Record<string, string> } : { payload: input as object }),
      headers: token ? { authorization: token } : {},
    });
    const body = res.json() as { code: number; data: unknown; message: string };
    return { status: res.statusCode, ...body };
  };

  return {
    ...server,
    call,
    dataDir,
    url: address,
    stop: async () => {
      await server.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
