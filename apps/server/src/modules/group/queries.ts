import { ErrorCode, type GroupRole } from '@chatpay/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { users } from '../user/index.ts';
import { chatGroupMembers, chatGroups } from './tables.ts';

export type GroupRow = typeof chatGroups.$inferSelect;
export type GroupMemberRow = typeof chatGroupMembers.$inferSelect;

/** A member row with what a member grid shows. */
export interface GroupMemberView {
  userId: number;
  nickName: string;
  avatar: string;
  note: string;
  isMuted: boolean;
  mutedUntil: Date | null;
  role: GroupRole;
  joinTime: Date;
}

/**
 * The group of a session. `share` takes a share lock on the group row: a send waits for a running membership
 * change (which holds the row for update) and then sees its outcome (removed, muted, dissolved).
 */
export const groupOfSession = async (exec: Executor, sessionId: number, share = false) => {
  const q = exec.select().from(chatGroups).where(eq(chatGroups.sessionId, sessionId));
  const [row] = share ? await q.for('share') : await q;
  return row ?? null;
};

export const groupMemberRow = async (exec: Executor, groupId: number, userId: number) => {
  const [row] = await exec
    .select()
    .from(chatGroupMembers)
    .where(and(eq(chatGroupMembers.groupId, groupId), eq(chatGroupMembers.userId, userId)));
  return row ?? null;
};

/**
 * The group and my member row; no such group, or I am not in it → GroupNotFound (a stranger learns nothing).
 * `lock` takes the group row lock first (lock order: group, then session, then member rows).
 */
export const requireMembership = async (exec: Executor, groupId: number, userId: number, lock = false) => {
  const q = exec.select().from(chatGroups).where(eq(chatGroups.id, groupId));
  const [group] = lock ? await q.for('update') : await q;
  if (!group) throw new AppError(ErrorCode.GroupNotFound);
  const me = await groupMemberRow(exec, groupId, userId);
  if (!me) throw new AppError(ErrorCode.GroupNotFound);
  return { group, me: { ...me, role: me.role as GroupRole } };
};

/** Members of the groups, in join order (the first nine make the group avatar). */
export const membersOf = async (exec: Executor, groupIds: number[]) => {
  const out = new Map<number, GroupMemberView[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return out;
  const rows = await exec
    .select({
      groupId: chatGroupMembers.groupId,
      userId: chatGroupMembers.userId,
      nickName: users.nickName,
      avatar: users.avatar,
      note: chatGroupMembers.note,
      isMuted: chatGroupMembers.isMuted,
      mutedUntil: chatGroupMembers.mutedUntil,
      role: chatGroupMembers.role,
      joinTime: chatGroupMembers.joinTime,
    })
    .from(chatGroupMembers)
    .innerJoin(users, eq(users.id, chatGroupMembers.userId))
    .where(inArray(chatGroupMembers.groupId, groupIds))
    .orderBy(asc(chatGroupMembers.joinTime), asc(chatGroupMembers.userId));
  for (const { groupId, ...row } of rows) out.get(groupId)?.push({ ...row, role: row.role as GroupRole });
  return out;
};

/** Group, members, for the sessions given (session views of groups). */
export const groupsOfSessions = async (exec: Executor, sessionIds: number[]) => {
  const out = new Map<number, { group: GroupRow; members: GroupMemberView[] }>();
  if (sessionIds.length === 0) return out;
  const groups = await exec.select().from(chatGroups).where(inArray(chatGroups.sessionId, sessionIds));
  const members = await membersOf(
    exec,
    groups.map((g) => g.id),
  );
  for (const group of groups) out.set(group.sessionId, { group, members: members.get(group.id) ?? [] });
  return out;
};

export const nickNamesOf = async (exec: Executor, ids: number[]) => {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await exec
    .select({ id: users.id, nickName: users.nickName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.nickName]));
};

export const memberCount = async (exec: Executor, groupId: number) => {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(chatGroupMembers)
    .where(eq(chatGroupMembers.groupId, groupId));
  return row?.n ?? 0;
};
