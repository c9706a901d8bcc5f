import { orderPage } from '@chatpay/shared';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { c2cOrders } from './tables.ts';

/** The buyer is reminded this long before the payment deadline. */
export const PAY_REMINDER_MINUTES = 5;
const BATCH = 200;

/**
 * `c2c-order-reminders`: tells the buyer when the payment deadline is `PAY_REMINDER_MINUTES` away, and both
 * parties when the release deadline passed (the seller should release; the buyer may now appeal). Each order
 * is marked in the same statement that picks it (FOR UPDATE SKIP LOCKED), so any number of processes sweep
 * at once and every reminder goes out once; the event goes out after the commit, to the members' sockets and
 * so to Web Push (docs/design/push.md). An order whose whole time limit is shorter than the reminder gets none.
 */
export const orderReminderJob = (db: Db, realtime: Realtime, clock: Clock): Job => ({
  name: 'c2c-order-reminders',
  async run() {
    const now = clock.now();
    const soon = new Date(now.getTime() + PAY_REMINDER_MINUTES * 60_000);
    const { paying, releasing } = await db.transaction(async (tx) => {
      const payDue = await tx
        .select({ id: c2cOrders.id })
        .from(c2cOrders)
        .where(
          and(
            eq(c2cOrders.status, 'pending'),
            isNull(c2cOrders.payRemindedTime),
            gt(c2cOrders.paymentDeadline, now),
            lte(c2cOrders.paymentDeadline, soon),
            sql`${c2cOrders.paymentDeadline} - ${c2cOrders.createTime} > make_interval(mins => ${PAY_REMINDER_MINUTES})`,
          ),
        )
        .orderBy(asc(c2cOrders.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const releaseDue = await tx
        .select({ id: c2cOrders.id })
        .from(c2cOrders)
        .where(
          and(
            eq(c2cOrders.status, 'payment'),
            isNull(c2cOrders.releaseRemindedTime),
            lte(c2cOrders.releaseDeadline, now),
          ),
        )
        .orderBy(asc(c2cOrders.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const mark = async (ids: number[], set: Partial<typeof c2cOrders.$inferInsert>) => {
        if (ids.length === 0) return [];
        return tx.update(c2cOrders).set(set).where(inArray(c2cOrders.id, ids)).returning();
      };
      return {
        paying: await mark(
          payDue.map((r) => r.id),
          { payRemindedTime: now },
        ),
        releasing: await mark(
          releaseDue.map((r) => r.id),
          { releaseRemindedTime: now },
        ),
      };
    });
    for (const o of paying) {
      const minutesLeft = Math.max(1, Math.ceil((o.paymentDeadline.getTime() - now.getTime()) / 60_000));
      realtime.emitToUser(o.buyerId, 'onC2COrderReminder', {
        orderId: o.id,
        kind: 'payment-soon',
        role: 'buyer',
        minutesLeft,
        page: orderPage(o.id),
      });
    }
    for (const o of releasing) {
      for (const [userId, role] of [
        [o.sellerId, 'seller'],
        [o.buyerId, 'buyer'],
      ] as const) {
        realtime.emitToUser(userId, 'onC2COrderReminder', {
          orderId: o.id,
          kind: 'release-due',
          role,
          minutesLeft: 0,
          page: orderPage(o.id),
        });
      }
    }
    return paying.length + releasing.length;
  },
});
