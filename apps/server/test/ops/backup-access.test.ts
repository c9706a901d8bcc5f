import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKUP_PATH, BACKUP_TOKEN_FILE } from '../../src/ops/backup-route.ts';
import { engine, useTestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';

/** The PGlite backup route hands out the whole data directory: loopback, no proxy, and the DATA_DIR token. */
describe.runIf(engine === 'pglite')('POST /ops/backup', () => {
  const t = useTestApp();

  it('refuses a member token, a wrong token, a proxied caller and another address', async () => {
    const token = fs.readFileSync(path.join(t.dataDir, BACKUP_TOKEN_FILE), 'utf8').trim();
    const member = await createUser(t);
    const post = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: BACKUP_PATH, headers, remoteAddress });
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ authorization: member.token })).statusCode).toBe(403);
    expect((await post({ authorization: `Bearer ${token}x` })).statusCode).toBe(403);
    expect(
      (await post({ authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' })).statusCode,
    ).toBe(403);
    expect((await post({ authorization: `Bearer ${token}` }, '10.0.0.5')).statusCode).toBe(403);
    const ok = await post({ authorization: `Bearer ${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/gzip/);
  });
});
