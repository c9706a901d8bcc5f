import { pushApi } from '@chatpay/shared';
import type { Logger } from 'pino';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { allowedPushHosts } from './hosts.ts';
import { PushNotifier } from './notify.ts';
import { PUSH_JOB, pushJob } from './send.ts';
import { SubscriptionService } from './service.ts';
import { loadVapidKeys } from './vapid.ts';

/** Retries of failed pushes are picked up this often (new pushes are sent at once, see `kick`). */
const PUSH_POLL_MS = 5000;

/**
 * Web Push (docs/design/push.md): subscription calls, the notifier that turns realtime events into push jobs,
 * and the `push` job that sends them.
 */
export const registerPushRoutes = (deps: AppDeps) => {
  const log = deps.app.log as unknown as Logger;
  const vapid = loadVapidKeys(deps.config, deps.app.log);
  const allowPrivate = deps.config.PUSH_ALLOW_PRIVATE;
  const subscriptions = new SubscriptionService(
    deps.db,
    deps.clock,
    allowPrivate,
    allowedPushHosts(deps.config),
  );

  route(deps, pushApi.key, () => ({ publicKey: vapid.publicKey }));
  route(deps, pushApi.subscribe, async (input, ctx) => {
    const answer = await subscriptions.subscribe(ctx.user.id, ctx.user.sid, input);
    // Every process forgets that this member had no device (PushNotifier).
    deps.realtime.invalidate({ kind: 'push-user', userId: ctx.user.id });
    return answer;
  });
  route(deps, pushApi.status, (input, ctx) => subscriptions.status(ctx.user.id, input));
  route(deps, pushApi.unsubscribe, (input, ctx) => subscriptions.unsubscribe(ctx.user.id, input));

  deps.jobs.add(
    pushJob(deps.db, deps.clock, vapid, {
      allowPrivate,
      intervalMs: PUSH_POLL_MS,
      timeoutMs: deps.config.PUSH_SEND_TIMEOUT_MS,
      onOutcome: (outcome) => deps.metrics.pushes.inc({ outcome }),
    }),
  );

  // New jobs are sent after PUSH_SEND_DELAY_MS (a burst collapses into one push per topic); a kick while a
  // pass runs makes one more pass after it, so nothing waits for the poll.
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const pass = async (): Promise<void> => {
    timer = null;
    if (closed) return;
    const handled = await deps.jobs.runNow(PUSH_JOB).catch((err) => {
      log.error({ err }, 'push: pass failed');
      return 0;
    });
    if (handled > 0 && !timer) await pass();
  };
  const kick = () => {
    timer ??= setTimeout(() => void pass(), deps.config.PUSH_SEND_DELAY_MS);
    timer.unref();
  };
  // A logout, a freeze or a forced logout: that device's subscriptions go; a login elsewhere retires them.
  const removals = new Set<Promise<void>>();
  // A sign-in's new-device alert waits for the retirement of the devices that sign-in signed out.
  const notifier = new PushNotifier(deps.db, deps.realtime, deps.clock, log, kick, () =>
    Promise.all(removals),
  );
  notifier.listen();

  deps.realtime.onSessionsEnded((ended) => {
    const removal = subscriptions
      .sessionsEnded(ended)
      .catch((err) => log.error({ err, kind: ended.kind }, 'push: removing ended sessions failed'))
      .finally(() => removals.delete(removal));
    removals.add(removal);
  });

  deps.app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await notifier.settled();
    await Promise.all(removals);
  });
};
