import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, res: Counted | null) => void;

/** What `@fastify/rate-limit` asks of a store (its README, "Custom store"). */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: { routeInfo: { method: string; url: string } } & Record<string, unknown>): Store;
}

type StoreClass<A extends unknown[]> = new (...args: A) => Store;

// The plugin's own stores (CommonJS, no typings of their own): the Redis one shares the count between processes,
// the local one is the per-process fallback.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass<
  [boolean, boolean, Redis, string]
>;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass<
  [boolean, boolean, number?]
>;

/**
 * A rate-limit store that counts in Redis while Redis is up and in this process's memory while it is not
 * (docs/design/faults.md): during an outage each process enforces the limit on its own, so a caller spread
 * over N processes gets at most N times the limit, instead of every API call failing.
 */
const fallbackStore = (shared: Store, local: Store, up: () => boolean): Store => ({
  incr: (key, cb, timeWindow, max) => {
    if (!up()) return local.incr(key, cb, timeWindow, max);
    shared.incr(
      key,
      (err, res) => (err ? local.incr(key, cb, timeWindow, max) : cb(null, res)),
      timeWindow,
      max,
    );
  },
  read: (key, cb, timeWindow, max) => {
    if (!up()) return local.read(key, cb, timeWindow, max);
    shared.read(
      key,
      (err, res) => (err ? local.read(key, cb, timeWindow, max) : cb(null, res)),
      timeWindow,
      max,
    );
  },
  child: (routeOptions) => fallbackStore(shared.child(routeOptions), local.child(routeOptions), up),
});

/**
 * The `store` option of `@fastify/rate-limit`: a class the plugin instantiates with its global settings
 * (`continueExceeding` and `exponentialBackoff` among them, which its typings leave out).
 */
export const redisWithFallbackStore = (
  redis: Redis,
  nameSpace: string,
  up: () => boolean,
): FastifyRateLimitStoreCtor => {
  function FallbackStore(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    const continueExceeding = params.continueExceeding ?? false;
    const exponentialBackoff = params.exponentialBackoff ?? false;
    return fallbackStore(
      new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
      new LocalStore(continueExceeding, exponentialBackoff),
      up,
    );
  }
  // `new` on a function that returns an object answers that object.
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
};
