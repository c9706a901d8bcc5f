import type { MerchantStats } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';

/** SPEC §9: merchant stats cover 30 days. */
export const STATS_DAYS = 30;

type Row = {
  user_id: number;
  pay_avg: string | null;
  release_avg: string | null;
  completed: number;
  canceled: number;
};

const empty: MerchantStats = {
  avgPaymentSeconds: null,
  avgReleaseSeconds: null,
  completedOrders: 0,
  completionRate: null,
};

/**
 * 30-day stats of several members over orders created in the window where they are a party: average payment
 * time as buyer, average release time as seller, completed orders, completion rate (completed over finished).
 */
export const statsOf = async (exec: Executor, userIds: number[]): Promise<Map<number, MerchantStats>> => {
  const out = new Map<number, MerchantStats>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return out;
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = (await exec.execute(sql`
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
      count(*) FILTER (WHERE status = 'canceled')::int AS canceled
    FROM mine GROUP BY user_id`)) as unknown as { rows: Row[] };
  for (const id of ids) out.set(id, empty);
  for (const r of result.rows) {
    const finished = r.completed + r.canceled;
    out.set(Number(r.user_id), {
      avgPaymentSeconds: r.pay_avg === null ? null : Math.round(Number(r.pay_avg)),
      avgReleaseSeconds: r.release_avg === null ? null : Math.round(Number(r.release_avg)),
      completedOrders: r.completed,
      completionRate: finished === 0 ? null : ((r.completed * 100) / finished).toFixed(1),
    });
  }
  return out;
};
