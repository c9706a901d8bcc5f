import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ContractClient, createContractClient, type Transport } from '@chatpay/shared';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import type { ManualClock } from '../../src/lib/clock.ts';

/** Which engine this run uses: the `server-pg` project sets TEST_ENGINE=postgres. */
export const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * Creates a throw-away database on the test PostgreSQL server; answers its URL and a dropper. It is a copy of
 * the run's migrated template (test/global-setup.ts), or empty with `fresh` (for tests of migrating).
 */
export const createPgDatabase = async (options: { fresh?: boolean } = {}) => {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const template = options.fresh ? '' : inject('pgTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
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

let image: Blob | null = null;
/** The run's migrated PGlite data directory (test/global-setup.ts), read once per test file. */
const pgliteImage = async () => {
  if (!image) image = new Blob([await fs.promises.readFile(inject('pgliteImage'))]);
  return image;
};

/**
 * A test server and a typed client of it: `t.ok(endpoint, input, token)` answers the endpoint's output type,
 * `t.call` the raw envelope, `t.fails(…, code)` the envelope of an expected refusal. Requests go through the
 * real HTTP stack (Fastify's inject: routing, validation, auth, serialisation), without a socket.
 */
export interface TestApp extends App, ContractClient {
  /** Deadlines read this clock: `t.clock.advance(ms)` instead of waiting or rewriting timestamps. */
  clock: ManualClock;
  dataDir: string;
  url: string;
  stop(): Promise<void>;
}

/** Sends requests through Fastify's inject. */
export const injectTransport =
  (server: App): Transport =>
  async (req) => {
    const res = await server.app.inject({
      method: req.method,
      url: req.path,
      ...(req.query ? { query: req.query } : {}),
      ...(req.body !== undefined ? { payload: req.body as object } : {}),
      headers: req.token ? { authorization: req.token } : {},
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // Not JSON: the client reports the text.
    }
    return { status: res.statusCode, body };
  };

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
    TEST_CLOCK: 'true',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomUUID() + randomUUID(),
    API_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ADDRESS_RATE_LIMIT: '100000',
    PIN_RATE_LIMIT: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Tests run sweepers explicitly with `jobs.runNow(name)`.
    SWEEP_INTERVAL_SECONDS: '0',
    // Tests credit members freely; test/console/separation.test.ts sets a small cap to test maker-checker.
    ADJUST_APPROVAL_CAP_USDT: '1000000000',
    // Console tests sign staff in with the password alone; test/security/factors-*.test.ts turn this on.
    STAFF_FACTOR_REQUIRED: 'false',
    // Tests move the clock by days under one admin login per app (adminToken); factors-staff.test.ts tests
    // the 12-hour end of staff sessions.
    STAFF_SESSION_HOURS: '720',
    // Members are created a moment before they withdraw; test/chain/review-routing.test.ts sets the age rule.
    WITHDRAWAL_NEW_ACCOUNT_DAYS: '0',
    ADJUST_DAILY_CAP_USDT: '1000000000',
    // Tests move large sums; security/outflow-limit.test.ts and chain/withdrawal-controls.test.ts set the limit.
    OUTFLOW_DAILY_LIMIT_USDT: '0',
    // Factories verify members without a review (helpers/factories.ts `verify`; docs/design/identity.md).
    TEST_KYC_GRANT: 'true',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...(engine === 'postgres' && process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `test-${randomUUID()}` }
      : {}),
    ...env,
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? dataDir : null,
    ...(config.DATABASE_URL ? {} : { pgliteImage: await pgliteImage() }),
  });
  const server = await buildApp(config, database);
  // TEST_CLOCK: a manual clock on the database's.
  const clock = server.clock as ManualClock;
  await beforeListen?.(server);
  const address = await server.app.listen({ host: '127.0.0.1', port: 0 });

  return {
    ...server,
    ...createContractClient(injectTransport(server)),
    clock,
    dataDir,
    url: address,
    stop: async () => {
      await server.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * Stands in for a resource that a `beforeAll` hook creates: property reads go to the live resource, and
 * reading before it exists (at module level, outside a test or hook) throws with `name` in the message.
 */
export const whileRunning = <T extends object>(current: () => T | null, name: string): T =>
  new Proxy({} as T, {
    get: (_, key) => {
      const live = current();
      if (!live) throw new Error(`${name}: not running (read ${String(key)} outside a test or hook)`);
      return Reflect.get(live, key);
    },
    has: (_, key) => {
      const live = current();
      return live !== null && key in live;
    },
  });

/**
 * The test app of a file (or of the `describe` it is called in): started in `beforeAll`, stopped in
 * `afterAll`, so a test file needs no set-up block of its own. Answers the app at once, for use inside tests
 * and hooks. Hooks registered after this one run after the app started, and their `afterAll` before it
 * stops (vitest runs `afterAll` hooks in reverse order). `env` may be a function, read when the app starts
 * (for settings another hook makes, such as a test chain's).
 */
export const useTestApp = (
  env: Record<string, string> | (() => Record<string, string>) = {},
  beforeListen?: (server: App) => void | Promise<void>,
): TestApp => {
  let app: TestApp | null = null;
  beforeAll(async () => {
    app = await createTestApp(typeof env === 'function' ? env() : env, beforeListen);
  });
  afterAll(async () => {
    await app?.stop();
    app = null;
  });
  return whileRunning(() => app, 'useTestApp');
};

/** A fixed Web Push key pair for tests that load a production configuration (VAPID keys are required there). */
export const PROD_VAPID = {
  VAPID_PUBLIC_KEY: 'BNSQbqYpdVbygwxIEB3Kl1ofgnfqxO74l4phPjEVZbU6DRb6BxcklrqCEdT-lPhoAGXLtWLLXC1fixyfbGFV0BU',
  VAPID_PRIVATE_KEY: 'u-U_exL5eDomrcubtaCYd1kjrVQLYR1ST3LEvECbnwI',
  VAPID_SUBJECT: 'mailto:ops@example.com',
};

/** A fixed proof-of-reserves signing key for tests that load a production configuration (required there). */
export const PROD_POR = {
  POR_SIGNING_KEY: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
};
