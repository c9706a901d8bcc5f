/** Someone a group text may @mention: a member (`userId`) or everyone (`'all'`). */
export type MentionTarget = number | 'all';

/** What a text @mentions, from the names picked while writing it (name → member or everyone). */
export interface Mentions {
  mentions?: number[];
  mentionAll?: true;
}

/** Whether the member just typed "@" at the end of the text (the moment to offer the member list). */
export const typedAt = (before: string, after: string) =>
  after.length === before.length + 1 && after.startsWith(before) && after.endsWith('@');

/**
 * The mentions a text still carries when it is sent: a picked name counts only while "@name" is still in the
 * text (the writer may have deleted it again).
 */
export const mentionsIn = (text: string, picked: ReadonlyMap<string, MentionTarget>): Mentions => {
  const ids = new Set<number>();
  let all = false;
  for (const [name, target] of picked) {
    if (!text.includes(`@${name}`)) continue;
    if (target === 'all') all = true;
    else ids.add(target);
  }
  return { ...(ids.size > 0 ? { mentions: [...ids] } : {}), ...(all ? { mentionAll: true as const } : {}) };
};
