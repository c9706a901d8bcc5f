import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { friendApi, healthApi, messageApi } from '@chatpay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { createUser, makeFriends, type TestUser } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { freePort, ownRedis } from '../helpers/redis-server.ts';
import { remoteCaller } from '../helpers/remote.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';
import { waitFor } from '../helpers/wait.ts';

/**
 * A Redis outage under real server processes (docs/design/faults.md): each test runs its own Redis, stops it
 * while members type, chat and call the API, and starts it again. The processes stay up, serve what needs no
 * Redis, say "degraded" in /api/ready, and deliver across processes again once Redis is back.
 */
const enabled = engine === 'postgres';

describe.runIf(enabled)('a Redis outage', () => {
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  let dropDb: () => Promise<void>;
  let shared: Record<string, string>;
  const processes: ServerProcess[] = [];
  const sockets: ChatSocket[] = [];
  const dataDirs: string[] = [];

  const start = async (env: Record<string, string> = {}) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-redis-outage-'));
    dataDirs.push(dir);
    const server = await startServerProcess({ ...shared, DATA_DIR: dir, ...env });
    processes.push(server);
    return server;
  };

  const socket = async (server: ServerProcess, user: TestUser) => {
    const s = await connectSocket(server, user.token);
    sockets.push(s);
    return s;
  };

  const alive = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;

  beforeAll(async () => {
    const db = await createPgDatabase();
    dropDb = db.drop;
    redis = await ownRedis();
    shared = {
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `outage-${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
      CHAIN_DEV: 'off',
    };
  }, 60_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(processes.map((p) => p.kill()));
    await redis?.stop();
    await dropDb?.();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('one process stays up and serves its own members; delivery across processes resumes by itself', async () => {
    const [one, two] = await Promise.all([start(), start()]);
    const api = remoteCaller(() => [one!]);
    const [a, b] = await Promise.all([
      createUser(api, { nickName: 'A' }),
      createUser(api, { nickName: 'B' }),
    ]);
    const sessionId = await makeFriends(api, a!, b!);
    const aOnOne = await socket(one!, a!);
    const bOnOne = recorder(await socket(one!, b!), 'message');
    const bTyping = recorder(sockets.at(-1)!, 'typing');
    const bOnTwo = recorder(await socket(two!, b!), 'message');

    await redis.stop();
    await waitFor(async () => (await api.ok(healthApi.ready, {})).redis === 'down', {
      message: 'the process never noticed the outage',
    });
    const degraded = await api.ok(healthApi.ready, {});
    expect(degraded.status).toBe('degraded');
    expect(degraded.problems.join(' ')).toMatch(/redis/);

    // What ended the process before: a typing event, relayed through the adapter's publish.
    aOnOne.emit('typing', { sessionId });
    await bTyping.next((t) => t.sessionId === sessionId);
    // Messages and API calls: the rate limits count in this process, delivery reaches this process's sockets.
    for (let i = 0; i < 5; i++) {
      const clientMsgId = `outage-${i}`;
      await api.ok(
        messageApi.send,
        { sessionId, clientMsgId, contentType: 'text', content: { text: clientMsgId } },
        a!.token,
      );
      await bOnOne.next((m) => m.clientMsgId === clientMsgId);
      await api.ok(friendApi.list, {}, b!.token);
    }
    expect((await api.ok(healthApi.health, {})).redis).toBe('down');
    expect(alive(one!) && alive(two!)).toBe(true);

    await redis.start();
    for (const server of [one!, two!]) {
      const probe = remoteCaller(() => [server]);
      await waitFor(async () => (await probe.ok(healthApi.ready, {})).status === 'ready', {
        timeoutMs: 20_000,
        message: 'the process did not reconnect to Redis',
      });
    }
    // Sent through process one, seen by B's socket on process two: the adapter is subscribed again.
    await api.ok(
      messageApi.send,
      { sessionId, clientMsgId: 'after', contentType: 'text', content: { text: 'after' } },
      a!.token,
    );
    await bOnTwo.next((m) => m.clientMsgId === 'after', 10_000);
    expect(one!.log()).not.toMatch(/unhandled rejection|MaxRetriesPerRequest/i);
  }, 120_000);

  it('WORKERS=2: no worker dies during the outage, and every socket gets messages again after it', async () => {
    const cluster = await start({ WORKERS: '2' });
    const api = remoteCaller(() => [cluster]);
    const [a, b] = await Promise.all([
      createUser(api, { nickName: 'A2' }),
      createUser(api, { nickName: 'B2' }),
    ]);
    const sessionId = await makeFriends(api, a!, b!);
    const aSocket = await socket(cluster, a!);
    // New sockets go to the worker with the fewest: B's four are spread over both workers.
    const bSockets = await Promise.all(
      [1, 2, 3, 4].map(async () => recorder(await socket(cluster, b!), 'message')),
    );

    await redis.stop();
    // Each call reaches either worker: ask until several in a row answered "down".
    let downs = 0;
    await waitFor(async () => {
      downs = (await api.ok(healthApi.ready, {})).redis === 'down' ? downs + 1 : 0;
      return downs >= 6;
    });
    for (let i = 0; i < 6; i++) {
      aSocket.emit('typing', { sessionId });
      const clientMsgId = `w-outage-${i}`;
      await api.ok(
        messageApi.send,
        { sessionId, clientMsgId, contentType: 'text', content: { text: clientMsgId } },
        a!.token,
      );
      // The worker that stored it has B sockets of its own: at least those get it.
      await waitFor(() => bSockets.some((s) => s.seen.some((m) => m.clientMsgId === clientMsgId)));
    }
    expect(alive(cluster)).toBe(true);
    expect(cluster.log()).not.toMatch(/a worker died/);

    await redis.start();
    let readies = 0;
    await waitFor(
      async () => {
        readies = (await api.ok(healthApi.ready, {})).status === 'ready' ? readies + 1 : 0;
        return readies >= 6;
      },
      { timeoutMs: 20_000 },
    );
    await api.ok(
      messageApi.send,
      { sessionId, clientMsgId: 'w-after', contentType: 'text', content: { text: 'after' } },
      a!.token,
    );
    await Promise.all(bSockets.map((s) => s.next((m) => m.clientMsgId === 'w-after', 10_000)));
    expect(cluster.log()).not.toMatch(/a worker died|unhandled rejection/i);
  }, 120_000);

  it('refuses to start while Redis is down, with a line naming REDIS_URL', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const refused = await start({ REDIS_URL: nowhere }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/server exited \(69\)/);
    expect(refused).toMatch(/REDIS_URL: cannot reach Redis/);
    expect(refused).not.toMatch(/\n\s+at /);
  }, 60_000);
});
