/**
 * Whether a member may not send now (docs/product.md#groups): muted, by a mute without end or a timed one not
 * over yet; or a plain member while the group's "mute all" is on (the owner and managers still send).
 */
export const mutedNow = (member: { isMuted: boolean; mutedUntil: Date | null }, now: Date) =>
  member.isMuted && (member.mutedUntil === null || member.mutedUntil > now);

export const mayNotSend = (
  group: { muteAll: boolean },
  member: { role: string; isMuted: boolean; mutedUntil: Date | null },
  now: Date,
) => mutedNow(member, now) || (group.muteAll && member.role === 'member');
