import { ErrorCode } from '@chatpay/shared';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/connection.ts';
import { uniqueViolation } from '../../../lib/db-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { users } from '../../user/index.ts';
import type { SendLimiter } from '../message/rate-limit.ts';
import { deliver, type StoredMessage, storeMessage } from '../message/store.ts';
import { areFriends, findSingleSession, openSingleSession, pairKeyOf } from '../session/queries.ts';
import { chatSessions, friendRequests, friends } from '../tables.ts';
import { assertNotBlocked, hasBlocked } from './blocks.ts';
import { presentFriend, presentPublicUser, presentRequest } from './presenter.ts';
import {
  findUserById,
  findUserByKeyword,
  friendFilter,
  friendIdsOf,
  friendRows,
  type PublicUserRow,
  pendingBetween,
  publicColumns,
  searchUsers,
} from './queries.ts';

type RequestRow = typeof friendRequests.$inferSelect;

/**
 * Approves a request inside the caller's transaction: both friend rows, the pair's single session (created
 * or reused) and a notice message there from the approver.
 */
const acceptRequest = async (tx: Tx, request: RequestRow, approverId: number) => {
  await tx
    .update(friendRequests)
    .set({ status: 'accepted', updateTime: new Date() })
    .where(eq(friendRequests.id, request.id));
  await tx
    .insert(friends)
    .values([
      { userId: request.fromUserId, friendId: request.toUserId },
      { userId: request.toUserId, friendId: request.fromUserId },
    ])
    .onConflictDoNothing();
  const session = await openSingleSession(tx, request.fromUserId, request.toUserId, 'friend');
  const stored = await storeMessage(tx, {
    sessionId: session.id,
    senderId: approverId,
    clientMsgId: `friend:${request.id}`,
    contentType: 'notice',
    content: { type: 'friendConfirm', text: 'You are now friends. Start chatting!' },
  });
  return { session, stored };
};

type AddOutcome =
  | { kind: 'requested'; request: RequestRow }
  | { kind: 'accepted'; request: RequestRow; sessionId: number; stored: StoredMessage };

