import {
  type ChatMessage,
  EDIT_WINDOW_MS,
  type MessageContentType,
  type MessageReaction,
  RECALL_WINDOW_MS,
} from '@chatpay/shared';
import type { chatMessages } from '../tables.ts';
import { isMoneyContent } from './content.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

/**
 * The recall rule (messageApi.recall): until when its sender may recall the message (epoch ms, inclusive),
 * or null when nobody ever may: a transfer or red packet (the money has moved), an auto-reply, or a message
 * already recalled. The service refuses a recall by this same answer, so what clients are shown is what the
 * server allows.
 */
export const recallableUntil = (
  row: Pick<MessageRow, 'contentType' | 'isAutoReply' | 'recalled' | 'createTime'>,
): number | null =>
  row.isAutoReply || row.recalled || isMoneyContent(row.contentType)
    ? null
    : row.createTime.getTime() + RECALL_WINDOW_MS;

/**
 * The edit rule (messageApi.edit): until when its sender may edit the message (epoch ms, inclusive), or null
 * when nobody ever may: anything but text, an auto-reply, a recalled message. The edit call refuses by this
 * same answer.
 */
export const editableUntil = (
  row: Pick<MessageRow, 'contentType' | 'isAutoReply' | 'recalled' | 'createTime'>,
): number | null =>
  row.contentType !== 'text' || row.isAutoReply || row.recalled
    ? null
    : row.createTime.getTime() + EDIT_WINDOW_MS;

/**
 * A stored message as pages and the `message` socket event carry it. `reactions` are gathered by the caller
 * (reactions.ts); a message presented without them (a new one) has none.
 */
export const presentMessage = (row: MessageRow, reactions?: MessageReaction[]): ChatMessage => ({
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
  recallableUntil: recallableUntil(row),
  editableUntil: editableUntil(row),
  editTime: row.editTime?.toISOString() ?? null,
  ...(reactions?.length ? { reactions } : {}),
});

export const presentSendResult = (row: MessageRow) => ({
  id: row.id,
  sessionId: row.sessionId,
  seq: row.seq,
  clientMsgId: row.clientMsgId,
  createTime: row.createTime.toISOString(),
  recallableUntil: recallableUntil(row),
});
