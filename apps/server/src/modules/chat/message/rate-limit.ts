import { ErrorCode } from '@chatpay/shared';
import type { Redis } from 'ioredis';
import { AppError } from '../../../lib/errors.ts';

/** Counts sends per user in fixed windows; over the limit → SendTooFast with `retryAfter` seconds. */
export interface SendLimiter {
  hit(userId: number, count?: number): Promise<void>;
  /** Gives back `count` sends counted by `hit` that turned out not to be new (a retry of a stored message). */
  refund(userId: number, count?: number): Promise<void>;
}

/** `namespace` (REDIS_PREFIX) separates installations that share one Redis. */
export const createSendLimiter = (opts: {
  max: number;
  windowSeconds: number;
  redis: Redis | null;
  /** Whether Redis is reachable now (lib/redis.ts); while it is not, this process counts alone. */
  redisUp?: () => boolean;
  namespace: string;
  /** What a refusal answers (SendTooFast for chat sends) and the Redis key's name. */
  code?: ErrorCode;
  name?: string;
}) => {
  const code = opts.code ?? ErrorCode.SendTooFast;
  const name = opts.name ?? 'chat-send';
  const windowMs = opts.windowSeconds * 1000;
  const refuse = (windowIndex: number) => {
    const retryAfter = Math.max(1, Math.ceil(((windowIndex + 1) * windowMs - Date.now()) / 1000));
    throw new AppError(code, undefined, { retryAfter });
  };
  const keyOf = (userId: number, window: number) => `${opts.namespace}:${name}:${userId}:${window}`;
  const counts = new Map<number, { window: number; count: number }>();
  const shared = () => (opts.redis && (opts.redisUp?.() ?? true) ? opts.redis : null);
  const limiter: SendLimiter = {
    hit: async (userId, count = 1) => {
      const window = Math.floor(Date.now() / windowMs);
      const redis = shared();
      if (redis) {
        // Shared by every server process; a Redis outage that began under this call counts in memory below.
        const key = keyOf(userId, window);
        const total = await redis.incrby(key, count).catch(() => null);
        if (total !== null) {
          if (total === count) await redis.expire(key, opts.windowSeconds * 2).catch(() => undefined);
          if (total > opts.max) {
            await redis.decrby(key, count).catch(() => undefined);
            refuse(window);
          }
          return;
        }
      }
      if (counts.size > 10_000) {
        for (const [key, entry] of counts) if (entry.window !== window) counts.delete(key);
      }
      const entry = counts.get(userId);
      const next = entry && entry.window === window ? entry.count + count : count;
      if (next > opts.max) refuse(window);
      counts.set(userId, { window, count: next });
    },
    refund: async (userId, count = 1) => {
      const window = Math.floor(Date.now() / windowMs);
      const redis = shared();
      if (redis) {
        const key = keyOf(userId, window);
        // Below zero: the window turned since the hit, and there is nothing to give back. A refund lost to a
        // Redis outage only leaves the count one too high until the window ends.
        const left = await redis.decrby(key, count).catch(() => 0);
        if (left < 0) await redis.del(key).catch(() => undefined);
        return;
      }
      const entry = counts.get(userId);
      if (entry && entry.window === window) entry.count = Math.max(0, entry.count - count);
    },
  };
  return limiter;
};
