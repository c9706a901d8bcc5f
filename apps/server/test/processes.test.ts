import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { friendApi, messageApi, SOCKET_NAMESPACE, userApi } from '@chatpay/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../../test-support/http.ts';
import { routeOf } from '../src/cluster/messages.ts';
import { resolveWorkers } from '../src/cluster/settings.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { readOrCreate } from '../src/lib/secrets.ts';
import { createPgDatabase, engine } from './helpers/app.ts';
import { type ServerProcess, startServerProcess } from './helpers/process.ts';
import { waitFor } from './helpers/wait.ts';

/** One server process per core (docs/design/processes.md). */

const pgAndRedis = { DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r' };

describe('WORKERS', () => {
  it('defaults to one process, so the embedded defaults keep working', () => {
    expect(loadConfig({}).workers).toEqual({ count: 1, note: null });
  });

  it('auto runs one process per core on PostgreSQL and Redis, and one (saying why) without them', () => {
    const auto = (env: Record<string, string>) =>
      resolveWorkers({ WORKERS: 'auto', TEST_CLOCK: false, CHAIN_DEV: 'auto', ...env }, 4);
    expect(auto(pgAndRedis)).toEqual({ workers: { count: 4, note: null }, problems: [] });
    expect(auto({}).workers.count).toBe(1);
    expect(auto({}).workers.note).toMatch(/DATABASE_URL.*REDIS_URL/);
    expect(auto({ DATABASE_URL: 'postgres://db/x' }).workers.note).toMatch(/REDIS_URL/);
    expect(resolveWorkers({ WORKERS: 'auto', TEST_CLOCK: false, CHAIN_DEV: 'auto' }, 1).workers).toEqual({
      count: 1,
      note: null,
    });
  });

  it('refuses several processes on the embedded engine, the test clock or CHAIN_DEV=on, naming why', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: 2 processes need DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/x' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ WORKERS: '2', ...pgAndRedis, TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/);
    expect(() => loadConfig({ WORKERS: '2', ...pgAndRedis, CHAIN_DEV: 'on' })).toThrow(/CHAIN_DEV/);
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS/);
    expect(loadConfig({ WORKERS: '1' }).workers.count).toBe(1);
  });

  it('turns the embedded development chain off with several processes, and says so', () => {
    const config = loadConfig({ WORKERS: '3', ...pgAndRedis });
    expect(config.workers.count).toBe(3);
    expect(config.workers.note).toMatch(/development chain/);
  });
});

describe('sticky routing of Engine.IO requests', () => {
  it('reads the session a polling request or an upgrade names, and nothing from other requests', () => {
    expect(
      routeOf('GET /socket.io/?EIO=4&transport=polling&t=abc&sid=Ab-cdefghijklmnopq12 HTTP/1.1'),
    ).toEqual({
      engine: true,
      sid: 'Ab-cdefghijklmnopq12',
    });
    expect(routeOf('POST /socket.io/?EIO=4&transport=polling&sid=XyZ HTTP/1.1')).toEqual({
      engine: true,
      sid: 'XyZ',
    });
    expect(routeOf('GET /socket.io/?EIO=4&transport=websocket HTTP/1.1')).toEqual({
      engine: true,
      sid: null,
    });
    expect(routeOf('GET /api/health?sid=abc HTTP/1.1')).toEqual({ engine: false, sid: null });
    expect(routeOf('')).toEqual({ engine: false, sid: null });
  });
});

