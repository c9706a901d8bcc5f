import type { Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * `/metrics` with WORKERS > 1 (docs/operations.md): the primary only balances connections, so a worker answers
 * the scrape. It asks the primary, which asks every worker for its registry over the cluster's IPC channel
 * (prom-client's AggregatorRegistry) and answers the sum, so one scrape sees the whole cluster whichever worker
 * it reached. Counters and histograms add up; gauges read from the shared database take one worker's value.
 */
type MetricsRequest = { chatpay: 'metrics'; id: number };
type MetricsAnswer = { chatpay: 'metrics-answer'; id: number; text?: string; error?: string };

/** How long a worker waits for the aggregate (prom-client's own per-worker timeout is 5 s). */
const ANSWER_TIMEOUT_MS = 10_000;

export const isMetricsRequest = (m: unknown): m is MetricsRequest =>
  typeof m === 'object' && m !== null && (m as { chatpay?: unknown }).chatpay === 'metrics';

const isMetricsAnswer = (m: unknown): m is MetricsAnswer =>
  typeof m === 'object' && m !== null && (m as { chatpay?: unknown }).chatpay === 'metrics-answer';

/** In the primary: answers workers' requests for the cluster's metrics. */
export const metricsAggregator = () => {
  const aggregator = new AggregatorRegistry();
  return (worker: Worker, request: MetricsRequest) => {
    const answer = (message: MetricsAnswer) => {
      if (worker.isConnected()) worker.send(message);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ chatpay: 'metrics-answer', id: request.id, text }),
      (err: Error) => answer({ chatpay: 'metrics-answer', id: request.id, error: err.message }),
    );
  };
};

/**
 * In a worker: lets the primary read `registry` (prom-client answers its requests) and answers a function that
 * asks the primary for the whole cluster's metrics. One app per worker process, so setting prom-client's
 * registries (a module-level list) is that app's.
 */
export const clusterMetricsClient = (registry: Registry) => {
  AggregatorRegistry.setRegistries([registry]);
  // The constructor installs the worker's listener for the primary's requests.
  new AggregatorRegistry();
  const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (!isMetricsAnswer(message)) return;
    const waiter = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.text !== undefined) waiter?.resolve(message.text);
    else waiter?.reject(new Error(message.error ?? 'no metrics'));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the cluster primary did not answer'));
      }, ANSWER_TIMEOUT_MS);
      timer.unref();
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      const request: MetricsRequest = { chatpay: 'metrics', id };
      process.send?.(request);
    });
};
