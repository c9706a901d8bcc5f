import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, healthApi, messageApi, userApi } from '@chatpay/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { createUser, makeFriends } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { remoteCaller } from '../helpers/remote.ts';

/**
 * Limits between a request and PostgreSQL (docs/design/faults.md): a row locked for longer than
 * DB_LOCK_TIMEOUT_MS makes the call that needs it answer 503 "Service busy" with Retry-After, while calls that
 * do not touch that row (health, another member's chat) keep answering.
 */
describe.runIf(engine === 'postgres')('a request waiting on a locked row', () => {
  let server: ServerProcess;
  let dbUrl: string;
  let dropDb: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    const db = await createPgDatabase();
    dbUrl = db.url;
    dropDb = db.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-db-timeouts-'));
    server = await startServerProcess({
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomUUID() + randomUUID(),
      CHAIN_DEV: 'off',
      DB_LOCK_TIMEOUT_MS: '1000',
    });
  }, 60_000);

  afterAll(async () => {
    await server?.kill();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After and the envelope; health and other members are not held up', async () => {
    const api = remoteCaller(() => [server]);
    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((n) => createUser(api, { nickName: n })));
    const bc = await makeFriends(api, b!, c!);

    // Another session holds A's user row, as a long transaction would.
    const holder = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [a!.id]);

      const blocked = fetch(`${server.url}/api/app/html5/user/setUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: a!.token },
        body: JSON.stringify({ dataKey: 'nickName', dataValue: 'renamed' }),
      });
      const [health, sent] = await Promise.all([
        api.ok(healthApi.health, {}),
        api.ok(
          messageApi.send,
          { sessionId: bc, clientMsgId: 'meanwhile', contentType: 'text', content: { text: 'hi' } },
          b!.token,
        ),
      ]);
      expect(health.status).toBe('ok');
      expect(sent.seq).toBeGreaterThan(0);

      const res = await blocked;
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({
        code: ErrorCode.ServiceBusy,
        message: 'Service busy, try again',
      });
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    // The lock gone, the same call goes through.
    const profile = await api.ok(userApi.setUser, { dataKey: 'nickName', dataValue: 'renamed' }, a!.token);
    expect(profile.nickName).toBe('renamed');
    expect(server.log()).not.toMatch(/"code":1007/);
  }, 60_000);
});
