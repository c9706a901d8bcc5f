import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connection.ts';
import { chatMembers, redPacketClaims, redPackets, users } from '../../../db/schema/index.ts';

export type PacketRow = typeof redPackets.$inferSelect;

/**
 * A packet with `expired` computed by the database clock (the one clock every server process shares). `lock`
 * takes the row for update: claims and the sweeper change a packet only under this lock.
 */
export const packetById = async (exec: Executor, id: number, lock = false) => {
  const q = exec
    .select({ ...getTableColumns(redPackets), expired: sql<boolean>`${redPackets.expireTime} <= now()` })
    .from(redPackets)
    .where(eq(redPackets.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
};

/** Whether the member is in the packet's session now (a removed group member is not). */
export const isSessionMember = async (exec: Executor, sessionId: number, userId: number) => {
  const [row] = await exec
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)));
  return row !== undefined;
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
