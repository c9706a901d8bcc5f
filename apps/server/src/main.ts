import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { deadlinesOf } from './cluster/deadlines.ts';
import { runPrimary } from './cluster/primary.ts';
import { acceptFromPrimary } from './cluster/worker.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { RedisUnreachable } from './lib/redis.ts';
import { StartupRefused } from './modules/user/index.ts';

const start = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  // WORKERS > 1: this process only forks and balances (cluster/primary.ts); each worker runs the code below.
  if (config.workers.count > 1 && cluster.isPrimary) return runPrimary(config);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    timeouts: {
      statementMs: config.DB_STATEMENT_TIMEOUT_MS,
      lockMs: config.DB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      acquireMs: config.DB_POOL_ACQUIRE_TIMEOUT_MS,
    },
  });
  const server = await buildApp(config, database).catch(async (error: unknown) => {
    if (!(error instanceof StartupRefused) && !(error instanceof RedisUnreachable)) throw error;
    console.error(error.message);
    await database.close().catch(() => {});
    // 69 (EX_UNAVAILABLE): a service it needs is down, worth retrying; 78 (EX_CONFIG): fix the configuration.
    process.exit(error instanceof RedisUnreachable ? 69 : 78);
  });
  const { app } = server;
  // A promise rejected with no handler (a library's fire-and-forget I/O during an outage) is logged; ending
  // the process for it would turn a dependency's outage into this server's (docs/design/faults.md).
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled rejection');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (cluster.isWorker) {
    // The primary listens and hands connections over; a primary gone (killed) leaves nothing to serve.
    process.on('disconnect', () => void stop('primary gone'));
    // A primary killed while this worker was still starting disconnected before the listener above existed.
    if (!process.connected) void stop('primary gone');
    await app.ready();
    acceptFromPrimary(app.server, server.realtime, deadlinesOf(config.REQUEST_TIMEOUT_SECONDS));
    app.log.info({ engine: database.engine, worker: cluster.worker?.id }, 'worker ready');
    return;
  }
  if (config.workers.note) app.log.warn(config.workers.note);
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    { engine: database.engine, redis: Boolean(config.REDIS_URL), dataDir: config.dataDir },
    `${config.APP_NAME} listening on http://localhost:${config.PORT}`,
  );
};

start().catch((error) => {
  console.error(error);
  process.exit(1);
});
