import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@chatpay/shared';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { remoteCaller } from '../helpers/remote.ts';
import { waitFor } from '../helpers/wait.ts';

/**
 * Graceful stop under SIGTERM (docs/design/faults.md): a request in flight when the signal arrives gets its
 * answer, and the process exits 0, for one process and for a primary with two workers.
 */
const setups = [
  { name: 'one process', env: {} as Record<string, string> },
  { name: 'WORKERS=2', env: { WORKERS: '2', REDIS_URL: process.env.TEST_REDIS_URL ?? '' } },
];

describe.runIf(engine === 'postgres' && Boolean(process.env.TEST_REDIS_URL)).each(setups)(
  'SIGTERM with a request in flight: $name',
  ({ env }) => {
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('finishes the request with its answer and exits 0', async () => {
      const db = await createPgDatabase();
      cleanups.push(db.drop);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-shutdown-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const server: ServerProcess = await startServerProcess({
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        JWT_SECRET: randomUUID() + randomUUID(),
        REDIS_PREFIX: `shutdown-${randomUUID()}`,
        CHAIN_DEV: 'off',
        // The held row is released a moment after SIGTERM; the call must still be waiting then.
        DB_LOCK_TIMEOUT_MS: '60000',
        ...env,
      });
      cleanups.push(() => server.kill('SIGKILL'));
      const api = remoteCaller(() => [server]);
      const a = await createUser(api, { nickName: 'A' });

      // The request in flight: it waits for a row another session holds, released only after SIGTERM.
      const holder = new pg.Client({ connectionString: db.url });
      await holder.connect();
      cleanups.push(() => holder.end().catch(() => undefined));
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [a.id]);
      const answer = fetch(`${server.url}/api/app/html5/user/setUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: a.token },
        body: JSON.stringify({ dataKey: 'nickName', dataValue: 'finished' }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number } }));
      await waitFor(async () => {
        const { rows } = await holder.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows[0]!.n > 0;
      });

      const exited = new Promise<number | null>((resolve) =>
        server.child.once('exit', (code) => resolve(code)),
      );
      server.child.kill('SIGTERM');
      await waitFor(() => /shutting down/.test(server.log()), { message: 'no shutdown began' });
      await holder.query('ROLLBACK');

      const res = await answer;
      expect(res).toMatchObject({ status: 200, body: { code: ErrorCode.Success } });
      const code = await exited;
      expect(server.log()).not.toMatch(/unhandled|took too long|error during shutdown/i);
      expect(code).toBe(0);
    }, 120_000);
  },
);
