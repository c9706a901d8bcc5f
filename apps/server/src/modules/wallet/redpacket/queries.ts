import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/connection.ts';
import { users } from '../../user/index.ts';
import { redPacketClaims, redPackets } from '../tables.ts';

export type PacketRow = typeof redPackets.$inferSelect;

/**
 * A packet with `expired` as of `now` (the deadline clock, lib/clock.ts). `lock` takes the row for update:
 * claims and the sweeper change a packet only under this lock.
 */
export const packetById = async (exec: Executor, id: number, now: Date, lock = false) => {
  const q = exec.select().from(redPackets).where(eq(redPackets.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ? { ...row, expired: row.expireTime <= now } : null;
};

/** The claims of a packet, oldest first, with the claimers' names and avatars. */
export const claimsOf = (exec: Executor, packetId: number) =>
  exec
    .select({
      id: redPacketClaims.id,
      userId: redPacketClaims.userId,
      amount: redPacketClaims.amount,
      createTime: redPacketClaims.createTime,
      nickName: users.nickName,
      avatar: users.avatar,
    })
    .from(redPacketClaims)
    .innerJoin(users, eq(users.id, redPacketClaims.userId))
    .where(eq(redPacketClaims.packetId, packetId))
    .orderBy(asc(redPacketClaims.id));
export type ClaimView = Awaited<ReturnType<typeof claimsOf>>[number];

export const profilesOf = async (exec: Executor, ids: number[]) => {
  const rows = await exec
    .select({ userId: users.id, nickName: users.nickName, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.userId, r]));
};
