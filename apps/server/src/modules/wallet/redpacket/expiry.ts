import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import {
  ensureMemberAccounts,
  ensureSystemAccount,
  lockAccounts,
  postEntry,
  SystemAccount,
} from '../../ledger/index.ts';
import { redPackets } from '../tables.ts';

export const RED_PACKET_EXPIRY_JOB = 'redpacket-expiry';
const BATCH = 100;
/** Batches per pass: a pass ends even if packets keep expiring faster than it refunds. */
const MAX_BATCHES = 20;

/**
 * One pass of the red packet sweeper: open packets past their expiry, a batch at a time, each batch in one
 * transaction: `FOR UPDATE SKIP LOCKED` (another process's batch, or a claim holding a packet, is skipped and
 * seen again next pass), the rest moves escrow → sender available (key `redpacket:<id>:refund`) and the packet
 * becomes `expired`. Claims re-check expiry under the same row lock, so a claim and a refund never both take
 * the rest. Answers how many packets it expired.
 */
export const sweepExpiredPackets = async (db: Db, realtime: Realtime, clock: Clock): Promise<number> => {
  let handled = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const now = clock.now();
    const expired = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: redPackets.id,
          sessionId: redPackets.sessionId,
          senderId: redPackets.senderId,
          count: redPackets.count,
          remainingAmount: redPackets.remainingAmount,
          remainingCount: redPackets.remainingCount,
        })
        .from(redPackets)
        .where(and(eq(redPackets.status, 'open'), lte(redPackets.expireTime, now)))
        .orderBy(asc(redPackets.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return rows;
      const escrow = await ensureSystemAccount(tx, SystemAccount.RedPacket);
      const senders = await ensureMemberAccounts(
        tx,
        rows.map((r) => r.senderId),
      );
      // Several entries in one transaction: take every account first, in id order.
      await lockAccounts(tx, [escrow, ...[...senders.values()].map((a) => a.available)]);
      for (const row of rows) {
        if (row.remainingAmount > 0n) {
          await postEntry(tx, {
            key: `redpacket:${row.id}:refund`,
            kind: 'redpacket-refund',
            legs: [
              { accountId: escrow, amount: -row.remainingAmount },
              { accountId: senders.get(row.senderId)!.available, amount: row.remainingAmount },
            ],
            ref: { type: 'redpacket', id: String(row.id) },
            createdBy: null,
          });
        }
        await tx
          .update(redPackets)
          .set({
            status: 'expired',
            refundedAmount: row.remainingAmount,
            remainingAmount: 0n,
            closeTime: now,
          })
          .where(eq(redPackets.id, row.id));
      }
      return rows;
    });
    for (const row of expired) {
      realtime.emitToUser(row.senderId, 'redpacket', {
        packetId: row.id,
        sessionId: row.sessionId,
        claimedCount: row.count - row.remainingCount,
        status: 'expired',
      });
    }
    handled += expired.length;
    if (expired.length < BATCH) break;
  }
  return handled;
};
