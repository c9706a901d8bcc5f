/**
 * `npm run bench:scale` — does reading chat stay flat as the data grows? One reader
 * has a single session of 10,000 messages (the same-run baseline) and one of 1,000,000; one member has 1,000
 * sessions, another 10 (the baseline of the list). The data is written with SQL (bench/scale-seed.ts); every
 * figure is measured over HTTP against a server process with the member's token, as the web client calls:
 * the newest message page, a history page in the middle, catch-up (afterSeq), `message/changes`, message search
 * in the session, and the session list's first and a later page.
 * Samples alternate between the small and the big case, so both see the same load on the machine.
 * Target: flat, i.e. big p50 and p99 within 1.5× of the small case's.
 * Settings: BENCH_SCALE_MESSAGES (default 1,000,000), BENCH_SCALE_BASE_MESSAGES (10,000), BENCH_SCALE_SESSIONS
 * (1,000), BENCH_SAMPLES (200 per call and case), BENCH_KEEP_DB=1 keeps the database for EXPLAIN (its URL is
 * printed).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messageApi, sessionApi } from '@chatpay/shared';
import pg from 'pg';
import { startServerProcess } from '../apps/server/test/helpers/process.ts';
import { httpClient } from '../test-support/http.ts';
import { freshDatabase, percentiles, profileOptions, report, setting } from './lib.ts';
import { ageSession, fillMessages, fillSessionList, openPair } from './scale-seed.ts';
import { seedMembers } from './seed.ts';

const BIG = setting('BENCH_SCALE_MESSAGES', 1_000_000);
const SMALL = setting('BENCH_SCALE_BASE_MESSAGES', 10_000);
const SESSIONS = setting('BENCH_SCALE_SESSIONS', 1_000);
const FEW_SESSIONS = 10;
const SAMPLES = setting('BENCH_SAMPLES', 200);
const TARGET_RATIO = 1.5;
const KEYWORD = 'zebrafish';

const load = () => os.loadavg().map((n) => Math.round(n * 100) / 100);
const log = (line: string) => console.error(`[scale] ${line}`);

/** p50 and p99 of the small and the big case of one call, sampled alternately, and their ratios. */
const compare = async (
  name: string,
  small: () => Promise<unknown>,
  big: () => Promise<unknown>,
  labels: { small: string; big: string },
) => {
  for (let i = 0; i < 10; i++) {
    await small();
    await big();
  }
  const times = { small: [] as number[], big: [] as number[] };
  const loadBefore = load();
  for (let i = 0; i < SAMPLES; i++) {
    for (const which of i % 2 === 0 ? (['small', 'big'] as const) : (['big', 'small'] as const)) {
      const t0 = performance.now();
      await (which === 'small' ? small() : big());
      times[which].push(performance.now() - t0);
    }
  }
  const s = percentiles(times.small);
  const b = percentiles(times.big);
  const ratio = (x: number, y: number) => Math.round((x / Math.max(y, 0.01)) * 100) / 100;
  const result = {
    name,
    [labels.small]: { p50: s.p50, p99: s.p99 },
    [labels.big]: { p50: b.p50, p99: b.p99 },
    ratioP50: ratio(b.p50, s.p50),
    ratioP99: ratio(b.p99, s.p99),
    flat: ratio(b.p50, s.p50) <= TARGET_RATIO && ratio(b.p99, s.p99) <= TARGET_RATIO,
    loadAverage: { before: loadBefore, after: load() },
  };
  log(
    `${name}: ${labels.small} p50 ${s.p50} p99 ${s.p99} ms | ${labels.big} p50 ${b.p50} p99 ${b.p99} ms | ` +
      `ratio p50 ${result.ratioP50}× p99 ${result.ratioP99}× (target ≤ ${TARGET_RATIO}×) load ${result.loadAverage.after.join(' ')}`,
  );
  return result;
};

