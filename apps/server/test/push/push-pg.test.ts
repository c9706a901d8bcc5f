import { pushApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/connection.ts';
import { PUSH_JOB, pushJobs, setPushAgent } from '../../src/modules/push/index.ts';
import { engine, useTestApp } from '../helpers/app.ts';
import { createFriendPair, sendText } from '../helpers/factories.ts';
import { waitFor } from '../helpers/wait.ts';
import { browserKeys, type PushService, startPushService } from './push-service.ts';

// PGlite runs one transaction at a time: real races need PostgreSQL.
describe.runIf(engine === 'postgres')('push jobs on PostgreSQL', () => {
  let svc: PushService;
  let second: App;
  // Nothing is sent until a pass is run by hand, so both processes find the same queue.
  const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true', PUSH_SEND_DELAY_MS: '3600000' });
  beforeAll(async () => {
    svc = await startPushService();
    setPushAgent(svc.agent);
    // A second server process on the same database (and the same VAPID keys, from the same DATA_DIR).
    second = await buildApp(t.config, await openDatabase({ url: t.config.DATABASE_URL!, dataDir: null }), {
      clock: t.clock,
    });
  });
  afterAll(async () => {
    await second?.close();
    setPushAgent(undefined);
    await svc?.close();
  });

  it('two processes send each push once', async () => {
    const pairs = await Promise.all(Array.from({ length: 12 }, () => createFriendPair(t)));
    await Promise.all(
      pairs.map(({ b }, i) =>
        t.ok(
          pushApi.subscribe,
          { endpoint: svc.endpoint(`pg-${i}`), keys: browserKeys().keys, deviceId: `pg-${i}` },
          b.token,
        ),
      ),
    );
    for (const { a, sessionId } of pairs) await sendText(t, a, sessionId, 'once');
    await waitFor(async () => (await t.database.db.select().from(pushJobs)).length === pairs.length);
    let sent = 0;
    for (let round = 0; round < 4; round++) {
      const [x, y] = await Promise.all([t.jobs.runNow(PUSH_JOB), second.jobs.runNow(PUSH_JOB)]);
      sent += x + y;
    }
    expect(sent).toBe(pairs.length);
    const counts = new Map<string, number>();
    for (const r of svc.received) counts.set(r.path, (counts.get(r.path) ?? 0) + 1);
    expect(counts.size).toBe(pairs.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await t.database.db.select().from(pushJobs).where(eq(pushJobs.status, 'sent'));
    expect(rows).toHaveLength(pairs.length);
  }, 120_000);
});
