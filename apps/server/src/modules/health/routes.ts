import { healthApi, testClockApi } from '@chatpay/shared';
import { ping } from '../../db/connection.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { ManualClock } from '../../lib/clock.ts';

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

/** Only on a TEST_CLOCK server (browser tests): admin moves the deadline clock forward. */
export const registerTestClockRoutes = (deps: AppDeps) => {
  const clock = deps.clock;
  if (!deps.config.TEST_CLOCK || !(clock instanceof ManualClock)) return;
  route(deps, testClockApi.advance, ({ seconds }) => {
    clock.advance(seconds * 1000);
    return { now: clock.now().toISOString() };
  });
};
