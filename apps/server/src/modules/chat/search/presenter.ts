import type { ChatSession, MessageHit } from '@chatpay/shared';
import type { MessageMatchRow } from './queries.ts';

/** A message search hit, named after its chat as I see the chat (`session` from my session view). */
export const presentHit = (row: MessageMatchRow, session: ChatSession | undefined): MessageHit => ({
  id: row.id,
  sessionId: row.sessionId,
  seq: row.seq,
  senderId: row.senderId,
  senderName: row.senderRemark || row.senderNickName,
  senderAvatar: row.senderAvatar,
  text: row.text,
  createTime: row.createTime.toISOString(),
  sessionName: session?.name ?? '',
  sessionType: session?.type ?? 'single',
  sessionAvatar: session?.headimgs ?? '',
});
