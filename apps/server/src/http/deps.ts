import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Clock } from '../lib/clock.ts';
import type { Limiter } from '../lib/limiter.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Realtime } from '../realtime/socket.ts';
import type { Authenticator } from './context.ts';
import type { Ports } from './ports.ts';
import type { RouteHost } from './route.ts';

/** What every module's `register…Routes` receives from the app (apps/server/src/app.ts builds it). */
export type AppDeps = RouteHost & {
  /** Access tokens, and the media tokens of the `/uploads` cookie. */
  auth: Authenticator;
  config: Config;
  db: Database['db'];
  engine: Database['engine'];
  realtime: Realtime;
  redis: Redis | null;
  /** Whether Redis is reachable now (lib/redis.ts): while it is not, Redis users fall back to this process. */
  redisUp: () => boolean;
  /** Modules add their periodic jobs (sweepers) here. */
  jobs: Scheduler;
  /** The time deadlines are measured against (lib/clock.ts). */
  clock: Clock;
  /** Fixed-window counters shared by every process (Redis) for limits keyed inside a handler. */
  limiter: Limiter;
  /** This app's Prometheus registry and its metrics (metrics/metrics.ts, docs/operations.md). */
  metrics: Metrics;
  /** Runs work under a cluster-wide advisory lock (see Database.withLock). */
  withLock: Database['withLock'];
  /** What modules provide to the modules below them (http/ports.ts), built once per app by app.ts. */
  ports: Ports;
};
