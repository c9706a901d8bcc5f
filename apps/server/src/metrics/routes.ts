import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { ChainRuntime } from '../modules/chain/index.ts';
import { bearerMatches, fromLoopback } from '../ops/access.ts';
import type { Realtime } from '../realtime/socket.ts';
import { clusterMetricsClient } from './cluster.ts';
import type { Metrics } from './metrics.ts';
import { addScrapeSources } from './sources.ts';

/** Message ids recently counted as stored: a retried send or a recall emits the same message again. */
const RECENT_IDS = 2_000;

/**
 * `/metrics` in Prometheus' text format (docs/operations.md), and what feeds the app's registry: the route
 * pattern and status of every HTTP request, realtime connections, chat messages handed to delivery, the
 * database's queries and pool, and the scrape-time gauges of `sources.ts`. Readable from loopback (no proxy in
 * between) or with `Authorization: Bearer $METRICS_TOKEN`; anyone else gets 403.
 */
export const registerMetrics = (opts: {
  app: FastifyInstance;
  config: Config;
  metrics: Metrics;
  realtime: Realtime;
  database: Database;
  chain: ChainRuntime;
}) => {
  const { app, metrics, realtime, database } = opts;

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern (`/api/chat/:id`), never the raw URL: one series per endpoint whatever the ids.
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  realtime.onEngineSession((_sid, state) => {
    if (state === 'open') {
      metrics.socketConnections.inc();
      metrics.socketConnectionsOpened.inc();
    } else metrics.socketConnections.dec();
  });

  // Every stored message is emitted as `message` to all its members in one call (chat's `deliver`).
  const recent = new Set<number>();
  realtime.onEmit((_userId, event, payload) => {
    if (event !== 'message') return;
    metrics.chatDelivered.inc();
    const message = payload as { id?: unknown; recalled?: unknown; changeSeq?: unknown };
    // A change to a stored message (recall, edit, reaction) is emitted again: not a new message.
    const changed =
      message.recalled === true || (typeof message.changeSeq === 'number' && message.changeSeq > 0);
    if (typeof message.id !== 'number' || changed || recent.has(message.id)) return;
    recent.add(message.id);
    metrics.chatStored.inc();
    if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value as number);
  });

  database.onQuery((seconds) => metrics.dbQueries.observe(seconds));
  addScrapeSources(metrics, { database, chain: opts.chain });

  // WORKERS > 1: a worker answers for the whole cluster through the primary (cluster.ts).
  const clusterText =
    cluster.isWorker && opts.config.workers.count > 1 ? clusterMetricsClient(metrics.registry) : null;

  app.get('/metrics', async (req, reply) => {
    if (!fromLoopback(req) && !bearerMatches(req, opts.config.METRICS_TOKEN)) {
      return reply.code(403).type('text/plain').send('forbidden\n');
    }
    const self = (req.query as { scope?: string }).scope === 'process';
    const text = clusterText && !self ? await clusterText() : await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
};
