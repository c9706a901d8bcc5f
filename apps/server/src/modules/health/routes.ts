import { ErrorCode, healthApi, testClockApi } from '@chatpay/shared';
import type { Probe } from '../../db/connection.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { ManualClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `/api/health` is liveness (the process answers and reaches its database), `/api/ready` readiness (it can
 * serve: migrations ran, the database takes writes); both run on the probe connections, not the main pool
 * (docs/design/faults.md).
 */
export const registerHealthRoutes = (deps: AppDeps & { probe: Probe }) => {
  const redisState = (): 'up' | 'down' | 'off' => (deps.redis ? (deps.redisUp() ? 'up' : 'down') : 'off');

  route(deps, healthApi.health, async () => {
    await deps.probe.ping();
    return {
      status: 'ok' as const,
      db: deps.engine,
      // A Redis outage does not make the process dead: it is a readiness detail ("degraded").
      redis: redisState(),
      uptime: Math.round(process.uptime()),
    };
  });

  route(deps, healthApi.ready, async () => {
    const problems: string[] = [];
    try {
      const { applied, shipped } = await deps.probe.migrations();
      if (applied < shipped) problems.push(`migrations pending: ${applied} of ${shipped} applied`);
      await deps.probe.checkWrite();
    } catch (error) {
      problems.push(`database: ${reason(error)}`);
    }
    const redis = redisState();
    if (problems.length > 0) {
      // HTTP 503 with Retry-After (http/errors.ts): a load balancer stops sending traffic here.
      throw new AppError(
        ErrorCode.ServiceBusy,
        `Not ready: ${problems.join('; ')}`,
        { db: deps.engine, redis, problems },
        503,
      );
    }
    if (redis === 'down') problems.push('redis: unreachable, events reach this process only');
    return {
      status: problems.length > 0 ? ('degraded' as const) : ('ready' as const),
      db: deps.engine,
      redis,
      problems,
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
