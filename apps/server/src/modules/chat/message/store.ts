import { ErrorCode } from '@chatpay/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/connection.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { assertNotBlocked } from '../friend/blocks.ts';
import { groupPort } from '../group-port.ts';
import { areFriends, memberOf, peerOf, sessionById } from '../session/queries.ts';
import { chatMembers, chatMessages, chatSessions } from '../tables.ts';
import { type MessageRow, presentMessage } from './presenter.ts';

export interface NewMessage {
  sessionId: number;
  senderId: number;
  clientMsgId: string;
  contentType: string;
  content: Record<string, unknown>;
  isAutoReply?: boolean;
}

/** A committed message and the members to deliver it to, with their read seq after the store. */
export interface StoredMessage {
  message: MessageRow;
  sessionType: string;
  members: { userId: number; readSeq: number }[];
}

/**
 * Stores one message: raises the session's `last_seq` (the UPDATE takes the row lock, so seqs are assigned
 * one at a time and roll back with the transaction), inserts the row, un-hides the session for every member,
 * and moves the sender's read seq to it (not for an auto-reply: its owner has not read what it answers).
 * The caller has checked that the sender may send.
 */
export const storeMessage = async (tx: Tx, input: NewMessage): Promise<StoredMessage> => {
  const now = new Date();
  const [session] = await tx
    .update(chatSessions)
    .set({ lastSeq: sql`${chatSessions.lastSeq} + 1`, lastChatTime: now, updateTime: now })
    .where(eq(chatSessions.id, input.sessionId))
    .returning({ lastSeq: chatSessions.lastSeq, type: chatSessions.type });
  const [message] = await tx
    .insert(chatMessages)
    .values({
      sessionId: input.sessionId,
      seq: session!.lastSeq,
      senderId: input.senderId,
      clientMsgId: input.clientMsgId,
      contentType: input.contentType,
      content: input.content,
      isAutoReply: input.isAutoReply ?? false,
      createTime: now,
    })
    .returning();
  await tx
    .update(chatSessions)
    .set({ lastMessageId: message!.id })
    .where(eq(chatSessions.id, input.sessionId));
  await tx
    .update(chatMembers)
    .set({ isDelete: false })
    .where(and(eq(chatMembers.sessionId, input.sessionId), eq(chatMembers.isDelete, true)));
  if (!input.isAutoReply) {
    await tx
      .update(chatMembers)
      .set({ readSeq: message!.seq, lastSendTime: now })
      .where(and(eq(chatMembers.sessionId, input.sessionId), eq(chatMembers.userId, input.senderId)));
  }
  const members = await tx
    .select({ userId: chatMembers.userId, readSeq: chatMembers.readSeq })
    .from(chatMembers)
    .where(eq(chatMembers.sessionId, input.sessionId));
  return { message: message!, sessionType: session!.type, members };
};

/**
 * After the commit: the message to every member's sockets (the sender's other sockets too) and the new
 * unread count to everyone but the sender.
 */
export const deliver = (realtime: Realtime, stored: StoredMessage) => {
  const payload = presentMessage(stored.message);
  for (const member of stored.members) {
    realtime.emitToUser(member.userId, 'message', payload);
    if (member.userId !== stored.message.senderId) {
      realtime.emitToUser(member.userId, 'onUpdateUnread', {
        sessionId: stored.message.sessionId,
        unreadCount: Math.max(0, stored.message.seq - member.readSeq),
      });
    }
  }
};

/**
 * A retried send of a stored message emits it again to every current member (only the message: counts were
 * sent the first time). The first delivery may have died with its process after the commit; clients drop
 * the copy they already hold by id, so a retry repairs a lost delivery and never shows a message twice.
 */
export const redeliver = async (exec: Executor, realtime: Realtime, message: MessageRow) => {
  const members = await exec
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.sessionId, message.sessionId));
  const payload = presentMessage(message);
  for (const member of members) realtime.emitToUser(member.userId, 'message', payload);
};

/**
 * Checks that `userId` may send in the session: a member, and in a `friend` single session still a friend of
 * the peer (a removed friend cannot send); in a group not muted, and the group not dissolved. Answers the session row.
 */
export const assertCanSend = async (tx: Executor, sessionId: number, userId: number) => {
  await memberOf(tx, sessionId, userId);
  const session = await sessionById(tx, sessionId);
  if (session.type === 'single' && session.kind === 'friend') {
    const peer = await peerOf(tx, sessionId, userId);
    if (peer === null || !(await areFriends(tx, userId, peer))) throw new AppError(ErrorCode.NotFriends);
  }
  // A block either way stops 1:1 messages, except customer service and the chat of an order already open
  // (both sides must still be able to finish the trade; no new order starts between them).
  if (session.type === 'single' && session.kind !== 'service' && !session.pairKey?.startsWith('order:')) {
    const peer = await peerOf(tx, sessionId, userId);
    if (peer !== null) await assertNotBlocked(tx, userId, peer);
  }
  if (session.type === 'group') {
    // SPEC §5: a muted member cannot send in the group; a dissolved group takes no messages.
    await groupPort().assertCanSend(tx, sessionId, userId);
  }
  return session;
};
