import type { FriendItem, FriendRequest, PublicUser } from '@chatpay/shared';
import type { friendRequests } from '../tables.ts';
import type { PublicUserRow } from './queries.ts';

/**
 * The login user name is half of a credential: only the member and their friends see it. Everyone else gets ''
 * and identifies the member by the public member id and nickname (docs/security.md). Every answer that names
 * a member to someone else (profiles, session previews) goes through this one rule.
 */
export const visibleUsername = (
  user: { id: number; username: string },
  viewerId: number,
  friendIds: ReadonlySet<number>,
) => (user.id === viewerId || friendIds.has(user.id) ? user.username : '');

export const presentPublicUser = (
  row: PublicUserRow,
  viewerId: number,
  friendIds: Set<number>,
): PublicUser => ({
  userId: row.id,
  username: visibleUsername(row, viewerId, friendIds),
  nickName: row.nickName,
  avatar: row.avatar,
  memberId: row.memberId,
  description: row.description,
  isFriend: friendIds.has(row.id),
  isSelf: row.id === viewerId,
});

export const presentFriend = (row: {
  user: PublicUserRow;
  remark: string;
  createTime: Date;
  sessionId: number | null;
}): FriendItem => ({
  userId: row.user.id,
  username: row.user.username,
  nickName: row.user.nickName,
  avatar: row.user.avatar,
  memberId: row.user.memberId,
  description: row.user.description,
  remark: row.remark,
  sessionId: row.sessionId,
  createTime: row.createTime.toISOString(),
});

/** A request as its receiver sees it: `userId` and the profile fields are the sender's. */
export const presentRequest = (
  request: typeof friendRequests.$inferSelect,
  sender: PublicUserRow,
): FriendRequest => ({
  id: request.id,
  userId: sender.id,
  // The receiver is not a friend (yet): no login name, as presentPublicUser.
  username: '',
  nickName: sender.nickName,
  avatar: sender.avatar,
  memberId: sender.memberId,
  message: request.message,
  status: request.status as FriendRequest['status'],
  createTime: request.createTime.toISOString(),
});