const main = async () => {
  const database = await freshDatabase('bench_scale');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const jwtSecret = randomUUID() + randomUUID();
  const server = await startServerProcess(
    {
      DATABASE_URL: database.url,
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
      API_RATE_LIMIT: '1000000',
      SWEEP_INTERVAL_SECONDS: '0',
    },
    profileOptions('scale'),
  );
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    // Members: the reader and the two peers of its chats, the two list owners and the list owners' peers.
    const started = performance.now();
    const members = await seedMembers(database.url, jwtSecret, 5 + SESSIONS, 'scale');
    const [reader, smallPeer, bigPeer, listOwner, fewOwner] = members;
    const peers = members.slice(5).map((m) => m.id);

    const smallSession = await openPair(client, reader!.id, smallPeer!.id);
    const bigSession = await openPair(client, reader!.id, bigPeer!.id);
    await fillMessages(client, {
      sessionId: smallSession,
      a: reader!.id,
      b: smallPeer!.id,
      count: SMALL,
      keyword: KEYWORD,
    });
    await fillMessages(
      client,
      { sessionId: bigSession, a: reader!.id, b: bigPeer!.id, count: BIG, keyword: KEYWORD },
      (done) => log(`${done.toLocaleString('en')} of ${BIG.toLocaleString('en')} messages`),
    );
    // The same history shape in both: 20 recalls, 100 messages deleted for the reader, 5 unread.
    for (const [sessionId, count] of [
      [smallSession, SMALL],
      [bigSession, BIG],
    ] as const) {
      await ageSession(client, {
        sessionId,
        reader: reader!.id,
        count,
        recalls: 20,
        removals: 100,
        unread: 5,
      });
    }
    await fillSessionList(client, listOwner!.id, peers, 3);
    await fillSessionList(client, fewOwner!.id, peers.slice(0, FEW_SESSIONS), 3);
    await client.query('ANALYZE');
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    log(`seeded in ${seedSeconds} s; measuring ${SAMPLES} samples per case, load ${load().join(' ')}`);

    const api = httpClient(server.url);
    const token = reader!.token;
    const mid = (count: number) => Math.floor(count / 2) + Math.floor(Math.random() * 1000);
    const pageOf = (sessionId: number, extra: { beforeSeq?: number; afterSeq?: number }) => () =>
      api.ok(messageApi.page, { sessionId, size: 50, ...extra }, token);
    const changes = (sessionId: number, afterShared: number, afterMine: number) => () =>
      api.ok(messageApi.changes, { sessionId, afterShared, afterMine }, token);
    const search = (sessionId: number) => () =>
      api.ok(messageApi.search, { keyword: KEYWORD, sessionId, size: 20 }, token);
    const list = (owner: typeof listOwner, page: number, size: number) => () =>
      api.ok(sessionApi.page, { page, size, order: 'lastChatTime', sort: 'desc' }, owner!.token);
    const labels = { small: `messages${SMALL}`, big: `messages${BIG}` };
    const listLabels = { small: `sessions${FEW_SESSIONS}`, big: `sessions${SESSIONS}` };
    // A page deep in the long list against the small list's second page, both of 5: the cost of the offset.
    const deepPage = Math.max(2, Math.floor((SESSIONS * 0.75) / 5));
    /** Each case: its name, the call on the small side and on the big side, and the sides' labels. */
    const plan: [string, () => Promise<unknown>, () => Promise<unknown>, typeof labels][] = [
      ['newest page', pageOf(smallSession, {}), pageOf(bigSession, {}), labels],
      [
        'history page (beforeSeq mid-session)',
        () => pageOf(smallSession, { beforeSeq: mid(SMALL) })(),
        () => pageOf(bigSession, { beforeSeq: mid(BIG) })(),
        labels,
      ],
      [
        'catch-up (afterSeq = last - 30)',
        pageOf(smallSession, { afterSeq: SMALL - 30 }),
        pageOf(bigSession, { afterSeq: BIG - 30 }),
        labels,
      ],
      [
        'changes from 0 (20 recalls, 100 removals)',
        changes(smallSession, 0, 0),
        changes(bigSession, 0, 0),
        labels,
      ],
      ['changes, up to date', changes(smallSession, 20, 10), changes(bigSession, 20, 10), labels],
      ['message search in the session', search(smallSession), search(bigSession), labels],
      ['session list, first page (100)', list(fewOwner, 1, 100), list(listOwner, 1, 100), listLabels],
      // The same answer size on both sides (10 sessions): what the list's length alone costs. The page of 100
      // above also answers ten times as many sessions for the long list.
      ['session list, first page (10)', list(fewOwner, 1, 10), list(listOwner, 1, 10), listLabels],
      [
        `session list, a later page (page ${deepPage} vs page 2, of 5)`,
        list(fewOwner, 2, 5),
        list(listOwner, deepPage, 5),
        listLabels,
      ],
    ];
    const cases = [];
    for (const [name, small, big, sides] of plan) cases.push(await compare(name, small, big, sides));

    const missed = cases.filter((c) => !c.flat).map((c) => c.name);
    report(
      'scale',
      {
        settings: {
          bigMessages: BIG,
          smallMessages: SMALL,
          sessions: SESSIONS,
          fewSessions: FEW_SESSIONS,
          samples: SAMPLES,
        },
        seedSeconds,
        cases,
        target: `big case within ${TARGET_RATIO}× of the small case (p50 and p99)`,
        notFlat: missed,
      },
      cases.map((c) => `${c.name} ${c.ratioP50}×/${c.ratioP99}×`).join('; ') +
        (missed.length ? ` — NOT flat: ${missed.join(', ')}` : ' — all flat'),
    );
  } finally {
    await client.end();
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB) console.error(`[scale] database kept: ${database.url}`);
    else await database.drop();
  }
};

await main();
