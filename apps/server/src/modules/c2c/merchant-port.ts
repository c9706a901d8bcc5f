import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { c2cMerchants, c2cWebhookDeliveries } from './tables.ts';

/** What other modules (the pay desk) may know of a merchant: public number, shop name, webhook URL, status. */
export const merchantProfile = async (exec: Executor, userId: number) => {
  const [m] = await exec
    .select({
      merchantNo: c2cMerchants.merchantNo,
      name: c2cMerchants.name,
      webhookUrl: c2cMerchants.webhookUrl,
      status: c2cMerchants.status,
    })
    .from(c2cMerchants)
    .where(eq(c2cMerchants.userId, userId));
  return m ?? null;
};

/** The shop names of these merchants in one query (a page of pay orders), by user id. */
export const merchantNames = async (exec: Executor, userIds: number[]) => {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await exec
    .select({ userId: c2cMerchants.userId, name: c2cMerchants.name })
    .from(c2cMerchants)
    .where(inArray(c2cMerchants.userId, ids));
  return new Map(rows.map((r) => [r.userId, r.name]));
};

/**
 * Queues a signed webhook to a merchant in the caller's transaction; the `c2c-webhooks` job posts it. `url`
 * overrides the merchant's webhook URL (a payment order's notify URL); with neither, nothing is queued.
 * `refId` is stored as the delivery's `order_id` (a pay order id for `payment.*` events).
 */
export const queueMerchantWebhook = async (
  exec: Executor,
  merchantUserId: number,
  refId: number,
  payload: { event: string } & Record<string, unknown>,
  url?: string,
) => {
  const merchant = await merchantProfile(exec, merchantUserId);
  const target = url || merchant?.webhookUrl;
  if (merchant?.status !== 'approved' || !target) return false;
  await exec.insert(c2cWebhookDeliveries).values({
    merchantId: merchantUserId,
    orderId: refId,
    url: target,
    payload: { ...payload, merchantId: merchant.merchantNo },
  });
  return true;
};
