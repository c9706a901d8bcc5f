import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { userApi, walletApi } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { verifyLedger } from '../../src/modules/ledger/index.ts';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { createFriendPair, credit, sendText, setPin, TEST_PIN } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { remoteCaller } from '../helpers/remote.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/** Runs `npm run backup`/`restore`'s script with `env` only (plus PATH); answers its exit code and output. */
const script = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, `apps/server/scripts/${name}.ts`), ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * A backup taken while members chat and move money through a real server process, restored into a fresh
 * database, serves again: the books verify, everything acknowledged before the backup started is there
 * exactly once, and a member logs in and chats (docs/operations.md, "Backups"). PostgreSQL: pg_dump on an
 * exported snapshot; PGlite: the running server takes the image.
 */
describe('backup while traffic runs, restore, serve again', () => {
  const temp: string[] = [];
  const servers: ServerProcess[] = [];
  const drops: (() => Promise<void>)[] = [];
  const tmp = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    temp.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const s of servers) await s.kill();
    for (const drop of drops) await drop();
    for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores every acknowledged message and transfer once, with verified books', async () => {
    const shared = {
      JWT_SECRET: randomUUID() + randomUUID(),
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '1000000',
      LOGIN_ADDRESS_RATE_LIMIT: '100000',
      PIN_RATE_LIMIT: '100000',
      CHAT_SEND_RATE_LIMIT: '100000',
      ADJUST_APPROVAL_CAP_USDT: '1000000000',
      ADJUST_DAILY_CAP_USDT: '1000000000',
      CHAIN_DEV: 'off',
    };
    const source: Record<string, string> = {
      ...shared,
      DATA_DIR: tmp('chatpay-src-'),
      PORT: String(await freePort()),
    };
    if (engine === 'postgres') {
      const db = await createPgDatabase();
      drops.push(db.drop);
      source.DATABASE_URL = db.url;
    }
    // PGlite migrates a new directory in the child: slow on a busy machine.
    const server = await startServerProcess(source, { timeoutMs: 400_000 });
    servers.push(server);
    let live: ServerProcess[] = [server];
    const api = remoteCaller(() => live);

    const { a, b, sessionId } = await createFriendPair(api);
    await credit(api, a, '1000.00');
    await credit(api, b, '1000.00');
    await setPin(api, a);
    await setPin(api, b);

    // Traffic: each member alternates a message and a transfer to the other, recording what was acknowledged.
    const acked: { messages: { id: number; at: number }[]; transfers: { requestId: string; at: number }[] } =
      {
        messages: [],
        transfers: [],
      };
    let stop = false;
    const traffic = async (me: typeof a, other: typeof b) => {
      for (let i = 0; !stop; i++) {
        const sent = await sendText(api, me, sessionId, `m ${me.id} ${i}`);
        acked.messages.push({ id: sent.id, at: Date.now() });
        const requestId = `backup-${randomUUID()}`;
        await api.ok(
          walletApi.transfer,
          { memberId: other.memberId, amount: '1.00', pin: TEST_PIN, requestId },
          me.token,
        );
        acked.transfers.push({ requestId, at: Date.now() });
      }
    };
    const running = [traffic(a, b), traffic(b, a)];
    // Some traffic before the backup, then the backup while it goes on.
    while (acked.transfers.length < 6) await new Promise((r) => setTimeout(r, 50));
    const backupStarted = Date.now();
    const backupRoot = tmp('chatpay-backups-');
    const backup = await script('backup', ['--out', backupRoot], source);
    expect(backup.output).toContain('Backup written to');
    expect(backup.code).toBe(0);
    const moreAfter = acked.transfers.length + 4;
    while (acked.transfers.length < moreAfter) await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await Promise.all(running);
    await server.kill();
    live = [];

    const [dirName] = fs.readdirSync(backupRoot);
    const backupDir = path.join(backupRoot, dirName as string);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.engine).toBe(engine);
    expect(manifest.counts.messages).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(backupDir, 'secrets', 'README.txt'))).toBe(true);

    // Restore into a fresh, empty target.
    const target: Record<string, string> = {
      ...shared,
      DATA_DIR: tmp('chatpay-dst-'),
      PORT: String(await freePort()),
    };
    if (engine === 'postgres') {
      const db = await createPgDatabase({ fresh: true });
      drops.push(db.drop);
      target.DATABASE_URL = db.url;
    }
    const restore = await script('restore', [backupDir], target);
    expect(restore.output).toContain('OK: the books balance.');
    expect(restore.code).toBe(0);
    // A second restore into the now non-empty target is refused.
    const again = await script('restore', [backupDir], target);
    expect(again.code).toBe(2);
    expect(again.output).toContain('Refused');

    // Exactly once: every message and transfer acknowledged before the backup started.
    const restored = await openDatabase({ url: target.DATABASE_URL, dataDir: target.DATA_DIR as string });
    try {
      expect((await verifyLedger(restored.db)).ok).toBe(true);
      const rows = async (q: ReturnType<typeof sql>) =>
        ((await restored.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const before = acked.messages.filter((m) => m.at < backupStarted).map((m) => m.id);
      expect(before.length).toBeGreaterThan(0);
      const found = await rows(
        sql`SELECT id, COUNT(*)::int AS n FROM chat_messages WHERE id IN (${sql.join(before, sql`, `)}) GROUP BY id`,
      );
      expect(found.length).toBe(before.length);
      expect(found.every((r) => Number(r.n) === 1)).toBe(true);
      for (const t of acked.transfers.filter((x) => x.at < backupStarted)) {
        const [row] = await rows(
          sql`SELECT COUNT(*)::int AS n FROM ledger_entries WHERE idempotency_key LIKE ${`%${t.requestId}%`}`,
        );
        expect(Number(row?.n)).toBe(1);
      }
      const [counts] = await rows(sql`SELECT COUNT(*)::int AS n FROM chat_messages`);
      expect(Number(counts?.n)).toBe(manifest.counts.messages);
    } finally {
      await restored.close();
    }

    // The restored install serves: a member logs in and chats.
    const again2 = await startServerProcess(target, { timeoutMs: 400_000 });
    servers.push(again2);
    live = [again2];
    const login = await api.ok(userApi.loginByName, { username: a.username, password: a.password });
    const sent = await sendText(api, { ...a, token: login.token }, sessionId, 'after the restore');
    expect(sent.id).toBeGreaterThan(0);
  }, 900_000);
});
