import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { seed } from '../../src/db/seed.ts';
import { users } from '../../src/modules/user/index.ts';
import { createPgDatabase, engine, PROD_POR, PROD_VAPID } from '../helpers/app.ts';

/**
 * Safe defaults of a start (docs/security.md): loopback unless HOST is set, and no start that is
 * reachable while an administrator still has the default password; `npm run admin:password` fixes it.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const mainTs = path.join(root, 'apps/server/src/main.ts');
const scriptTs = path.join(root, 'apps/server/scripts/admin-password.ts');

const runNode = (
  file: string,
  env: Record<string, string>,
  opts: { stdin?: string; untilListening?: boolean } = {},
) =>
  new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', file, ...(opts.untilListening ? [] : ['admin'])],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out:\n${out}`));
    }, 45_000);
    const onData = (d: Buffer) => {
      out += d;
      if (opts.untilListening && /listening at http/i.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.stdin.end(opts.stdin ?? '');
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });

const startServer = (env: Record<string, string>) => runNode(mainTs, env, { untilListening: true });

describe('safe start-up defaults', () => {
  let dataDir = '';
  let env: Record<string, string> = {};
  let dropPg: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-defaults-'));
    const pg = engine === 'postgres' ? await createPgDatabase() : null;
    dropPg = pg?.drop ?? null;
    env = { DATA_DIR: dataDir, PORT: '0', CHAIN_DEV: 'off', ...(pg ? { DATABASE_URL: pg.url } : {}) };
    // A database whose administrator was created with the default password (a development first start).
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
    await seed(database.db, config, { warn: () => {} });
    await database.close();
  });
  afterAll(async () => {
    await dropPg?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says at start-up that SUPPORT_PASSWORD was not applied to an existing support account', async () => {
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent', SUPPORT_PASSWORD: 'a-new-support-password' });
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
    try {
      const hashOf = async () =>
        (
          await database.db
            .select({ hash: users.passwordHash })
            .from(users)
            .where(eq(users.username, 'support'))
        )[0]?.hash;
      const before = await hashOf();
      const warnings: string[] = [];
      await seed(database.db, config, { warn: (_obj, msg) => warnings.push(msg) });
      expect(await hashOf()).toBe(before);
      expect(warnings).toEqual([expect.stringContaining('npm run admin:password -- support')]);
      expect(warnings[0]).toContain('SUPPORT_PASSWORD was not applied');
      // Unset, it says nothing.
      const quiet: string[] = [];
      await seed(database.db, loadConfig({ ...env, LOG_LEVEL: 'silent' }), {
        warn: (_o, m) => quiet.push(m),
      });
      expect(quiet).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('listens on loopback unless HOST is set', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('refuses a reachable start while an admin has the default password, until admin:password', async () => {
    const production = {
      ...env,
      NODE_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      C2C_SECRET: 'c'.repeat(40),
      PIN_PEPPER: 'p'.repeat(40),
      ...PROD_VAPID,
      ...PROD_POR,
    };
    const refused = await startServer(production);
    expect(refused.code).toBe(78);
    expect(refused.out).toContain('default password');
    expect(refused.out).toContain('npm run admin:password -- admin');
    // Development listening on every interface is reachable too.
    const exposed = await startServer({ ...env, HOST: '0.0.0.0' });
    expect(exposed.code).toBe(78);

    const tooShort = await runNode(scriptTs, env, { stdin: 'short\n' });
    expect(tooShort.code).toBe(1);
    const common = await runNode(scriptTs, env, { stdin: 'password1234\n' });
    expect(common.code).toBe(1);
    expect(common.out).toContain('too common');
    const theDefault = await runNode(scriptTs, env, { stdin: 'admin12345\n' });
    expect(theDefault.code).toBe(1);
    const changed = await runNode(scriptTs, env, { stdin: 'a-new-strong-password\n' });
    expect(changed.out).toContain('is set');
    expect(changed.code).toBe(0);

    const started = await startServer(production);
    expect(started.out).toMatch(/listening at http:\/\/127\.0\.0\.1/i);
  }, 240_000);
});
