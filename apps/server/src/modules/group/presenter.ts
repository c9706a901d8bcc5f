import type { ChatSession, GroupInfo, GroupRole } from '@chatpay/shared';
import type { GroupMemberView, GroupRow } from './queries.ts';

/** SPEC §3: a group's avatar is the avatars of its first members (up to 9), comma-separated. */
export const groupHeadimgs = (members: GroupMemberView[]) =>
  members
    .map((m) => m.avatar)
    .filter(Boolean)
    .slice(0, 9)
    .join(',');

const presentMember = (m: GroupMemberView) => ({
  userId: m.userId,
  nickName: m.nickName,
  avatar: m.avatar,
  note: m.note,
  isMuted: m.isMuted,
  role: m.role,
});

/** `groupInfo` of a group session view. */
export const presentSessionGroup = (
  group: GroupRow,
  members: GroupMemberView[],
): NonNullable<ChatSession['groupInfo']> => ({
  groupId: group.id,
  ownerId: group.ownerId,
  memberCount: members.length,
  dissolved: group.dissolved,
  members: members.map(presentMember),
});

export const presentGroup = (group: GroupRow, members: GroupMemberView[], myRole: GroupRole): GroupInfo => ({
  id: group.id,
  groupId: group.id,
  sessionId: group.sessionId,
  name: group.name,
  announcement: group.announcement,
  ownerId: group.ownerId,
  memberCount: members.length,
  code: group.code,
  dissolved: group.dissolved,
  myRole,
  createTime: group.createTime.toISOString(),
  members: members.map(presentMember),
});