export class FriendService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    /** Per-member quota of searches and looks at strangers (FRIEND_LOOKUP_HOURLY_LIMIT). */
    private readonly lookups: SendLimiter,
  ) {}

  async search(userId: number, keyword: string) {
    await this.lookups.hit(userId);
    const rows = await searchUsers(this.db, keyword);
    const friendIds = await friendIdsOf(this.db, userId);
    return rows.map((r) => presentPublicUser(r, userId, friendIds));
  }

  /** One member for the user detail page, with what we have in common. */
  async query(userId: number, input: { userId?: number; keyword?: string }) {
    const row =
      input.userId !== undefined
        ? await findUserById(this.db, input.userId)
        : await findUserByKeyword(this.db, input.keyword!);
    const [friendship] = row
      ? await this.db
          .select({ remark: friends.remark })
          .from(friends)
          .where(and(eq(friends.userId, userId), eq(friends.friendId, row.id)))
      : [];
    // Looking up a stranger (or nobody) counts toward the quota: sequential ids cannot be walked.
    if (!row || (row.id !== userId && !friendship)) await this.lookups.hit(userId);
    if (!row) throw new AppError(ErrorCode.UserNotFound);
    const session = row.id === userId ? null : await findSingleSession(this.db, userId, row.id);
    const pending = row.id === userId ? null : await pendingBetween(this.db, userId, row.id);
    return {
      ...presentPublicUser(row, userId, new Set(friendship ? [row.id] : [])),
      remark: friendship?.remark ?? '',
      sessionId: session?.id ?? null,
      requestPending: pending !== null,
      blockedByMe: row.id !== userId && (await hasBlocked(this.db, userId, row.id)),
    };
  }

  /**
   * Sends a request; when the other side already asked me, accepts theirs instead. At most one pending
   * request per pair: a concurrent cross-add that loses on the unique index retries once and then accepts.
   */
  async addFriend(userId: number, targetId: number, message = '') {
    if (targetId === userId) throw new AppError(ErrorCode.CannotAddSelf);
    const target = await findUserById(this.db, targetId);
    if (!target) throw new AppError(ErrorCode.UserNotFound);
    let outcome: AddOutcome | undefined;
    for (let attempt = 0; outcome === undefined; attempt++) {
      try {
        outcome = await this.db.transaction((tx) => this.addInTx(tx, userId, targetId, message));
      } catch (error) {
        if (uniqueViolation(error) !== 'friend_requests_pending_pair_key') throw error;
        if (attempt >= 1) throw new AppError(ErrorCode.RequestPending);
      }
    }
    if (outcome.kind === 'accepted') {
      deliver(this.realtime, outcome.stored);
      this.realtime.emitToUser(targetId, 'onFriendConfirm', {
        id: outcome.request.id,
        userId,
        sessionId: outcome.sessionId,
      });
      return { id: outcome.request.id, status: 'accepted' as const, sessionId: outcome.sessionId };
    }
    const [me] = await this.db.select(publicColumns).from(users).where(eq(users.id, userId));
    this.realtime.emitToUser(targetId, 'onFriendRequest', presentRequest(outcome.request, me!));
    return { id: outcome.request.id, status: 'pending' as const, sessionId: null };
  }

  private async addInTx(tx: Tx, userId: number, targetId: number, message: string): Promise<AddOutcome> {
    await assertNotBlocked(tx, userId, targetId);
    if (await areFriends(tx, userId, targetId)) throw new AppError(ErrorCode.AlreadyFriends);
    const pending = await pendingBetween(tx, userId, targetId, true);
    if (pending?.fromUserId === userId) throw new AppError(ErrorCode.RequestPending);
    if (pending) {
      const { session, stored } = await acceptRequest(tx, pending, userId);
      return { kind: 'accepted', request: pending, sessionId: session.id, stored };
    }
    const [request] = await tx
      .insert(friendRequests)
      .values({ fromUserId: userId, toUserId: targetId, pairKey: pairKeyOf(userId, targetId), message })
      .returning();
    return { kind: 'requested', request: request! };
  }

  async addByCode(userId: number, shareCode: string, message?: string) {
    const [owner] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.shareCode, shareCode.toUpperCase()), eq(users.disabled, false)));
    if (!owner) throw new AppError(ErrorCode.UserNotFound);
    return this.addFriend(userId, owner.id, message);
  }

  async requestCount(userId: number) {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(friendRequests)
      .where(and(eq(friendRequests.toUserId, userId), eq(friendRequests.status, 'pending')));
    return row?.count ?? 0;
  }

  async requestList(userId: number) {
    const rows = await this.db
      .select({ request: friendRequests, sender: publicColumns })
      .from(friendRequests)
      .innerJoin(users, eq(users.id, friendRequests.fromUserId))
      .where(eq(friendRequests.toUserId, userId))
      .orderBy(desc(friendRequests.createTime), desc(friendRequests.id))
      .limit(100);
    return rows.map((r) => presentRequest(r.request, r.sender as PublicUserRow));
  }

  /** Approve or reject a pending request to me. Only approval tells the requester (as WeChat). */
  async confirm(userId: number, id: number, agree: boolean) {
    const outcome = await this.db.transaction(async (tx) => {
      const [request] = await tx.select().from(friendRequests).where(eq(friendRequests.id, id)).for('update');
      if (!request || request.toUserId !== userId) {
        throw new AppError(ErrorCode.NotFound, 'Friend request does not exist');
      }
      if (request.status !== 'pending') throw new AppError(ErrorCode.RequestHandled);
      if (!agree) {
        await tx
          .update(friendRequests)
          .set({ status: 'rejected', updateTime: new Date() })
          .where(eq(friendRequests.id, id));
        return { request, accepted: null };
      }
      return { request, accepted: await acceptRequest(tx, request, userId) };
    });
    if (!outcome.accepted) return { id, status: 'rejected' as const, sessionId: null };
    const sessionId = outcome.accepted.session.id;
    deliver(this.realtime, outcome.accepted.stored);
    this.realtime.emitToUser(outcome.request.fromUserId, 'onFriendConfirm', { id, userId, sessionId });
    return { id, status: 'accepted' as const, sessionId };
  }

  /**
   * Removes the friendship both ways. The pair's session goes back to kind `friend` (from a trade contact),
   * so the removed friend can no longer send there.
   */
  /** My private name for a friend; it names our single session in my list (empty: their nickname). */
  async setRemark(userId: number, friendId: number, remark: string) {
    const updated = await this.db
      .update(friends)
      .set({ remark })
      .where(and(eq(friends.userId, userId), eq(friends.friendId, friendId)))
      .returning({ friendId: friends.friendId });
    if (updated.length === 0) throw new AppError(ErrorCode.NotFriends);
    return { ok: true as const };
  }

  async remove(userId: number, otherId: number) {
    await this.db.transaction(async (tx) => {
      const removed = await tx
        .delete(friends)
        .where(
          or(
            and(eq(friends.userId, userId), eq(friends.friendId, otherId)),
            and(eq(friends.userId, otherId), eq(friends.friendId, userId)),
          ),
        )
        .returning({ userId: friends.userId });
      if (removed.length === 0) throw new AppError(ErrorCode.NotFriends);
      await tx
        .update(chatSessions)
        .set({ kind: 'friend' })
        .where(
          and(
            eq(chatSessions.type, 'single'),
            eq(chatSessions.pairKey, pairKeyOf(userId, otherId)),
            eq(chatSessions.kind, 'mcc'),
          ),
        );
    });
    // Remembered "may send" answers between the two end now, on every process (message/send-permission.ts).
    this.realtime.invalidate({ kind: 'chat-user', userId });
    this.realtime.invalidate({ kind: 'chat-user', userId: otherId });
    this.realtime.emitToUser(otherId, 'onFriendRemove', { userId });
    this.realtime.emitToUser(userId, 'onFriendRemove', { userId: otherId });
    return { ok: true as const };
  }

  async list(userId: number) {
    const rows = await friendRows(this.db, userId);
    return rows.map(presentFriend);
  }

  async page(userId: number, input: { page: number; size: number; keyword?: string }) {
    const filter = friendFilter(input.keyword);
    const rows = await friendRows(this.db, userId, filter)
      .limit(input.size)
      .offset((input.page - 1) * input.size);
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(friends)
      .innerJoin(users, eq(users.id, friends.friendId))
      .where(and(eq(friends.userId, userId), filter));
    return {
      list: rows.map(presentFriend),
      pagination: { page: input.page, size: input.size, total: count?.total ?? 0 },
    };
  }
}
