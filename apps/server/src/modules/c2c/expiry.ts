import { and, asc, eq, lt } from 'drizzle-orm';
import type { Job } from '../../jobs/scheduler.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrderService } from './orders.ts';
import { c2cOrders } from './tables.ts';
import { cancelOrder } from './transitions.ts';

const BATCH = 500;

/**
 * `c2c-order-expiry`: cancels pending orders past their payment deadline and returns the escrow. One order per
 * transaction, taken with FOR UPDATE SKIP LOCKED, so any number of processes can sweep at once and a member
 * acting on an order at that moment is never blocked by the sweeper (the loser re-checks the status).
 */
export const orderExpiryJob = (orders: OrderService, clock: Clock): Job => ({
  name: 'c2c-order-expiry',
  async run() {
    let handled = 0;
    for (let i = 0; i < BATCH; i++) {
      let found = false;
      const now = clock.now();
      await orders
        .run(async (tx) => {
          const [due] = await tx
            .select()
            .from(c2cOrders)
            .where(and(eq(c2cOrders.status, 'pending'), lt(c2cOrders.paymentDeadline, now)))
            .orderBy(asc(c2cOrders.id))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!due) throw new NothingDue();
          found = true;
          const note = 'payment time limit passed';
          return { order: await cancelOrder(tx, due, { reason: 'timeout', actorId: null, note, now }) };
        })
        .catch((err) => {
          if (!(err instanceof NothingDue)) throw err;
        });
      if (!found) break;
      handled++;
    }
    return handled;
  },
});

class NothingDue extends Error {}
