import { healthApi } from '@chatpay/shared';
import type { AppDeps } from '../../app.ts';
import { ping } from '../../db/connection.ts';
import { route } from '../../http/route.ts';

export const registerHealthRoutes = (deps: AppDeps) => {
  route(deps, healthApi.health, async () => {
    await ping(deps.db);
    if (deps.redis) await deps.redis.ping();
    return {
      status: 'ok' as const,
      db: deps.engine,
      redis: deps.redis ? 'up' : 'off',
      uptime: Math.round(process.uptime()),
    };
  });
};
