import { ErrorCode } from '@chatpay/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { GroupPort } from '../../http/ports.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { mayNotSend } from './mute.ts';
import { groupHeadimgs, presentSessionGroup } from './presenter.ts';
import { groupMemberRow, groupOfSession, groupsOfSessions } from './queries.ts';
import { chatGroupMembers, chatGroups } from './tables.ts';

/** What the group module tells chat about group sessions (http/ports.ts; app.ts builds one per app). */
export const groupChatPort = (clock: Clock): GroupPort => ({
  async assertCanSend(tx, sessionId, userId) {
    // Lock order as every group change: group row, then session row (storeMessage), then member rows.
    const group = await groupOfSession(tx, sessionId, true);
    if (!group) throw new AppError(ErrorCode.SessionNotFound);
    if (group.dissolved) throw new AppError(ErrorCode.GroupDissolved);
    const member = await groupMemberRow(tx, group.id, userId);
    if (!member) throw new AppError(ErrorCode.SessionNotFound);
    if (mayNotSend(group, member, clock.now())) throw new AppError(ErrorCode.Muted);
  },

  async describe(exec, sessionIds) {
    const groups = await groupsOfSessions(exec, sessionIds);
    return new Map(
      [...groups].map(([sessionId, { group, members }]) => [
        sessionId,
        {
          name: group.name,
          headimgs: groupHeadimgs(members),
          groupInfo: presentSessionGroup(group, members, clock.now()),
        },
      ]),
    );
  },

  async sessionsNamed(exec, userId, pattern, limit) {
    const rows = await exec
      .select({ sessionId: chatGroups.sessionId })
      .from(chatGroups)
      .innerJoin(
        chatGroupMembers,
        and(eq(chatGroupMembers.groupId, chatGroups.id), eq(chatGroupMembers.userId, userId)),
      )
      .where(sql`${chatGroups.name} ilike ${pattern}`)
      .limit(limit);
    return rows.map((r) => r.sessionId);
  },

  async sessionOfMember(exec, groupId, userId) {
    const [group] = await exec.select().from(chatGroups).where(eq(chatGroups.id, groupId));
    if (!group || !(await groupMemberRow(exec, group.id, userId))) return null;
    return group.sessionId;
  },
});
