import { ErrorCode } from '@chatpay/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/connection.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  chatMembers,
  chatMessageReactions,
  chatMessages,
  chatMessageVersions,
  chatSessions,
} from '../tables.ts';
import { editableUntil, type MessageRow } from './presenter.ts';
import { visibleMessage } from './queries.ts';

/*
 * Edits and reactions: changes to a stored message that keep its id and seq (docs/design/chat-delivery.md,
 * "Edits and reactions"). Each raises the session's change seq in its transaction and stores it on the row,
 * so a device that missed the live event finds the message in `message/changes`, and never twice.
 */

/** What a change did: the message as it is now, and whom to tell (nobody when nothing changed). */
export interface MessageChange {
  message: MessageRow;
  members: number[];
}

/** Lock order as a recall's: the session row, then the message row. Answers the locked message. */
const lockMessage = async (tx: Executor, message: MessageRow) => {
  await tx
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(eq(chatSessions.id, message.sessionId))
    .for('update');
  const [locked] = await tx.select().from(chatMessages).where(eq(chatMessages.id, message.id)).for('update');
  return locked!;
};

/** Raises the session's change seq (under the lock taken by lockMessage) and answers it. */
const nextChangeSeq = async (tx: Executor, sessionId: number) => {
  const [session] = await tx
    .update(chatSessions)
    .set({ changeSeq: sql`${chatSessions.changeSeq} + 1` })
    .where(eq(chatSessions.id, sessionId))
    .returning({ changeSeq: chatSessions.changeSeq });
  return session!.changeSeq;
};

const membersOf = async (tx: Executor, sessionId: number) =>
  (
    await tx
      .select({ userId: chatMembers.userId })
      .from(chatMembers)
      .where(eq(chatMembers.sessionId, sessionId))
  ).map((m) => m.userId);

/**
 * The sender replaces the text of their text message, within the window the message is presented with
 * (`editableUntil`). The text it held is kept in `chat_message_versions`; the quote and mentions stay. The
 * same text again changes nothing.
 */
export const editMessage = (db: Db, clock: Clock, userId: number, id: number, text: string) =>
  db.transaction(async (tx): Promise<MessageChange> => {
    const locked = await lockMessage(tx, await visibleMessage(tx, id, userId));
    if (locked.senderId !== userId) throw new AppError(ErrorCode.EditNotAllowed);
    const until = editableUntil(locked);
    if (until === null) throw new AppError(ErrorCode.EditNotAllowed);
    const now = clock.now();
    if (now.getTime() > until) throw new AppError(ErrorCode.EditExpired);
    if (locked.content.text === text) return { message: locked, members: [] };
    const changeSeq = await nextChangeSeq(tx, locked.sessionId);
    await tx.insert(chatMessageVersions).values({
      messageId: locked.id,
      content: locked.content,
      writtenTime: locked.editTime ?? locked.createTime,
      replacedTime: now,
    });
    const [updated] = await tx
      .update(chatMessages)
      .set({ content: { ...locked.content, text }, editTime: now, changeSeq })
      .where(eq(chatMessages.id, locked.id))
      .returning();
    return { message: updated!, members: await membersOf(tx, locked.sessionId) };
  });

/**
 * Adds (`active`) or takes back my reaction with one emoji on a message I can see. Setting what is already
 * so changes nothing (no change seq, no event), so a retry is harmless. A recalled message or a notice takes
 * no reactions.
 */
export const reactToMessage = (db: Db, userId: number, id: number, emoji: string, active: boolean) =>
  db.transaction(async (tx): Promise<MessageChange> => {
    const locked = await lockMessage(tx, await visibleMessage(tx, id, userId));
    if (locked.recalled || locked.contentType === 'notice') throw new AppError(ErrorCode.MessageNotFound);
    const key = { messageId: locked.id, userId, emoji };
    const changed = active
      ? await tx
          .insert(chatMessageReactions)
          .values(key)
          .onConflictDoNothing()
          .returning({ id: chatMessageReactions.messageId })
      : await tx
          .delete(chatMessageReactions)
          .where(
            and(
              eq(chatMessageReactions.messageId, locked.id),
              eq(chatMessageReactions.userId, userId),
              eq(chatMessageReactions.emoji, emoji),
            ),
          )
          .returning({ id: chatMessageReactions.messageId });
    if (changed.length === 0) return { message: locked, members: [] };
    const changeSeq = await nextChangeSeq(tx, locked.sessionId);
    const [updated] = await tx
      .update(chatMessages)
      .set({ changeSeq })
      .where(eq(chatMessages.id, locked.id))
      .returning();
    return { message: updated!, members: await membersOf(tx, locked.sessionId) };
  });

/** An edited message's earlier texts, oldest first (support, in an appeal). */
export const versionsOf = (exec: Executor, messageId: number) =>
  exec
    .select()
    .from(chatMessageVersions)
    .where(eq(chatMessageVersions.messageId, messageId))
    .orderBy(chatMessageVersions.id);
