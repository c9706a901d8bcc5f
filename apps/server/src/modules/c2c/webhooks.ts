import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { postToCheckedTarget, webhookTargetProblem } from '../../lib/outbound.ts';
import { type SecretBox, sealedAt } from './crypto.ts';
import { hmacHex, purgeNonces } from './merchant-api.ts';
import { c2cMerchants, c2cWebhookDeliveries } from './tables.ts';

export const WEBHOOK_MAX_ATTEMPTS = 8;
const BACKOFF_SECONDS = 30;
/** A claimed delivery is leased for this long; a process that dies mid-POST lets another retry it. */
const LEASE_SECONDS = 60;
const BATCH = 20;

/** Headers of a webhook POST: `x-signature` = hex HMAC-SHA256(merchant key, timestamp + "\n" + body). */
export const webhookSignature = (key: string, timestamp: string, body: string) =>
  hmacHex(key, `${timestamp}\n${body}`);

type Poster = (url: string, init: { headers: Record<string, string>; body: string }) => Promise<number>;

/** The real POST: to the address that was checked, no redirects (a 3xx is a failure), 5 s deadline. */
const pinnedPost =
  (allowPrivate: boolean, httpsOnly: boolean): Poster =>
  (url, init) =>
    postToCheckedTarget(url, { ...init, allowPrivate, httpsOnly, timeoutMs: 5000 });

/**
 * `c2c-webhooks`: claims due deliveries with FOR UPDATE SKIP LOCKED (leasing them), posts them signed, and
 * marks them delivered, or schedules a retry (30 s × 2^attempt) until 8 attempts, then failed.
 */
export const webhookJob = (
  db: Db,
  box: SecretBox,
  options: {
    allowPrivate: boolean;
    httpsOnly?: boolean;
    post?: Poster;
    /** Told each attempt's outcome (the app's metrics). */
    onOutcome?: (outcome: 'delivered' | 'retry' | 'failed') => void;
  },
): Job => ({
  name: 'c2c-webhooks',
  async run() {
    await purgeNonces(db);
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ d: c2cWebhookDeliveries, keyEnc: c2cMerchants.apiKeyEnc })
        .from(c2cWebhookDeliveries)
        .innerJoin(c2cMerchants, eq(c2cMerchants.userId, c2cWebhookDeliveries.merchantId))
        .where(
          and(
            eq(c2cWebhookDeliveries.status, 'pending'),
            lte(c2cWebhookDeliveries.nextAttemptTime, new Date()),
          ),
        )
        .orderBy(asc(c2cWebhookDeliveries.id))
        .limit(BATCH)
        .for('update', { of: c2cWebhookDeliveries, skipLocked: true });
      for (const { d } of due) {
        await tx
          .update(c2cWebhookDeliveries)
          .set({
            attempts: sql`${c2cWebhookDeliveries.attempts} + 1`,
            nextAttemptTime: new Date(Date.now() + LEASE_SECONDS * 1000),
          })
          .where(eq(c2cWebhookDeliveries.id, d.id));
      }
      return due;
    });
    for (const { d, keyEnc } of claimed) {
      const attempt = d.attempts + 1;
      let error = '';
      try {
        if (!keyEnc) throw new Error('the merchant has no API key to sign with');
        const problem = await webhookTargetProblem(d.url, options.allowPrivate, options.httpsOnly);
        if (problem) throw new Error(problem);
        const body = JSON.stringify(d.payload);
        const timestamp = String(Math.floor(Date.now() / 1000));
        const post = options.post ?? pinnedPost(options.allowPrivate, options.httpsOnly ?? false);
        const status = await post(d.url, {
          headers: {
            'x-timestamp': timestamp,
            'x-signature': webhookSignature(
              box.open(keyEnc, sealedAt.merchantKey(d.merchantId)),
              timestamp,
              body,
            ),
            'x-delivery-id': String(d.id),
          },
          body,
        });
        if (status < 200 || status >= 300) error = `HTTP ${status}`;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      const done = error === '';
      options.onOutcome?.(done ? 'delivered' : attempt >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'retry');
      await db
        .update(c2cWebhookDeliveries)
        .set(
          done
            ? { status: 'delivered', deliveredTime: new Date(), lastError: '' }
            : {
                status: attempt >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'pending',
                lastError: error.slice(0, 500),
                nextAttemptTime: new Date(Date.now() + BACKOFF_SECONDS * 2 ** (attempt - 1) * 1000),
              },
        )
        .where(eq(c2cWebhookDeliveries.id, d.id));
    }
    return claimed.length;
  },
});
