import type { GroupInfo, GroupMemberInfo } from '@chatpay/shared';

/**
 * How a group change looks before the server answers (the optimistic update of the group cache). Each is
 * pure and answers a new group; the server's answer replaces it, or the old group comes back on a refusal.
 */

const mapMember = (g: GroupInfo, userId: number, fn: (m: GroupMemberInfo) => GroupMemberInfo): GroupInfo => ({
  ...g,
  members: g.members.map((m) => (m.userId === userId ? fn(m) : m)),
});

/** A member becomes a manager, or a plain member again. */
export const withRole = (g: GroupInfo, userId: number, role: 'manager' | 'member') =>
  mapMember(g, userId, (m) => ({ ...m, role }));

/** A member is muted (for `minutes` from `now`, or until unmuted) or unmuted. */
export const withMuted = (
  g: GroupInfo,
  userId: number,
  isMuted: boolean,
  minutes?: number,
  now = Date.now(),
) =>
  mapMember(g, userId, (m) => ({
    ...m,
    isMuted,
    mutedUntil: isMuted && minutes ? new Date(now + minutes * 60_000).toISOString() : null,
  }));

/** "Mute all" is switched on or off. */
export const withMuteAll = (g: GroupInfo, muteAll: boolean): GroupInfo => ({ ...g, muteAll });

/** Members leave the group (removed by the owner or a manager). */
export const withoutMembers = (g: GroupInfo, userIds: readonly number[]): GroupInfo => {
  const members = g.members.filter((m) => !userIds.includes(m.userId));
  return { ...g, members, memberCount: g.memberCount - (g.members.length - members.length) };
};

/** The owner hands the group to `userId` and becomes a plain member. */
export const withOwner = (g: GroupInfo, userId: number): GroupInfo => {
  const moved = g.members.map((m): GroupMemberInfo => {
    if (m.userId === userId) return { ...m, role: 'owner', isMuted: false, mutedUntil: null };
    if (m.userId === g.ownerId) return { ...m, role: 'member' };
    return m;
  });
  return { ...g, ownerId: userId, myRole: g.myRole === 'owner' ? 'member' : g.myRole, members: moved };
};

/** A new name and/or announcement (trimmed, as the server stores them). */
export const withFields = (g: GroupInfo, fields: { name?: string; announcement?: string }): GroupInfo => ({
  ...g,
  ...(fields.name === undefined ? {} : { name: fields.name.trim() }),
  ...(fields.announcement === undefined ? {} : { announcement: fields.announcement.trim() }),
});

/** My alias in the group. */
export const withNote = (g: GroupInfo, me: number | null, note: string) =>
  me === null ? g : mapMember(g, me, (m) => ({ ...m, note: note.trim() }));

/** The group is dissolved: nobody can send or manage any more. */
export const dissolved = (g: GroupInfo): GroupInfo => ({ ...g, dissolved: true });
