import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Every name starts with this, so the server's series are easy to find beside other exporters'. */
export const PREFIX = 'chatpay_';

/** Latency buckets (seconds) of HTTP requests and database queries: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One app's metrics (docs/operations.md lists them). Each app has its own `Registry`: test files share loaded
 * modules and build many apps in one process, so nothing here is a module-level global. Gauges that need a
 * database read are filled at scrape time by `metrics/sources.ts`.
 */
export const createMetrics = () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const registers = [registry];
  /** Job name → when its last successful pass ended (ms). */
  const lastSuccess = new Map<string, number>();
  /** Drop the scrape-time caches (sources.ts), e.g. after this process stored a new ledger check. */
  const forgetters: (() => void)[] = [];
  return {
    lastSuccess,
    forgetters,
    forgetCached: () => {
      for (const forget of forgetters) forget();
    },
    registry,
    httpRequests: new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'HTTP requests by method, route pattern and status code, with their latency',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    socketConnections: new Gauge({
      name: `${PREFIX}socket_connections`,
      help: 'Open realtime (Engine.IO) connections',
      registers,
    }),
    socketConnectionsOpened: new Counter({
      name: `${PREFIX}socket_connections_opened_total`,
      help: 'Realtime (Engine.IO) connections opened',
      registers,
    }),
    chatStored: new Counter({
      name: `${PREFIX}chat_messages_stored_total`,
      help: 'Chat messages stored and handed to delivery by this process (each once)',
      registers,
    }),
    chatDelivered: new Counter({
      name: `${PREFIX}chat_message_deliveries_total`,
      help: 'Chat messages emitted to a member (one per recipient member, the sender included)',
      registers,
    }),
    pushes: new Counter({
      name: `${PREFIX}push_sends_total`,
      help: 'Web Push attempts by outcome: sent, retry, failed, gone',
      labelNames: ['outcome'] as const,
      registers,
    }),
    webhooks: new Counter({
      name: `${PREFIX}webhook_sends_total`,
      help: 'Merchant webhook attempts by outcome: delivered, retry, failed',
      labelNames: ['outcome'] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: `${PREFIX}job_runs_total`,
      help: 'Passes of periodic jobs by job and result (ok, failed)',
      labelNames: ['job', 'result'] as const,
      registers,
    }),
    jobItems: new Counter({
      name: `${PREFIX}job_items_total`,
      help: 'Items periodic jobs handled (settled, sent, swept)',
      labelNames: ['job'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: `${PREFIX}job_duration_seconds`,
      help: 'Duration of a periodic job pass',
      labelNames: ['job'] as const,
      buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60],
      registers,
    }),
    jobLastSuccess: new Gauge({
      name: `${PREFIX}job_last_success_timestamp_seconds`,
      help: 'Unix time the last successful pass of a job ended in this process',
      labelNames: ['job'] as const,
      aggregator: 'max',
      registers,
    }),
    dbQueries: new Histogram({
      name: `${PREFIX}db_query_duration_seconds`,
      help: 'PostgreSQL query latency (from sending the query to its answer)',
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    jobSinceSuccess: new Gauge({
      name: `${PREFIX}job_seconds_since_success`,
      help: 'Seconds since the last successful pass of a job in this process (cluster: the freshest process)',
      labelNames: ['job'] as const,
      aggregator: 'min',
      registers,
      collect() {
        const now = Date.now();
        for (const [job, at] of lastSuccess) this.set({ job }, (now - at) / 1000);
      },
    }),
    ledgerChecks: new Counter({
      name: `${PREFIX}ledger_checks_total`,
      help: 'Scheduled ledger checks this process ran, by result (ok, failed, error)',
      labelNames: ['result'] as const,
      registers,
    }),
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
