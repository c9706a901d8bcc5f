import type { ChatSession, GroupInfo, GroupRole } from '@chatpay/shared';
import { mutedNow } from './mute.ts';
import type { GroupMemberView, GroupRow } from './queries.ts';

/**
 * A group's avatar is the avatars of its first members (up to 9), comma-separated (docs/product.md#sessions).
 */
export const groupHeadimgs = (members: GroupMemberView[]) =>
  members
    .map((m) => m.avatar)
    .filter(Boolean)
    .slice(0, 9)
    .join(',');

/** A timed mute that has ended reads as not muted, without a write when it ends. */
const presentMember = (m: GroupMemberView, now: Date) => {
  const muted = mutedNow(m, now);
  return {
    userId: m.userId,
    nickName: m.nickName,
    avatar: m.avatar,
    note: m.note,
    isMuted: muted,
    mutedUntil: muted && m.mutedUntil ? m.mutedUntil.toISOString() : null,
    role: m.role,
  };
};

/** `groupInfo` of a group session view. */
export const presentSessionGroup = (
  group: GroupRow,
  members: GroupMemberView[],
  now: Date,
): NonNullable<ChatSession['groupInfo']> => ({
  groupId: group.id,
  ownerId: group.ownerId,
  memberCount: members.length,
  dissolved: group.dissolved,
  members: members.map((m) => {
    const { mutedUntil: _until, ...member } = presentMember(m, now);
    return member;
  }),
});

export const presentGroup = (
  group: GroupRow,
  members: GroupMemberView[],
  myRole: GroupRole,
  now: Date,
): GroupInfo => ({
  id: group.id,
  groupId: group.id,
  sessionId: group.sessionId,
  name: group.name,
  announcement: group.announcement,
  ownerId: group.ownerId,
  memberCount: members.length,
  code: group.code,
  dissolved: group.dissolved,
  muteAll: group.muteAll,
  myRole,
  createTime: group.createTime.toISOString(),
  members: members.map((m) => presentMember(m, now)),
});
