import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * Fixed-window counters for limits that need a key known only inside a handler (the verified user of a PIN
 * call, the client address across user names). With Redis the count is shared by every process.
 */
export interface Limiter {
  /** Counts one hit on `key`; answers 0 when allowed, else the milliseconds until the window ends. */
  hit(key: string, max: number, windowMs: number): Promise<number>;
}

export const createLimiter = (
  redis: Redis | null,
  prefix: string,
  clock: Clock,
  /** Whether Redis is reachable now (lib/redis.ts); while it is not, this process counts alone. */
  redisUp: () => boolean = () => true,
): Limiter => {
  const memory = new Map<string, { window: number; count: number }>();
  return {
    hit: async (key, max, windowMs) => {
      const now = clock.now().getTime();
      const window = Math.floor(now / windowMs);
      const retryAfter = (window + 1) * windowMs - now;
      if (redis && redisUp()) {
        const k = `${prefix}:lim:${key}:${window}`;
        const counted = await redis
          .multi()
          .incr(k)
          .pexpire(k, windowMs)
          .exec()
          .then(
            (replies) => (replies?.[0]?.[1] as number | undefined) ?? null,
            () => null,
          );
        // A Redis outage that began under this call: counted in memory below, as during a known outage.
        if (counted !== null) return counted > max ? retryAfter : 0;
      }
      const entry = memory.get(key);
      if (!entry || entry.window !== window) {
        if (memory.size > 100_000) {
          for (const [k, v] of memory) if (v.window !== window) memory.delete(k);
        }
        memory.set(key, { window, count: 1 });
        return 1 > max ? retryAfter : 0;
      }
      entry.count++;
      return entry.count > max ? retryAfter : 0;
    },
  };
};
