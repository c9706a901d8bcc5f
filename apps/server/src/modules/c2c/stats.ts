import type { MerchantStats } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { depositHolders } from '../app/index.ts';

/** Merchant stats cover 30 days (docs/product.md#merchants). */
export const STATS_DAYS = 30;

type Row = {
  user_id: number;
  pay_avg: string | null;
  release_avg: string | null;
  completed: number;
  canceled: number;
  total: number;
};

type Extra = {
  user_id: number;
  register_ms: number;
  verified: boolean;
  fb_pos: number;
  fb_neg: number;
};

const empty: MerchantStats = {
  avgPaymentSeconds: null,
  avgReleaseSeconds: null,
  completedOrders: 0,
  completionRate: null,
  orders30d: 0,
  positiveRate: null,
  feedbackPositive: 0,
  feedbackNegative: 0,
  registerTime: new Date(0).toISOString(),
  badges: [],
};

const percent = (part: number, whole: number) => (whole === 0 ? null : ((part * 100) / whole).toFixed(1));

/**
 * Stats of several members: over orders created in the last 30 days where they are a party, average payment
 * time as buyer, average release time as seller, completed orders, completion rate (completed over finished)
 * and all orders; and, all time, the feedback they received, their registration time and their badges.
 */
export const statsOf = async (exec: Executor, userIds: number[]): Promise<Map<number, MerchantStats>> => {
  const out = new Map<number, MerchantStats>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const deposits = await depositHolders(exec, ids);
  const [result, extra] = (await Promise.all([
    exec.execute(sql`
    WITH mine AS (
      SELECT u.id AS user_id, o.*
      FROM unnest(ARRAY[${idList}]) AS u(id)
      JOIN c2c_orders o ON (o.buyer_id = u.id OR o.seller_id = u.id)
      WHERE o.create_time > now() - make_interval(days => ${STATS_DAYS})
    )
    SELECT user_id,
      avg(extract(epoch FROM payment_time - create_time))
        FILTER (WHERE buyer_id = user_id AND payment_time IS NOT NULL)::text AS pay_avg,
      avg(extract(epoch FROM completed_time - payment_time))
        FILTER (WHERE seller_id = user_id AND status = 'completed' AND payment_time IS NOT NULL)::text AS release_avg,
      count(*) FILTER (WHERE status = 'completed')::int AS completed,
      count(*) FILTER (WHERE status = 'canceled')::int AS canceled,
      count(*)::int AS total
    FROM mine GROUP BY user_id`),
    exec.execute(sql`
    SELECT u.id AS user_id, (extract(epoch FROM u.create_time) * 1000)::float8 AS register_ms,
      coalesce(m.status = 'approved', false) AS verified,
      (SELECT count(*) FROM c2c_feedback f WHERE f.to_user_id = u.id AND f.positive)::int AS fb_pos,
      (SELECT count(*) FROM c2c_feedback f WHERE f.to_user_id = u.id AND NOT f.positive)::int AS fb_neg
    FROM users u LEFT JOIN c2c_merchants m ON m.user_id = u.id
    WHERE u.id IN (${idList})`),
  ])) as unknown as [{ rows: Row[] }, { rows: Extra[] }];
  for (const id of ids) out.set(id, empty);
  for (const e of extra.rows) {
    out.set(Number(e.user_id), {
      ...empty,
      positiveRate: percent(e.fb_pos, e.fb_pos + e.fb_neg),
      feedbackPositive: e.fb_pos,
      feedbackNegative: e.fb_neg,
      registerTime: new Date(Number(e.register_ms)).toISOString(),
      badges: [
        ...(e.verified ? (['verified'] as const) : []),
        ...(deposits.has(Number(e.user_id)) ? (['deposit'] as const) : []),
      ],
    });
  }
  for (const r of result.rows) {
    const id = Number(r.user_id);
    out.set(id, {
      ...out.get(id)!,
      avgPaymentSeconds: r.pay_avg === null ? null : Math.round(Number(r.pay_avg)),
      avgReleaseSeconds: r.release_avg === null ? null : Math.round(Number(r.release_avg)),
      completedOrders: r.completed,
      completionRate: percent(r.completed, r.completed + r.canceled),
      orders30d: r.total,
    });
  }
  return out;
};

/** A member's all-time record for the ad gates and taker requirements: account age, completed, canceled. */
export const recordOf = async (exec: Executor, userId: number, now: Date) => {
  const result = (await exec.execute(sql`
    SELECT (extract(epoch FROM u.create_time) * 1000)::float8 AS register_ms,
      (SELECT count(*) FROM c2c_orders o WHERE (o.buyer_id = u.id OR o.seller_id = u.id) AND o.status = 'completed')::int AS completed,
      (SELECT count(*) FROM c2c_orders o WHERE (o.buyer_id = u.id OR o.seller_id = u.id) AND o.status = 'canceled')::int AS canceled
    FROM users u WHERE u.id = ${userId}`)) as unknown as {
    rows: { register_ms: number; completed: number; canceled: number }[];
  };
  const r = result.rows[0];
  if (!r) return { accountDays: 0, completed: 0, canceled: 0 };
  const days = Math.floor((now.getTime() - Number(r.register_ms)) / 86_400_000);
  return { accountDays: Math.max(0, days), completed: r.completed, canceled: r.canceled };
};
