import { ErrorCode } from '@chatpay/shared';
import { and, desc, eq, or } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/connection.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { users } from '../../user/index.ts';
import { pairKeyOf } from '../session/queries.ts';
import { friendRequests, userBlocks } from '../tables.ts';
import { findUserById } from './queries.ts';

/**
 * The block list. One list serves chat and the C2C market: a block either way
 * stops 1:1 messages, friend requests, `toMccId` chats and new orders between the two; the blocked member's
 * ads leave the blocker's market. Blocking keeps the friendship and the history, so unblocking restores it.
 */
export const isBlockedEitherWay = async (exec: Executor, a: number, b: number) => {
  const [row] = await exec
    .select({ userId: userBlocks.userId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.userId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.userId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** Refuses with `Blocked` when either member blocked the other. */
export const assertNotBlocked = async (exec: Executor, a: number, b: number) => {
  if (await isBlockedEitherWay(exec, a, b)) throw new AppError(ErrorCode.Blocked);
};

/** The ids of the members `userId` blocked. */
export const blockedIdsOf = async (exec: Executor, userId: number) => {
  const rows = await exec
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.userId, userId));
  return rows.map((r) => r.id);
};

export const hasBlocked = async (exec: Executor, userId: number, otherId: number) => {
  const [row] = await exec
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(and(eq(userBlocks.userId, userId), eq(userBlocks.blockedId, otherId)));
  return row !== undefined;
};

export class BlockService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
  ) {}

  /** Blocks `otherId` (again is fine); a pending friend request between the two is rejected. */
  async block(userId: number, otherId: number) {
    if (otherId === userId) throw new AppError(ErrorCode.CannotBlockSelf);
    if (!(await findUserById(this.db, otherId))) throw new AppError(ErrorCode.UserNotFound);
    await this.db.transaction(async (tx) => {
      await tx.insert(userBlocks).values({ userId, blockedId: otherId }).onConflictDoNothing();
      await tx
        .update(friendRequests)
        .set({ status: 'rejected', updateTime: new Date() })
        .where(
          and(eq(friendRequests.pairKey, pairKeyOf(userId, otherId)), eq(friendRequests.status, 'pending')),
        );
    });
    // Remembered "may send" answers between the two end now, on every process (message/send-permission.ts).
    // An unblock only grants: nothing remembered is wrong after it.
    this.realtime.invalidate({ kind: 'chat-user', userId });
    this.realtime.invalidate({ kind: 'chat-user', userId: otherId });
    return { ok: true as const };
  }

  async unblock(userId: number, otherId: number) {
    await this.db
      .delete(userBlocks)
      .where(and(eq(userBlocks.userId, userId), eq(userBlocks.blockedId, otherId)));
    return { ok: true as const };
  }

  /** My block list, newest first; strangers' view of each member (no login name). */
  async list(userId: number) {
    const rows = await this.db
      .select({
        userId: users.id,
        nickName: users.nickName,
        avatar: users.avatar,
        memberId: users.memberId,
        createTime: userBlocks.createTime,
      })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blockedId))
      .where(eq(userBlocks.userId, userId))
      .orderBy(desc(userBlocks.createTime), desc(userBlocks.blockedId));
    return rows.map((r) => ({ ...r, createTime: r.createTime.toISOString() }));
  }
}
