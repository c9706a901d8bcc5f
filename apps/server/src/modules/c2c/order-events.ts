import { runPrepared, type Tx } from '../../db/connection.ts';
import type { OrderRow } from './tables.ts';

/**
 * An order event and, for each party that is an approved merchant with a webhook URL, a webhook delivery of
 * the order's new status, in one statement, so a start or a transition does not pay for a merchants' lookup
 * of its own. The payload is the JSON the webhook sender posts (docs/design/market.md, "Merchant API").
 *
 * Parameters: $1 order id, $2 actor, $3 kind, $4 from status, $5 to status, $6 note, $7 time (ISO text),
 * $8 order number, $9 the order's status, $10 buyer, $11 seller, $12 amount in micro-USDT (text).
 */
const RECORD_EVENT_SQL = `
with event as (
  insert into c2c_order_events (order_id, actor_id, kind, from_status, to_status, note, create_time)
  values ($1::int, $2::int, $3::text, $4::text, $5::text, $6::text, $7::timestamptz)
)
insert into c2c_webhook_deliveries (merchant_id, order_id, url, payload)
select m.user_id, $1::int, m.webhook_url,
       jsonb_build_object(
         'event', 'order.status', 'merchantId', m.merchant_no, 'orderId', $1::int, 'orderNo', $8::text,
         'status', $9::text, 'role', case when m.user_id = $10::int then 'buyer' else 'seller' end,
         'amountCoin', $12::text, 'time', $7::text)
  from c2c_merchants m
 where m.user_id in ($10::int, $11::int) and m.status = 'approved' and m.webhook_url <> ''`;

/** The statement's name for node-postgres (prepared once per connection). */
const RECORD_EVENT_STATEMENT = 'c2c_record_event_v1';

/** Writes an order event and its webhook deliveries (see RECORD_EVENT_SQL) in the caller's transaction. */
export const recordEvent = async (
  tx: Tx,
  order: OrderRow,
  e: { kind: string; from: string | null; to: string; actorId: number | null; note?: string; now: Date },
) => {
  await runPrepared(tx, RECORD_EVENT_STATEMENT, RECORD_EVENT_SQL, [
    order.id,
    e.actorId,
    e.kind,
    e.from,
    e.to,
    e.note ?? '',
    e.now.toISOString(),
    order.orderNo,
    order.status,
    order.buyerId,
    order.sellerId,
    order.amountCoin.toString(),
  ]);
};
