import { ErrorCode } from '@chatpay/shared';
import type { AppDeps } from '../../../http/deps.ts';
import { createSendLimiter, type SendLimiter } from '../message/rate-limit.ts';

/** One quota per app, keyed by its Fastify instance (two apps in one process never share it). */
const quotas = new WeakMap<object, SendLimiter>();

/**
 * The per-member quota of looks at other members (FRIEND_LOOKUP_HOURLY_LIMIT an hour): friend searches,
 * friend queries of strangers and trader profiles of strangers all count against it (docs/security.md,
 * "Privacy").
 */
export const lookupQuota = (deps: AppDeps): SendLimiter => {
  let quota = quotas.get(deps.app);
  if (!quota) {
    quota = createSendLimiter({
      max: deps.config.FRIEND_LOOKUP_HOURLY_LIMIT,
      windowSeconds: 3600,
      redis: deps.redis,
      redisUp: deps.redisUp,
      namespace: deps.config.REDIS_PREFIX,
      code: ErrorCode.RateLimited,
      name: 'friend-lookup',
    });
    quotas.set(deps.app, quota);
  }
  return quota;
};
