import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';

/**
 * Slow clients in cluster mode (docs/security.md, "Production install"): the primary and the workers keep the
 * header and request deadlines a single process keeps. REQUEST_TIMEOUT_SECONDS 5: headers and the whole
 * request within 5 s of the connection's start.
 */
const enabled = engine === 'postgres' && Boolean(process.env.TEST_REDIS_URL);

/** Opens a connection, sends `first`, then one byte of `trickle` a second; answers what came back and when it closed. */
const trickle = (url: string, first: string, drip: string) =>
  new Promise<{ answer: string; openMs: number }>((resolve) => {
    const { port } = new URL(url);
    const started = Date.now();
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(drip[i++ % drip.length]!);
    }, 1000);
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, openMs: Date.now() - started });
    });
    // A bound for the test itself: a connection still open after 40 s has not been cut.
    setTimeout(() => socket.destroy(), 40_000);
    if (first) socket.write(first);
  });

describe.skipIf(!enabled)('WORKERS=2: slow clients are cut like in one process', () => {
  let server: ServerProcess;
  let dropDb: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    const db = await createPgDatabase();
    dropDb = db.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-slow-'));
    server = await startServerProcess({
      WORKERS: '2',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `slow-${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
      DATA_DIR: dataDir,
      REQUEST_TIMEOUT_SECONDS: '5',
    });
  }, 180_000);

  afterAll(async () => {
    await server?.kill();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a request line trickled to the primary, headers and a body trickled to a worker: 408 and closed', async () => {
    const [line, headers, body] = await Promise.all([
      trickle(server.url, '', 'GET /api/health HTTP/1.1'),
      trickle(server.url, 'GET /api/health HTTP/1.1\r\n', 'X-Slow: 1\r\n'),
      trickle(
        server.url,
        'POST /api/app/html5/user/loginByName HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n',
        '{',
      ),
    ]);
    for (const slow of [line, headers, body]) {
      expect(slow.openMs).toBeLessThan(30_000);
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408/);
    }
    // A client that sends its request at once is served as before.
    const ok = await fetch(`${server.url}/api/health`);
    expect(ok.status).toBe(200);
  }, 120_000);
});
