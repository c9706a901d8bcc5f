import { and, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import type { TradePort } from '../../http/ports.ts';
import { c2cOrders } from './tables.ts';

/** Whether `a` and `b` were ever the two parties of one order, whatever became of it. */
export const tradedWith = async (exec: Executor, a: number, b: number) => {
  const [row] = await exec
    .select({ id: c2cOrders.id })
    .from(c2cOrders)
    .where(
      or(
        and(eq(c2cOrders.buyerId, a), eq(c2cOrders.sellerId, b)),
        and(eq(c2cOrders.buyerId, b), eq(c2cOrders.sellerId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** The market's answer to chat (http/ports.ts `trades`). */
export const tradePort: TradePort = { traded: tradedWith };
