import { AUTO_REPLY_QUIET_MS, type AutoReplyContentType } from '@chatpay/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../../db/connection.ts';
import type { GroupPort } from '../../../http/ports.ts';
import type { Realtime } from '../../../realtime/socket.ts';
import { chatAutoReplies, chatMembers, chatSessions } from '../tables.ts';
import { assertCanSend, deliver, type StoredMessage, storeMessage } from './store.ts';

/**
 * Auto-reply rule (docs/design/chat-delivery.md): in a single session, the peer's auto-reply is sent once
 * per conversation burst — again only after the peer sent something themselves there, or after 30 minutes.
 * The conditional UPDATE of the peer's member row makes concurrent triggers produce one reply.
 * Never fails the triggering send.
 */
export const sendAutoReply = async (
  db: Db,
  realtime: Realtime,
  log: Logger,
  groups: GroupPort,
  trigger: StoredMessage,
) => {
  const { message } = trigger;
  if (trigger.sessionType !== 'single' || message.isAutoReply || message.contentType === 'notice') return;
  const ownerRow = trigger.members.find((m) => m.userId !== message.senderId);
  // The store read whether the peer has an auto-reply on: most have not, and then nothing is queried.
  if (ownerRow === undefined || ownerRow.autoReply === false) return;
  const owner = ownerRow.userId;
  try {
    const [reply] = await db
      .select()
      .from(chatAutoReplies)
      .where(and(eq(chatAutoReplies.userId, owner), eq(chatAutoReplies.enabled, true)));
    if (!reply) return;
    const stored = await db.transaction(async (tx) => {
      // Session row before member rows, the order storeMessage locks in.
      await tx
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(eq(chatSessions.id, message.sessionId))
        .for('update');
      const now = new Date();
      const claimed = await tx
        .update(chatMembers)
        .set({ autoReplyTime: now })
        .where(
          and(
            eq(chatMembers.sessionId, message.sessionId),
            eq(chatMembers.userId, owner),
            or(
              isNull(chatMembers.autoReplyTime),
              lt(chatMembers.autoReplyTime, chatMembers.lastSendTime),
              lt(chatMembers.autoReplyTime, new Date(now.getTime() - AUTO_REPLY_QUIET_MS)),
            ),
          ),
        )
        .returning({ userId: chatMembers.userId });
      if (claimed.length === 0) return null;
      await assertCanSend(tx, message.sessionId, owner, groups);
      return storeMessage(tx, {
        sessionId: message.sessionId,
        senderId: owner,
        clientMsgId: `auto:${message.id}`,
        contentType: reply.contentType,
        content: reply.content,
        isAutoReply: true,
      });
    });
    if (stored) deliver(realtime, stored);
  } catch (error) {
    log.warn({ err: error, messageId: message.id }, 'auto-reply not sent');
  }
};

export const getAutoReply = async (db: Db, userId: number) => {
  const [row] = await db.select().from(chatAutoReplies).where(eq(chatAutoReplies.userId, userId));
  if (!row) return { enabled: false, contentType: 'text' as const, content: null };
  return {
    enabled: row.enabled,
    contentType: row.contentType as AutoReplyContentType,
    content: row.content,
  };
};

/** Stores my auto-reply; `content` has been checked by the message content rules. */
export const setAutoReply = async (
  db: Db,
  userId: number,
  input: { enabled: boolean; contentType: AutoReplyContentType; content: Record<string, unknown> },
) => {
  const values = { userId, ...input, updateTime: new Date() };
  await db
    .insert(chatAutoReplies)
    .values(values)
    .onConflictDoUpdate({ target: chatAutoReplies.userId, set: values });
  return getAutoReply(db, userId);
};
