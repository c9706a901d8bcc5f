import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';

const enabled = engine === 'postgres' && Boolean(process.env.TEST_REDIS_URL);

/** The count of `GET /api/health` answered 200 in Prometheus text, or 0. */
const healthCount = (text: string) => {
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(
        'chatpay_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
      ),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
};

/**
 * WORKERS=2: whichever worker a scrape reaches, `/metrics` answers the whole cluster (docs/operations.md): the
 * requests every worker served add up, while `?scope=process` answers one worker's own.
 */
describe.skipIf(!enabled)('/metrics with WORKERS=2', () => {
  let server: ServerProcess | null = null;
  let drop: (() => Promise<void>) | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-metrics-cluster-'));
  afterAll(async () => {
    await server?.kill();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('aggregates every worker’s registry', async () => {
    const db = await createPgDatabase();
    drop = db.drop;
    server = await startServerProcess({
      WORKERS: '2',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `metrics-${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
      DATA_DIR: dataDir,
      CHAIN_DEV: 'off',
    });
    const url = server.url;
    const scrape = async (query = '') => {
      const res = await fetch(`${url}/metrics${query}`);
      expect(res.status).toBe(200);
      return res.text();
    };
    const before = healthCount(await scrape());
    // Every request is a new connection handed round-robin: both workers serve some.
    for (let i = 0; i < 6; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const all = await scrape();
    expect(healthCount(all)).toBe(before + 6);
    expect(all).toContain('chatpay_ledger_check_ok');
    const own = healthCount(await scrape('?scope=process'));
    expect(own).toBeLessThan(before + 6);
    // A scrape from elsewhere is refused by the worker as for one process.
    const proxied = await fetch(`${url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
  }, 180_000);
});
