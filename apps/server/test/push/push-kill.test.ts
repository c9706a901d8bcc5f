import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pushApi, testClockApi } from '@chatpay/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/connection.ts';
import { pushJobs } from '../../src/modules/push/index.ts';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { createFriendPair, loginAdmin, sendText } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { remoteCaller } from '../helpers/remote.ts';
import { waitFor } from '../helpers/wait.ts';
import { browserKeys, type PushService, startPushService } from './push-service.ts';

/**
 * A push is a durable job. The process sending it is killed with SIGKILL while the push service
 * has not answered yet; two new processes on the same PostgreSQL database take the leased jobs over once the
 * lease ran out, and between them send each push once more, exactly once. Real processes: the push service's
 * self-signed certificate is trusted through NODE_EXTRA_CA_CERTS, as a development install would do.
 */
describe.runIf(engine === 'postgres')('push jobs across SIGKILL', () => {
  let svc: PushService;
  let pg: Awaited<ReturnType<typeof createPgDatabase>>;
  let db: Database;
  const procs: ServerProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-push-kill-'));
  const env = () => ({
    DATABASE_URL: pg.url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'k'.repeat(48),
    NODE_EXTRA_CA_CERTS: svc.certFile,
    PUSH_ALLOW_PRIVATE: 'true',
    TEST_CLOCK: 'true',
    API_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '1000',
  });

  beforeAll(async () => {
    svc = await startPushService();
    pg = await createPgDatabase();
    db = await openDatabase({ url: pg.url, dataDir: null });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill('SIGKILL')));
    await db?.close();
    await pg?.drop();
    await svc?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a push claimed by a killed process is sent once by one of two others after the lease', async () => {
    const first = await startServerProcess(env());
    procs.push(first);
    const api = remoteCaller(() => [first]);
    const pairs = await Promise.all([createFriendPair(api), createFriendPair(api)]);
    for (const [i, { b }] of pairs.entries()) {
      await api.ok(
        pushApi.subscribe,
        { endpoint: svc.endpoint(`kill-${i}`), keys: browserKeys().keys, deviceId: `kill-${i}` },
        b.token,
      );
    }
    // The push service takes the first push and never answers: the process is killed mid-send.
    svc.setResponse(() => 'hold');
    for (const { a, sessionId } of pairs) await sendText(api, a, sessionId, 'sent before the crash');
    await waitFor(() => svc.received.length >= 1, { timeoutMs: 8000 });
    await first.kill('SIGKILL');
    const ids = pairs.map(({ b }) => b.id);
    const rows = await db.db.select().from(pushJobs).where(inArray(pushJobs.userId, ids));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    // At least the held one was claimed: leased to the dead process.
    expect(rows.some((r) => r.attempts === 1 && r.nextAttemptTime.getTime() > Date.now())).toBe(true);
    const heldBefore = svc.received.length;

    svc.setResponse(() => 201);
    const others = await Promise.all([startServerProcess(env()), startServerProcess(env())]);
    procs.push(...others);
    // Past the 60 s lease on both new processes' clocks (TEST_CLOCK): each one's push job may now take them.
    for (const proc of others) {
      const one = remoteCaller(() => [proc]);
      const { token } = await loginAdmin(one);
      await one.ok(testClockApi.advance, { seconds: 61 }, token);
    }
    await waitFor(
      async () =>
        (await db.db.select().from(pushJobs).where(inArray(pushJobs.userId, ids))).every(
          (r) => r.status === 'sent',
        ),
      { timeoutMs: 30_000, message: () => `not sent: ${others.map((p) => p.log().slice(-1500)).join('\n')}` },
    );
    // Each subscription: accepted exactly once (201), whatever the dead process had left unanswered.
    for (const i of [0, 1]) {
      const accepted = svc.to(`kill-${i}`).filter((r) => r.status === 201);
      expect(accepted).toHaveLength(1);
    }
    expect(svc.received.length - heldBefore).toBe(2);
  }, 180_000);
});
