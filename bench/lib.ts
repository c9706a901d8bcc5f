import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');

/** PostgreSQL the benchmarks use (a fresh database is created in it per run). */
export const baseDatabaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A number from the environment (so a manual run can be larger than the default). */
export const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Creates an empty database for one run; `drop` removes it. */
export const freshDatabase = async (prefix: string) => {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseDatabaseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};

/** Latency samples in ms → the usual percentiles. */
export const percentiles = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(at(100)),
  };
};

/**
 * Runs `worker` in `concurrency` loops for `seconds`; answers operations per second, latencies and errors.
 * A worker call that throws counts as an error (and its latency is not sampled).
 */
export const runFor = async (
  seconds: number,
  concurrency: number,
  worker: (loop: number) => Promise<void>,
) => {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown = null;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await worker(loop);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors++;
          firstError ??= error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    perSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    latencyMs: percentiles(latencies),
    errors,
    firstError: firstError ? String(firstError) : null,
  };
};

/** Writes `bench/results/<name>.json` and prints the one-line summary. */
export const report = (name: string, result: Record<string, unknown>, summary: string) => {
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const full = {
    name,
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    ...result,
  };
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(full, null, 2)}\n`);
  console.log(JSON.stringify(full, null, 2));
  console.log(`\n${name}: ${summary}`);
};

/** A TCP port that was free a moment ago. */
export const freePort = async () => {
  const net = await import('node:net');
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
};

/** Resident memory of a process in MiB (Linux). */
/** Resident memory of a server: the process, plus its Node children when it is a cluster primary (WORKERS). */
export const rssMiB = async (pid: number) => {
  const fs = await import('node:fs/promises');
  const kbOf = async (p: number) => {
    const status = await fs.readFile(`/proc/${p}/status`, 'utf8').catch(() => '');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  };
  const children = (await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  // Node children only: a single server's child processes (the development chain's anvil) are not the server.
  const workers = await Promise.all(
    children.map(async (c) =>
      (await fs.readFile(`/proc/${c}/comm`, 'utf8').catch(() => '')).trim() === 'node' ? kbOf(c) : 0,
    ),
  );
  const kb = (await kbOf(pid)) + workers.reduce((a, b) => a + b, 0);
  return Math.round(kb / 1024);
};

/**
 * With BENCH_PROFILE=1, the server process writes V8 CPU profiles (one per thread) into
 * bench/results/<name>-profile/ when it stops (summarise them with bench/profile-summary.ts). Pass as
 * startServerProcess's options.
 */
export const profileOptions = (name: string): { nodeArgs?: string[] } =>
  process.env.BENCH_PROFILE
    ? {
        // One file per thread (tsx's loader runs in its own): the busiest is the server's main thread.
        nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench', 'results', `${name}-profile`)}`],
      }
    : {};

/**
 * The baseline of the money benchmarks: single-row INSERT commits per second on the same PostgreSQL, from
 * `concurrency` connections, for `seconds`.
 */
export const rawCommitBaseline = async (databaseUrl: string, seconds: number, concurrency: number) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
  try {
    await pool.query('CREATE TABLE IF NOT EXISTS bench_raw (id bigserial PRIMARY KEY, v integer NOT NULL)');
    return await runFor(seconds, concurrency, async (loop) => {
      await pool.query('INSERT INTO bench_raw (v) VALUES ($1)', [loop]);
    });
  } finally {
    await pool.end();
  }
};
