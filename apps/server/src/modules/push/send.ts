import type { Agent } from 'node:https';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../../db/connection.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { Clock } from '../../lib/clock.ts';
import { outboundTargetProblem } from '../../lib/outbound.ts';
import { users } from '../user/index.ts';
import { takesAlerts } from './service.ts';
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

/** Pushes sent to one push service at once: a service that hangs holds at most this many. */
const ORIGIN_CONCURRENCY = 4;
/** Failures in a row (no answer, refused connection) after which a push service is left alone for a while. */
const BREAKER_FAILURES = 2;
const BREAKER_OPEN_MS = 60_000;

/**
 * Per push-service origin: failures in a row and, once open, until when sends to it are not tried. One hung
 * service must not hold the pushes of members whose devices use another one.
 */
class Breakers {
  private readonly state = new Map<string, { failures: number; openUntil: number }>();

  openUntil(origin: string, now: number): number | null {
    const s = this.state.get(origin);
    return s && s.openUntil > now ? s.openUntil : null;
  }

  record(origin: string, outcome: Outcome, now: number) {
    const unreachable = typeof outcome === 'object' && outcome.retry && !outcome.error.startsWith('HTTP ');
    if (!unreachable) {
      this.state.delete(origin);
      return;
    }
    const s = this.state.get(origin) ?? { failures: 0, openUntil: 0 };
    s.failures += 1;
    if (s.failures >= BREAKER_FAILURES) s.openUntil = now + BREAKER_OPEN_MS;
    this.state.set(origin, s);
  }
}

const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return endpoint;
  }
};

/**
 * `push`: claims due jobs with FOR UPDATE SKIP LOCKED (leasing them, so two processes never send the same
 * one at once), sends each through the subscription's push service (RFC 8291 aes128gcm body, VAPID
 * Authorization, TTL, Urgency, Topic), then marks it sent; 404/410 deletes the subscription; other failures
 * retry after 15 s × 2^attempt, 8 attempts in all. Push services are sent to side by side, at most four pushes
 * at once to each, each with a deadline (`timeoutMs`); a service that failed to answer twice in a row is
 * skipped for a minute (its pushes retry later), so one that never answers delays only its own devices.
 */
export const pushJob = (
  db: Db,
  clock: Clock,
  vapid: VapidKeys,
  options: {
    allowPrivate: boolean;
    intervalMs?: number;
    timeoutMs?: number;
    /** Told each attempt's outcome (the app's metrics). */
    onOutcome?: (outcome: 'sent' | 'gone' | 'retry' | 'failed') => void;
  },
): Job => {
  const breakers = new Breakers();
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
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
      if (claimed.length === 0) return 0;
      const settle = async (job: (typeof claimed)[number]) => {
        const [row] = await db
          .select({ sub: pushSubscriptions, currentSid: users.sessionId })
          .from(pushSubscriptions)
          .innerJoin(users, eq(users.id, pushSubscriptions.userId))
          .where(eq(pushSubscriptions.id, job.subscriptionId));
        const sub = row?.sub;
        // A device whose login session ended (logout, login elsewhere, freeze) gets nothing, even when the
        // removal at the session's end was missed (a process that died just after the logout); but a device a
        // login elsewhere retired lately (service.ts) still takes security alerts, and stays for them when it is
        // refused anything else.
        const alertable = sub ? takesAlerts(sub, clock.now()) : false;
        const ended =
          sub?.sessionId != null &&
          sub.sessionId !== row?.currentSid &&
          !(alertable && job.payload.kind === 'security');
        let outcome: Outcome = 'gone';
        if (sub && !ended) {
          const origin = originOf(sub.endpoint);
          const open = breakers.openUntil(origin, Date.now());
          outcome = open
            ? { retry: true, error: `push service ${origin} is not answering; left alone for a while` }
            : await send(sub, job, vapid, options.allowPrivate, timeoutMs);
          if (!open) breakers.record(origin, outcome, Date.now());
        }
        const attempt = job.attempts + 1;
        const retry = typeof outcome === 'object' && outcome.retry && attempt < PUSH_MAX_ATTEMPTS;
        options.onOutcome?.(typeof outcome === 'string' ? outcome : retry ? 'retry' : 'failed');
        if (outcome === 'gone' && sub && !(ended && alertable))
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
                    status: outcome.retry && attempt < PUSH_MAX_ATTEMPTS ? 'pending' : 'failed',
                    lastError: outcome.error.slice(0, 500),
                    nextAttemptTime: new Date(
                      clock.now().getTime() + BACKOFF_SECONDS * 2 ** (attempt - 1) * 1000,
                    ),
                  },
          )
          .where(eq(pushJobs.id, job.id));
      };
      const byOrigin = new Map<string, (typeof claimed)[number][]>();
      const origins = await db
        .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((j) => j.subscriptionId)), -1]));
      const endpointOf = new Map(origins.map((o) => [o.id, originOf(o.endpoint)]));
      for (const job of claimed) {
        const origin = endpointOf.get(job.subscriptionId) ?? '';
        byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), job]);
      }
      // Up to ORIGIN_CONCURRENCY at once per push service, every service side by side.
      await Promise.all(
        [...byOrigin.values()].flatMap((queue) =>
          Array.from({ length: Math.min(ORIGIN_CONCURRENCY, queue.length) }, async () => {
            for (let job = queue.shift(); job; job = queue.shift()) await settle(job);
          }),
        ),
      );
      return claimed.length;
    },
  };
};

const send = async (
  sub: typeof pushSubscriptions.$inferSelect,
  job: typeof pushJobs.$inferSelect,
  vapid: VapidKeys,
  allowPrivate: boolean,
  timeoutMs: number,
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
        timeout: timeoutMs,
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