describe('development secrets generated under DATA_DIR by processes starting at once', () => {
  it('the first writer wins: a process whose file appeared meanwhile answers that one, never its own', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-once-'));
    try {
      const file = path.join(dir, 'sub', 'jwt-secret');
      // Another process creates the file while this one is making its own secret.
      const raced = readOrCreate(file, () => {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, 'theirs');
        return 'mine';
      });
      expect(raced).toEqual({ content: 'theirs', created: false });
      expect(fs.readFileSync(file, 'utf8')).toBe('theirs');
      const fresh = readOrCreate(path.join(dir, 'vapid.json'), () => 'made');
      expect(fresh).toEqual({ content: 'made', created: true });
      expect(fs.statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
      expect(readOrCreate(path.join(dir, 'vapid.json'), () => 'again')).toEqual({
        content: 'made',
        created: false,
      });
      // No temporary file is left behind.
      expect(fs.readdirSync(path.join(dir, 'sub'))).toEqual(['jwt-secret']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The server's worker processes (Linux: the primary's children that are Node). */
const workerPids = (primary: number) => {
  const children = fs
    .readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return children.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.ts');
    } catch {
      return false;
    }
  });
};

const enabled = engine === 'postgres' && Boolean(process.env.TEST_REDIS_URL);

describe.skipIf(!enabled)('WORKERS=2 on PostgreSQL and Redis', () => {
  let server: ServerProcess;
  let dropDb: () => Promise<void>;
  let dataDir: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const db = await createPgDatabase();
    dropDb = db.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-workers-'));
    server = await startServerProcess({
      WORKERS: '2',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `workers-${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
      DATA_DIR: dataDir,
    });
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.kill();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('members on different workers, one polling only, chat; a crashed worker is replaced; SIGTERM stops all', async () => {
    const api = httpClient(server.url);
    const register = async (name: string) => {
      const { token } = await api.ok(userApi.registerByName, {
        username: `${name}_${randomUUID().slice(0, 8)}`,
        password: 'workers-pass-1',
        nickName: name,
        agree: true,
      });
      const me = await api.ok(userApi.person, {}, token);
      return { token, id: me.id };
    };
    const alice = await register('alice');
    const bob = await register('bob');
    const asked = await api.ok(friendApi.addFriend, { userId: bob.id, message: 'hi' }, alice.token);
    const { sessionId } = await api.ok(friendApi.confirmFriend, { id: asked.id, agree: true }, bob.token);

    // Polling only: the handshake, every poll and every post must reach the worker holding the session.
    const open = async (token: string, transports: ('polling' | 'websocket')[]) => {
      const socket = connect(`${server.url}${SOCKET_NAMESPACE}`, {
        auth: { token },
        transports,
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const polling = await open(alice.token, ['polling']);
    const websocket = await open(bob.token, ['websocket']);
    expect(polling.io.engine.transport.name).toBe('polling');
    expect(websocket.io.engine.transport.name).toBe('websocket');

    const deliver = async (from: { token: string }, to: Socket, text: string) => {
      const clientMsgId = randomUUID();
      const received = new Promise<{ clientMsgId: string; seq: number }>((resolve) => {
        to.on('message', (m: { clientMsgId: string; seq: number }) => {
          if (m.clientMsgId === clientMsgId) resolve(m);
        });
      });
      const sent = await api.ok(
        messageApi.send,
        { sessionId: sessionId!, clientMsgId, contentType: 'text', content: { text } },
        from.token,
      );
      expect(await received).toMatchObject({ seq: sent.seq });
    };
    // Several round trips each way, so the polling socket makes many requests.
    for (let i = 0; i < 3; i++) {
      await deliver(bob, polling, `to the polling member ${i}`);
      await deliver(alice, websocket, `to the websocket member ${i}`);
    }

    // A worker crashes. The two sockets' handshakes went to the worker with the fewest sessions each, so they
    // are on different workers: exactly one is dropped, and the other keeps receiving — so the messages above
    // went from one worker to the other.
    const before = workerPids(server.child.pid!);
    expect(before).toHaveLength(2);
    const dropped = new Set<Socket>();
    for (const s of [polling, websocket]) s.once('disconnect', () => dropped.add(s));
    process.kill(before[0]!, 'SIGKILL');
    // A liveness wait, not a timing: on a loaded two-core CI machine the client may take seconds to see it.
    await waitFor(() => dropped.size > 0, {
      timeoutMs: 30_000,
      message: () => `no socket noticed the crash of ${before[0]}:\n${server.log().slice(-3000)}`,
    });
    await waitFor(() => server.log().includes('a worker died'), { message: 'the primary missed the crash' });
    const survivor = dropped.has(polling) ? websocket : polling;
    await deliver(survivor === polling ? bob : alice, survivor, 'after the crash');
    expect(dropped.size).toBe(1);

    // The primary forks a replacement, which serves: the dropped member connects again and receives.
    const after = await waitFor(
      () => {
        const pids = workerPids(server.child.pid!);
        return pids.length === 2 && !pids.includes(before[0]!) && pids;
      },
      { timeoutMs: 90_000, message: () => `no replacement worker:\n${server.log().slice(-3000)}` },
    );
    expect(after).toContain(before[1]);
    await waitFor(() => (server.log().match(/worker ready/g) ?? []).length >= 3, { timeoutMs: 90_000 });
    const back = await open(dropped.has(polling) ? alice.token : bob.token, ['polling']);
    await deliver(dropped.has(polling) ? bob : alice, back, 'after the restart');

    // SIGTERM: the primary stops every worker gracefully and exits 0.
    await server.kill('SIGTERM');
    expect(server.child.exitCode).toBe(0);
    for (const pid of after) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  }, 180_000);
});

describe.skipIf(!enabled)('WORKERS=2: a worker dying with connections still queued for it', () => {
  let server: ServerProcess;
  let dropDb: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    const db = await createPgDatabase();
    dropDb = db.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-workers-'));
    server = await startServerProcess({
      WORKERS: '2',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `workers-${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
      DATA_DIR: dataDir,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands them to the other worker instead of leaving them open and unanswered', async () => {
    const [frozen] = workerPids(server.child.pid!);
    // A stopped worker takes no handle: the primary writes it one and queues the rest behind its ack.
    process.kill(frozen!, 'SIGSTOP');
    const settled: PromiseSettledResult<number>[] = [];
    // Round-robin: every other new connection is for the stopped worker.
    const requests = Array.from({ length: 6 }, () =>
      fetch(`${server.url}/api/health`, { headers: { connection: 'close' } }).then((r) => r.status),
    );
    for (const r of requests)
      r.then(
        (value) => settled.push({ status: 'fulfilled', value }),
        (reason: unknown) => settled.push({ status: 'rejected', reason }),
      );
    await new Promise((r) => setTimeout(r, 500));
    process.kill(frozen!, 'SIGKILL');
    // Liveness, not timing: the queued requests were served by the other worker; only the one written to the
    // dead worker's channel may be lost (the client sees its connection close).
    await waitFor(() => settled.length === requests.length, {
      timeoutMs: 30_000,
      message: () =>
        `${settled.length} of ${requests.length} requests answered:\n${server.log().slice(-2000)}`,
    });
    const ok = settled.filter((s) => s.status === 'fulfilled' && s.value === 200);
    expect(ok.length).toBeGreaterThanOrEqual(requests.length - 1);
  }, 120_000);
});
