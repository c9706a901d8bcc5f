import type { ChatMessage, MessageContentType } from '@chatpay/shared';
import type { chatMessages } from '../tables.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

/** A stored message as pages and the `message` socket event carry it. */
export const presentMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  sessionId: row.sessionId,
  seq: row.seq,
  clientMsgId: row.clientMsgId,
  senderId: row.senderId,
  contentType: row.contentType as MessageContentType,
  content: row.content,
  createTime: row.createTime.toISOString(),
  isAutoReply: row.isAutoReply,
  recalled: row.recalled,
  changeSeq: row.changeSeq,
});

export const presentSendResult = (row: MessageRow) => ({
  id: row.id,
  sessionId: row.sessionId,
  seq: row.seq,
  clientMsgId: row.clientMsgId,
  createTime: row.createTime.toISOString(),
});
