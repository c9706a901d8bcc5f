/**
 * `npm run bench:chat` — one server process (PostgreSQL + Redis adapter) under a load generator in its own
 * process: N connected members chatting 1:1 at a set rate through the real send path, then messages into a
 * 500-member group. Baseline in the same run: a bare Socket.IO relay server (bench/echo-server.ts) under the
 * same generator and traffic. Reports sockets held, messages/s stored and delivered, send-to-deliver
 * latency p50/p95/p99, server RSS, errors, and the ratios to the baseline.
 * Targets: 10,000 members connected under 1.5 GiB; 2,000 messages/s delivered with p99 ≤ 100 ms;
 * a 500-member group message delivered to all online members with p99 ≤ 250 ms.
 * Settings: BENCH_CHAT_MEMBERS (default 2000), BENCH_CHAT_RATE (default 2000/s), BENCH_SECONDS (default 10),
 * BENCH_GROUP_SIZE (default 500), BENCH_GROUP_MESSAGES (default 20), BENCH_AUTH_CACHE_SECONDS (default 5, as the
 * server's; 0 reads the user row on every call), WORKERS (server processes, default 1; server RSS is then
 * the sum of the primary and its workers).
 */
import { fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../apps/server/test/helpers/process.ts';
import { sleep } from '../test-support/wait.ts';
import { seedChat } from './chat-seed.ts';
import { freePort, freshDatabase, profileOptions, redisUrl, report, root, rssMiB, setting } from './lib.ts';

const MEMBERS = setting('BENCH_CHAT_MEMBERS', 2000);
const RATE = setting('BENCH_CHAT_RATE', 2000);
const SECONDS = setting('BENCH_SECONDS', 10);
const GROUP_SIZE = Math.min(setting('BENCH_GROUP_SIZE', 500), MEMBERS);
const GROUP_MESSAGES = setting('BENCH_GROUP_MESSAGES', 20);
/** How members send: `http` (POST message/send, default) or `socket` (the `sendMessage` event with ack). */
const VIA = process.env.BENCH_CHAT_SEND === 'socket' ? 'socket' : 'http';

type LoadResult = Record<string, unknown> & {
  connected: number;
  oneToOne: { deliveredPerSecond: number; latencyMs: { p99: number } };
  group: { latencyMs: { p99: number } };
};

/** Runs the generator against `url`, sampling the server's RSS until it is done. */
const runLoad = async (plan: object, serverPid: number) => {
  const file = path.join(os.tmpdir(), `bench-chat-${randomUUID()}.json`);
  fs.writeFileSync(file, JSON.stringify(plan));
  const child = fork(path.join(root, 'bench/chat-load.ts'), [file], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let peakRss = 0;
  let rssConnected = 0;
  const sampler = setInterval(async () => {
    peakRss = Math.max(peakRss, await rssMiB(serverPid));
  }, 250);
  const result = await new Promise<LoadResult>((resolve, reject) => {
    child.on('message', async (m: { phase: string; result?: LoadResult }) => {
      if (m.phase === 'connected') rssConnected = await rssMiB(serverPid);
      if (m.phase === 'done') resolve(m.result!);
    });
    child.on('exit', (code) => (code ? reject(new Error(`generator exited ${code}`)) : undefined));
  });
  clearInterval(sampler);
  fs.rmSync(file, { force: true });
  return { ...result, serverRssMiB: { connected: rssConnected, peak: peakRss } };
};

const main = async () => {
  const database = await freshDatabase('bench_chat');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-'));
  const jwtSecret = randomUUID() + randomUUID();
  const port = await freePort();
  const server = await startServerProcess(
    {
      PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `bench-${randomUUID()}`,
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '1000000',
      LOGIN_RATE_LIMIT: '100000',
      CHAT_SEND_RATE_LIMIT: '1000000',
      // The token's user row remembered a few seconds (config.ts AUTH_CACHE_SECONDS).
      AUTH_CACHE_SECONDS: process.env.BENCH_AUTH_CACHE_SECONDS ?? '5',
      SWEEP_INTERVAL_SECONDS: '0',
      // Nothing here uses the chain; and the embedded one runs only with one process.
      CHAIN_DEV: 'off',
      // WORKERS=2 npm run bench:chat: one server process per worker (docs/design/processes.md).
      ...(process.env.WORKERS ? { WORKERS: process.env.WORKERS } : {}),
    },
    profileOptions('chat'),
  );
  let chat: Awaited<ReturnType<typeof runLoad>>;
  try {
    const seedStarted = performance.now();
    const seed = await seedChat({
      databaseUrl: database.url,
      jwtSecret,
      serverUrl: server.url,
      members: MEMBERS,
      groupSize: GROUP_SIZE,
    });
    console.log(
      `seeded ${MEMBERS} members, ${seed.pairs.length} pairs, a ${GROUP_SIZE}-member group in ${Math.round((performance.now() - seedStarted) / 1000)} s`,
    );
    const plan = { url: server.url, ...seed, rate: RATE, seconds: SECONDS, groupMessages: GROUP_MESSAGES };
    chat = await runLoad({ ...plan, mode: 'chat', via: VIA }, server.child.pid!);
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }

  // Baseline: the bare relay under the same traffic (members are numbered as in the chat run).
  const echoPort = await freePort();
  const echo = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/echo-server.ts')], {
    env: { ...process.env, PORT: String(echoPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) =>
    echo.stdout!.on('data', (d) => String(d).includes('listening') && resolve()),
  );
  const ids = Array.from({ length: MEMBERS }, (_, i) => i + 1);
  const baseline = await runLoad(
    {
      mode: 'echo',
      url: `http://127.0.0.1:${echoPort}`,
      members: ids.map((id) => ({ id, token: '' })),
      pairs: Array.from({ length: Math.floor(MEMBERS / 2) }, (_, k) => ({
        sessionId: 0,
        a: 2 * k + 1,
        b: 2 * k + 2,
      })),
      group: { sessionId: 0, memberIds: ids.slice(0, GROUP_SIZE) },
      rate: RATE,
      seconds: SECONDS,
      groupMessages: GROUP_MESSAGES,
    },
    echo.pid!,
  );
  echo.kill();
  await sleep(200);

  const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);
  report(
    'chat',
    {
      settings: {
        via: VIA,
        members: MEMBERS,
        rate: RATE,
        seconds: SECONDS,
        groupSize: GROUP_SIZE,
        groupMessages: GROUP_MESSAGES,
      },
      chat,
      baseline,
      ratios: {
        deliveredPerSecondVsBaseline: ratio(
          chat.oneToOne.deliveredPerSecond,
          baseline.oneToOne.deliveredPerSecond,
        ),
        oneToOneP99VsBaseline: ratio(chat.oneToOne.latencyMs.p99, baseline.oneToOne.latencyMs.p99),
        groupP99VsBaseline: ratio(chat.group.latencyMs.p99, baseline.group.latencyMs.p99),
        rssVsBaseline: ratio(chat.serverRssMiB.peak, baseline.serverRssMiB.peak),
      },
      targets: {
        members: 10_000,
        rssMiB: 1536,
        deliveredPerSecond: 2000,
        oneToOneP99Ms: 100,
        groupP99Ms: 250,
      },
    },
    `${chat.connected} sockets, server RSS ${chat.serverRssMiB.peak} MiB; 1:1 ${chat.oneToOne.deliveredPerSecond} msg/s delivered, ` +
      `p99 ${chat.oneToOne.latencyMs.p99} ms (baseline ${baseline.oneToOne.latencyMs.p99} ms); ` +
      `group of ${GROUP_SIZE} p99 ${chat.group.latencyMs.p99} ms (baseline ${baseline.group.latencyMs.p99} ms)`,
  );
};

await main();
