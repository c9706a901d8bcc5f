import type { Agent } from 'node:https';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../../db/connection.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { Clock } from '../../lib/clock.ts';
import { outboundTargetProblem } from '../../lib/outbound.ts';
import { users } from '../user/index.ts';
import { pushJobs, pushSubscriptions } from './tables.ts';
import type { VapidKeys } from './vapid.ts';

export const PUSH_JOB = 'push';
export const PUSH_MAX_ATTEMPTS = 8;
const BACKOFF_SECONDS = 15;
/** A claimed push is leased for this long; a process that dies mid-send lets another send it. */
const LEASE_SECONDS = 60;
const BATCH = 50;
/** How long a push service keeps an undelivered push: chat a day, an order (deadlines of minutes) an hour. */
const TTL_SECONDS = { normal: 86_400, high: 3_600 } as const;

let testAgent: Agent | undefined;
/** Tests: the HTTPS agent that trusts the local push service's self-signed certificate. */
export const setPushAgent = (agent: Agent | undefined) => {
  testAgent = agent;
};

type Outcome = 'sent' | 'gone' | { retry: boolean; error: string };

/**
 * `push`: claims due jobs with FOR UPDATE SKIP LOCKED (leasing them, so two processes never send the same
 * one at once), sends each through the subscription's push service (RFC 8291 aes128gcm body, VAPID
 * Authorization, TTL, Urgency, Topic), then marks it sent; 404/410 deletes the subscription; other failures
 * retry after 15 s × 2^attempt, 8 attempts in all.
 */
export const pushJob = (
  db: Db,
  clock: Clock,
  vapid: VapidKeys,
  options: {
    allowPrivate: boolean;
    intervalMs?: number;
    /** Told each attempt's outcome (the app's metrics). */
    onOutcome?: (outcome: 'sent' | 'gone' | 'retry' | 'failed') => void;
  },
): Job => ({
  name: PUSH_JOB,
  ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
  async run() {
    const now = clock.now();
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(pushJobs)
        .where(and(eq(pushJobs.status, 'pending'), lte(pushJobs.nextAttemptTime, now)))
        .orderBy(asc(pushJobs.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const job of due) {
        await tx
          .update(pushJobs)
          .set({
            attempts: sql`${pushJobs.attempts} + 1`,
            nextAttemptTime: new Date(now.getTime() + LEASE_SECONDS * 1000),
          })
          .where(eq(pushJobs.id, job.id));
      }
      return due;
    });
    for (const job of claimed) {
      const [row] = await db
        .select({ sub: pushSubscriptions, currentSid: users.sessionId })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(eq(pushSubscriptions.id, job.subscriptionId));
      const sub = row?.sub;
      // A device whose login session ended (logout, login elsewhere, freeze) gets nothing, even when the
      // removal at the session's end was missed (a process that died just after the logout).
      const ended = sub?.sessionId != null && sub.sessionId !== row?.currentSid;
      const outcome: Outcome = sub && !ended ? await send(sub, job, vapid, options.allowPrivate) : 'gone';
      const attempt = job.attempts + 1;
      const retry = typeof outcome === 'object' && outcome.retry && attempt < PUSH_MAX_ATTEMPTS;
      options.onOutcome?.(typeof outcome === 'string' ? outcome : retry ? 'retry' : 'failed');
      if (outcome === 'gone' && sub)
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      await db
        .update(pushJobs)
        .set(
          outcome === 'sent'
            ? { status: 'sent', sentTime: clock.now(), lastError: '' }
            : outcome === 'gone'
              ? {
                  status: 'gone',
                  lastError: ended ? 'the device’s session ended' : 'the subscription is gone (404/410)',
                }
              : {
                  status: retry ? 'pending' : 'failed',
                  lastError: outcome.error.slice(0, 500),
                  nextAttemptTime: new Date(
                    clock.now().getTime() + BACKOFF_SECONDS * 2 ** (attempt - 1) * 1000,
                  ),
                },
        )
        .where(eq(pushJobs.id, job.id));
    }
    return claimed.length;
  },
});

const send = async (
  sub: typeof pushSubscriptions.$inferSelect,
  job: typeof pushJobs.$inferSelect,
  vapid: VapidKeys,
  allowPrivate: boolean,
): Promise<Outcome> => {
  // The endpoint was checked at subscribe; DNS may have changed since.
  const problem = await outboundTargetProblem(sub.endpoint, { allowPrivate, httpsOnly: true });
  if (problem) return { retry: false, error: `endpoint refused: ${problem}` };
  const urgency = job.urgency === 'high' ? 'high' : 'normal';
  try {
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(job.payload),
      {
        vapidDetails: vapid,
        TTL: TTL_SECONDS[urgency],
        urgency,
        topic: job.topic,
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        ...(testAgent ? { agent: testAgent } : {}),
      },
    );
    return 'sent';
  } catch (err) {
    if (err instanceof WebPushError) {
      if (err.statusCode === 404 || err.statusCode === 410) return 'gone';
      // 429 and 5xx are the push service's trouble: later. Other 4xx will not get better.
      const retry = err.statusCode === 429 || err.statusCode >= 500;
      return { retry, error: `HTTP ${err.statusCode} ${err.body ?? ''}`.trim() };
    }
    return { retry: true, error: err instanceof Error ? err.message : String(err) };
  }
};
