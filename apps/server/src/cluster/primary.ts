import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Config } from '../config.ts';
import { isMetricsRequest, metricsAggregator } from '../metrics/cluster.ts';
import { createBalancer } from './balancer.ts';
import { deadlinesOf } from './deadlines.ts';
import { isToPrimary } from './messages.ts';

/** A worker that crashes sooner than this after it started is restarted after a growing delay (crash loop). */
const STABLE_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** After SIGTERM, workers that have not stopped by then are killed. */
const STOP_GRACE_MS = 15_000;

/**
 * The cluster primary (`WORKERS` > 1, docs/design/processes.md): forks the workers, each a whole server on the
 * shared PostgreSQL and Redis; listens once they all answer and hands connections to them (balancer.ts);
 * replaces a worker that dies; on SIGTERM or SIGINT stops listening, asks every worker to stop gracefully and
 * exits when they have. It opens no database and runs no job: that is the workers' work.
 */
export const runPrimary = async (config: Config) => {
  const log = pino({ level: config.LOG_LEVEL }).child({ role: 'primary' });
  const count = config.workers.count;
  const balancer = createBalancer({
    idleTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
    headersMs: deadlinesOf(config.REQUEST_TIMEOUT_SECONDS).headersMs,
  });
  const startedAt = new Map<Worker, number>();
  let stopping = false;
  let listening = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  const answerMetrics = metricsAggregator();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.on('message', (message: unknown) => {
      // `/metrics` reached this worker: it answers the whole cluster's (metrics/cluster.ts).
      if (isMetricsRequest(message)) return answerMetrics(worker, message);
      if (!isToPrimary(message)) return;
      if (message.chatpay === 'ready') {
        balancer.ready(worker);
        allReady();
      } else if (message.chatpay === 'taken') balancer.taken(worker, message.id);
      else balancer.session(worker, message.sid, message.state);
    });
    return worker;
  };

  let resolveReady: () => void;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  let readyCount = 0;
  const allReady = () => {
    readyCount++;
    if (readyCount === count) resolveReady();
  };

  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down the workers');
    balancer.server.close();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    const exited = Promise.all(
      workers.map((w) => (w.isDead() ? null : new Promise((r) => w.once('exit', r)))),
    );
    for (const w of workers) w.process.kill('SIGTERM');
    const force = setTimeout(() => {
      log.error('workers took too long to stop: killing them');
      for (const w of workers) w.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    await exited;
    clearTimeout(force);
    process.exit(code);
  };

  // The IPC channel closes first when a worker dies: route nothing more to it from then on.
  cluster.on('disconnect', (worker) => balancer.gone(worker));
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    balancer.gone(worker);
    if (stopping) return;
    if (!listening) {
      // A worker that cannot start (bad configuration, database unreachable, refused start-up) would fail
      // again: stop with its exit code instead of forking it forever.
      log.error({ pid: worker.process.pid, code, signal }, 'a worker failed to start');
      void stop('a worker failed to start', typeof code === 'number' && code !== 0 ? code : 1);
      return;
    }
    restartDelay =
      lived > STABLE_MS ? FIRST_RESTART_DELAY_MS : Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
    log.error(
      { pid: worker.process.pid, code, signal, restartInMs: restartDelay },
      'a worker died: restarting it',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelay).unref();
  });

  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  process.on('SIGINT', () => void stop('SIGINT', 0));

  if (config.workers.note) log.warn(config.workers.note);
  for (let i = 0; i < count; i++) fork();
  await ready;
  if (stopping) return;
  await new Promise<void>((resolve, reject) => {
    balancer.server.once('error', reject);
    balancer.server.listen({ host: config.HOST, port: config.PORT }, () => resolve());
  });
  listening = true;
  const { address, port } = balancer.server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  // The same words as a single process's Fastify line: scripts and tests wait for "listening at <url>".
  log.info(
    { workers: count },
    `${config.APP_NAME}: ${count} workers, server listening at http://${host}:${port}`,
  );
};
