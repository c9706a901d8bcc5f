import type { ChatSession, MessageContentType } from '@chatpay/shared';
import type { GroupSessionView } from '../../../http/ports.ts';
import { visibleUsername } from '../friend/presenter.ts';
import type { SessionKind, SessionViewRow } from './queries.ts';

/**
 * A session as one member sees it (docs/product.md#sessions). A single session is named after the peer (my
 * remark first); the preview is the last message unless I cleared past it; `sender…` describe the last
 * message's sender. A group session is named after the group, its avatar is its first members' avatars
 * (`headimgs`).
 */
export const presentSession = (
  row: SessionViewRow,
  viewer: { id: number; friendIds: ReadonlySet<number> },
  group?: GroupSessionView,
): ChatSession => {
  const { session, member, peer, last, sender } = row;
  const visibleLast = last && last.seq > member.clearedSeq ? last : null;
  const updateTime = session.updateTime.toISOString();
  return {
    sessionId: session.id,
    id: session.id,
    type: session.type as ChatSession['type'],
    kind: session.kind as SessionKind,
    name: group ? group.name : row.remark || peer?.nickName || '',
    userId: session.type === 'single' ? (peer?.id ?? null) : null,
    content: visibleLast ? visibleLast.content : null,
    contentType: visibleLast ? (visibleLast.contentType as MessageContentType) : null,
    lastChatTime: session.lastChatTime?.toISOString() ?? updateTime,
    updateTime,
    lastSeq: session.lastSeq,
    readSeq: member.readSeq,
    peerReadSeq: session.type === 'single' ? (row.peerReadSeq ?? 0) : null,
    unreadCount: Math.max(0, session.lastSeq - member.readSeq),
    isDelete: member.isDelete,
    useNotify: member.useNotify,
    isTop: member.isTop,
    headimgs: group ? group.headimgs : (peer?.avatar ?? ''),
    // A group member or a trade contact is a stranger: no login name (friend/presenter.ts).
    senderUsername: visibleLast && sender ? visibleUsername(sender, viewer.id, viewer.friendIds) : null,
    senderNickName: visibleLast ? (sender?.nickName ?? null) : null,
    senderHeadImg: visibleLast ? (sender?.avatar ?? null) : null,
    trade: session.trade ?? null,
    groupInfo: group?.groupInfo ?? null,
  };
};
