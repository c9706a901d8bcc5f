import { type MessageReaction, REACTION_NAMES_MAX } from '@chatpay/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/connection.ts';
import { users } from '../../user/index.ts';
import { chatMessageReactions } from '../tables.ts';
import { type MessageRow, presentMessage } from './presenter.ts';

/**
 * The reactions of messages by message id: per emoji (in the order first used) how many members and the
 * first `REACTION_NAMES_MAX` of them with their nicknames. One query for a whole page.
 */
export const reactionsOf = async (exec: Executor, messageIds: readonly number[]) => {
  const out = new Map<number, MessageReaction[]>();
  if (messageIds.length === 0) return out;
  const rows = await exec
    .select({
      messageId: chatMessageReactions.messageId,
      emoji: chatMessageReactions.emoji,
      userId: chatMessageReactions.userId,
      nickName: users.nickName,
    })
    .from(chatMessageReactions)
    .innerJoin(users, eq(users.id, chatMessageReactions.userId))
    .where(inArray(chatMessageReactions.messageId, [...new Set(messageIds)]))
    .orderBy(asc(chatMessageReactions.createTime), asc(chatMessageReactions.userId));
  for (const r of rows) {
    const list = out.get(r.messageId) ?? [];
    let entry = list.find((e) => e.emoji === r.emoji);
    if (!entry) {
      entry = { emoji: r.emoji, count: 0, users: [] };
      list.push(entry);
    }
    entry.count += 1;
    if (entry.users.length < REACTION_NAMES_MAX) entry.users.push({ id: r.userId, nickName: r.nickName });
    out.set(r.messageId, list);
  }
  return out;
};

/** Messages presented with their reactions (pages, changes, the `message` event of a change). */
export const presentWithReactions = async (exec: Executor, rows: readonly MessageRow[]) => {
  const reactions = await reactionsOf(
    exec,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentMessage(r, reactions.get(r.id)));
};
