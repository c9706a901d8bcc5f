/**
 * `npm run bench:ledger` — internal transfers between random members from 32 concurrent clients, through the
 * service layer (the ledger's transferFunds in its own transaction, as a money call inside a larger business
 * transaction does; and on the database directly, as the wallet transfer call does) and through
 * HTTP (POST /api/app/usdt/wallet/transfer with the PIN, against a server process). Baseline in the same run:
 * raw single-row INSERT commits per second on the same PostgreSQL from 32 connections.
 * Targets: service layer ≥ 35 % of the raw commit rate; ≥ 1,500 transfers/s through HTTP
 * (stretch); ledger:verify passes afterwards.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseUsdt, userApi, walletApi } from '@chatpay/shared';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import {
  ensureMemberAccounts,
  ensureSystemAccount,
  SystemAccount,
} from '../apps/server/src/modules/ledger/accounts.ts';
import { postEntry } from '../apps/server/src/modules/ledger/post.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify.ts';
import { createUser } from '../apps/server/src/modules/user/service.ts';
import { transferFunds } from '../apps/server/src/modules/wallet/transfer.ts';
import { startServerProcess } from '../apps/server/test/helpers/process.ts';
import { httpClient } from '../test-support/http.ts';
import {
  freePort,
  freshDatabase,
  profileOptions,
  rawCommitBaseline,
  report,
  runFor,
  setting,
} from './lib.ts';

const SECONDS = setting('BENCH_SECONDS', 8);
const CONCURRENCY = setting('BENCH_CONCURRENCY', 32);
const MEMBERS = setting('BENCH_MEMBERS', 200);
const PIN = '246810';
const PASSWORD = 'bench-pass-1';

const main = async () => {
  const database = await freshDatabase('bench_ledger');
  let close = async () => {};
  let closed = false;
  try {
    // Baseline: the cost of a commit on this PostgreSQL.
    const raw = await rawCommitBaseline(database.url, SECONDS, CONCURRENCY);

    // Members with money, created directly in the books.
    const { db, close: closeDb } = await openDatabase({
      url: database.url,
      dataDir: null,
      poolSize: CONCURRENCY + 4,
    });
    const members: { id: number; username: string }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const username = `bench_${i}_${randomUUID().slice(0, 6)}`;
      const row = await createUser(db, { username, password: PASSWORD, nickName: `Bench ${i}` });
      members.push({ id: row.id, username });
    }
    close = closeDb;
    await db.transaction(async (tx) => {
      const external = await ensureSystemAccount(tx, SystemAccount.External);
      const accounts = await ensureMemberAccounts(
        tx,
        members.map((m) => m.id),
      );
      for (const m of members) {
        await postEntry(tx, {
          key: `bench:credit:${m.id}`,
          kind: 'adjust',
          legs: [
            { accountId: external, amount: -parseUsdt('1000000') },
            { accountId: accounts.get(m.id)!.available, amount: parseUsdt('1000000') },
          ],
          memo: 'bench',
          createdBy: null,
        });
      }
    });
    const pickPair = () => {
      const a = Math.floor(Math.random() * members.length);
      let b = Math.floor(Math.random() * (members.length - 1));
      if (b >= a) b++;
      return [members[a]!, members[b]!] as const;
    };

    const service = await runFor(SECONDS, CONCURRENCY, async () => {
      const [from, to] = pickPair();
      await db.transaction((tx) =>
        transferFunds(tx, {
          fromUserId: from.id,
          toUserId: to.id,
          amount: 1_000_000n,
          key: `bench:${randomUUID()}`,
        }),
      );
    });

    // The same call without BEGIN/COMMIT: one atomic statement, as WalletService.transfer runs it.
    const serviceDirect = await runFor(SECONDS, CONCURRENCY, async () => {
      const [from, to] = pickPair();
      await transferFunds(db, {
        fromUserId: from.id,
        toUserId: to.id,
        amount: 1_000_000n,
        key: `bench:${randomUUID()}`,
      });
    });

    // Through HTTP: a server process on the same database; each client is a logged-in member with a PIN.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ledger-'));
    const server = await startServerProcess(
      {
        PORT: String(await freePort()),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        // As every other benchmark: no log line per request (two at info, written by the server's event loop).
        LOG_LEVEL: 'warn',
        API_RATE_LIMIT: '1000000',
        LOGIN_RATE_LIMIT: '100000',
        SWEEP_INTERVAL_SECONDS: '0',
        LOGIN_ADDRESS_RATE_LIMIT: '100000',
        PIN_RATE_LIMIT: '100000',
      },
      profileOptions('ledger'),
    );
    const api = httpClient(server.url);
    const clients: { token: string; memberId: string }[] = [];
    for (const m of members.slice(0, Math.max(CONCURRENCY * 2, 2))) {
      const login = await api.ok(userApi.loginByName, { username: m.username, password: PASSWORD });
      await api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, login.token);
      const person = await api.ok(userApi.person, {}, login.token);
      clients.push({ token: login.token, memberId: person.memberId });
    }
    const http = await runFor(SECONDS, CONCURRENCY, async (loop) => {
      const from = clients[loop % clients.length]!;
      let to = clients[Math.floor(Math.random() * clients.length)]!;
      if (to === from) to = clients[(loop + 1) % clients.length]!;
      await api.ok(
        walletApi.transfer,
        { memberId: to.memberId, amount: '1.00', pin: PIN, requestId: randomUUID() },
        from.token,
      );
    });
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });

    const books = await verifyLedger(db);
    await close();
    closed = true;
    const percentOfRaw = (perSecond: number) => Math.round((perSecond / raw.perSecond) * 1000) / 10;
    const serviceRatio = percentOfRaw(service.perSecond);
    const directRatio = percentOfRaw(serviceDirect.perSecond);
    report(
      'ledger',
      {
        settings: { seconds: SECONDS, concurrency: CONCURRENCY, members: MEMBERS },
        baselineRawInsert: raw,
        serviceLayer: service,
        serviceLayerWithoutTransaction: serviceDirect,
        http,
        serviceVsRawPercent: serviceRatio,
        serviceWithoutTransactionVsRawPercent: directRatio,
        httpVsRawPercent: percentOfRaw(http.perSecond),
        ledgerVerify: { ok: books.ok, entries: books.entries, problems: books.problems.length },
        targets: { httpPerSecond: 1500, serviceVsRawPercent: 35 },
      },
      `raw ${raw.perSecond}/s; service ${service.perSecond}/s (${serviceRatio} % of raw, p99 ${service.latencyMs.p99} ms); ` +
        `without transaction ${serviceDirect.perSecond}/s (${directRatio} % of raw, p99 ${serviceDirect.latencyMs.p99} ms); ` +
        `HTTP ${http.perSecond}/s (p99 ${http.latencyMs.p99} ms, errors ${http.errors}); ledger:verify ${books.ok ? 'OK' : 'FAILED'}`,
    );
    if (!books.ok) process.exitCode = 1;
  } finally {
    if (!closed) await close();
    await database.drop();
  }
};

await main();
