import type { FastifyBaseLogger } from 'fastify';

/** One periodic job: it must be safe to run in several server processes at once (row locks, SKIP LOCKED). */
export interface Job {
  name: string;
  /** Does one pass and answers how many items it handled (for logs and tests). */
  run(): Promise<number>;
  /** Its own period (chain jobs poll faster than the sweepers); default `SWEEP_INTERVAL_SECONDS`. */
  intervalMs?: number;
}

export interface Scheduler {
  /** Adds a job that runs every `SWEEP_INTERVAL_SECONDS` once `start` is called. */
  add(job: Job): void;
  /** Runs one pass of a job now (tests, admin tools); answers what it handled. */
  runNow(name: string): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs periodic jobs (deadline sweepers). A pass never overlaps the previous pass of the same job in this
 * process; other processes are kept apart by the jobs' own locking. A failing pass is logged and retried
 * at the next tick, never crashing the server.
 */
/** What a pass did, for the app's metrics. */
export interface PassOutcome {
  job: string;
  ok: boolean;
  handled: number;
  seconds: number;
}

export const createScheduler = (
  log: FastifyBaseLogger,
  intervalMs: number,
  observe?: (outcome: PassOutcome) => void,
): Scheduler => {
  const jobs = new Map<string, Job>();
  const running = new Map<string, Promise<number>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const pass = (job: Job): Promise<number> => {
    const current = running.get(job.name);
    if (current) return current;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const p = job
      .run()
      .then(
        (handled) => {
          if (handled > 0) log.info({ job: job.name, handled }, 'job pass');
          observe?.({ job: job.name, ok: true, handled, seconds: seconds() });
          return handled;
        },
        (error: unknown) => {
          observe?.({ job: job.name, ok: false, handled: 0, seconds: seconds() });
          throw error;
        },
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, p);
    return p;
  };

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} added twice`);
      jobs.set(job.name, job);
    },
    runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`unknown job ${name}`);
      return pass(job);
    },
    start() {
      if (intervalMs <= 0) return;
      for (const job of jobs.values()) {
        const every = job.intervalMs && job.intervalMs > 0 ? job.intervalMs : intervalMs;
        const timer = setInterval(() => {
          if (stopped) return;
          pass(job).catch((err) => log.error({ err, job: job.name }, 'job pass failed'));
        }, every);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running.values()]);
    },
  };
};
