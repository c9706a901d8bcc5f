import { ErrorCode } from '@chatpay/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/connection.ts';
import type { GroupPort } from '../../../http/ports.ts';
import { AppError } from '../../../lib/errors.ts';
import { sessionById } from '../session/queries.ts';
import { chatMembers } from '../tables.ts';

/**
 * The @mentions a text may carry: only in group chats, only members of the group (not the
 * sender), and @everyone only from the owner or a manager. Answers the content with the checked list;
 * elsewhere the mention fields are dropped.
 */
export const withMentions = async (
  exec: Executor,
  groups: GroupPort,
  sessionId: number,
  userId: number,
  content: Record<string, unknown>,
) => {
  const { mentions, mentionAll, ...rest } = content;
  if (mentions === undefined && mentionAll === undefined) return content;
  const session = await sessionById(exec, sessionId);
  if (session.type !== 'group') return rest;
  if (mentionAll === true) {
    const group = (await groups.describe(exec, [sessionId])).get(sessionId);
    const role = group?.groupInfo.members.find((m) => m.userId === userId)?.role;
    if (role !== 'owner' && role !== 'manager') {
      throw new AppError(ErrorCode.Forbidden, 'Only the owner and managers can mention everyone');
    }
  }
  const asked = [...new Set(Array.isArray(mentions) ? (mentions as number[]) : [])].filter(
    (id) => id !== userId,
  );
  const members =
    asked.length === 0
      ? []
      : await exec
          .select({ userId: chatMembers.userId })
          .from(chatMembers)
          .where(and(eq(chatMembers.sessionId, sessionId), inArray(chatMembers.userId, asked)));
  const kept = asked.filter((id) => members.some((m) => m.userId === id));
  return {
    ...rest,
    ...(kept.length > 0 ? { mentions: kept } : {}),
    ...(mentionAll === true ? { mentionAll: true } : {}),
  };
};

/** A forwarded copy mentions nobody: the mentions were meant for the first chat. */
export const withoutMentions = (content: Record<string, unknown>) => {
  const { mentions: _m, mentionAll: _a, ...rest } = content;
  return rest;
};
