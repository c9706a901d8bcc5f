import type { ReactionEmoji } from '@chatpay/shared';
import { DotLoading } from 'antd-mobile';
import { forwardRef, useCallback, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { needsSeparator } from '../format.ts';
import type { UiMessage } from '../thread.ts';
import { MessageRow } from './MessageRow.tsx';

/** Virtuoso's index of the first item; it goes down as history is prepended so the view does not jump. */
const START = 1_000_000;

export interface MessageListHandle {
  toBottom: (smooth?: boolean) => void;
  /** Scrolls to the message with this seq and highlights it; false when it is not loaded. */
  toSeq: (seq: number) => boolean;
  /** Tell the list that `count` older messages were put in front. */
  prepended: (count: number) => void;
}

interface Props {
  items: UiMessage[];
  myId: number | null;
  myAvatar: string;
  theirAvatar: string;
  theirName: string;
  /**
   * An order chat: its other trader's id. Anyone else writing there is customer service (support is never a
   * member, docs/design/market.md "Order chat"), shown as such and not under the trader's avatar.
   */
  tradePeerId?: number | null;
  /** An order chat: how far the other trader has read; my sent messages show Read or Unread. */
  peerReadSeq?: number | null;
  /** In a group: each member's avatar and name there, by user id. */
  members?: ReadonlyMap<number, { avatar: string; name: string }>;
  hasMoreOlder: boolean;
  /** My newest message the peer of a single chat has read: "Read" shows under it. */
  readId?: number | null;
  onLoadOlder: () => Promise<number>;
  onMenu: (m: UiMessage) => void;
  onRetry: (m: UiMessage) => void;
  /** Reactions: set or take back mine, open the picker, show who (absent where the chat is read-only). */
  onReact?: ((m: UiMessage, emoji: ReactionEmoji, active: boolean) => void) | undefined;
  onReactMore?: ((m: UiMessage) => void) | undefined;
  onWho?: ((m: UiMessage) => void) | undefined;
  onQuote?: (seq: number) => void;
}

/** The chat's virtualised list: opens at the newest message, loads history upward, follows new ones. */
export const MessageList = forwardRef<MessageListHandle, Props>(
  (
    {
      items,
      myId,
      myAvatar,
      theirAvatar,
      theirName,
      tradePeerId,
      peerReadSeq,
      members,
      hasMoreOlder,
      readId,
      onLoadOlder,
      onMenu,
      onRetry,
      onReact,
      onReactMore,
      onWho,
      onQuote,
    },
    ref,
  ) => {
    const { t } = useTranslation();
    const virtuoso = useRef<VirtuosoHandle>(null);
    const [firstIndex, setFirstIndex] = useState(START - items.length);
    const [loading, setLoading] = useState(false);
    const [highlight, setHighlight] = useState<number | null>(null);
    const nameOf = useCallback((id: number) => members?.get(id)?.name, [members]);
    useImperativeHandle(ref, () => ({
      toBottom: (smooth = false) =>
        virtuoso.current?.scrollToIndex({
          index: 'LAST',
          align: 'end',
          behavior: smooth ? 'smooth' : 'auto',
        }),
      prepended: (count) => setFirstIndex((i) => i - count),
      toSeq: (seq) => {
        const index = items.findIndex((m) => m.status === 'sent' && m.seq === seq);
        if (index < 0) return false;
        virtuoso.current?.scrollToIndex({ index, align: 'center' });
        setHighlight(seq);
        setTimeout(() => setHighlight((h) => (h === seq ? null : h)), 2000);
        return true;
      },
    }));
    const loadOlder = useCallback(async () => {
      if (!hasMoreOlder || loading) return;
      setLoading(true);
      try {
        const count = await onLoadOlder();
        setFirstIndex((i) => i - count);
      } finally {
        setLoading(false);
      }
    }, [hasMoreOlder, loading, onLoadOlder]);

    return (
      <Virtuoso
        ref={virtuoso}
        className="msg-list"
        data-testid="msg-list"
        data={items}
        firstItemIndex={firstIndex}
        initialTopMostItemIndex={Math.max(0, items.length - 1)}
        alignToBottom
        defaultItemHeight={72}
        followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
        startReached={() => void loadOlder()}
        increaseViewportBy={{ top: 1200, bottom: 600 }}
        computeItemKey={(_i, m) => m.clientMsgId || `id-${m.id}`}
        components={{
          Header: () =>
            loading ? (
              <div className="msg-more">
                <DotLoading />
              </div>
            ) : !hasMoreOlder && items.length > 0 ? (
              <div className="msg-more">{t('chat.noMore')}</div>
            ) : (
              <div className="msg-more" />
            ),
          Footer: () => <div className="msg-footer" />,
        }}
        itemContent={(index, m) => {
          const prev = items[index - firstIndex - 1];
          const mine = m.senderId === myId;
          const sender = mine ? undefined : members?.get(m.senderId);
          const staff = !mine && tradePeerId != null && m.senderId !== tradePeerId;
          const read =
            mine && peerReadSeq != null && m.status === 'sent' && m.contentType !== 'notice'
              ? m.seq <= peerReadSeq
              : undefined;
          return (
            <MessageRow
              m={m}
              mine={mine}
              staff={staff}
              tradeRead={read}
              avatar={mine ? myAvatar : (sender?.avatar ?? theirAvatar)}
              theirName={theirName}
              senderName={sender?.name}
              nameOf={members ? nameOf : undefined}
              showTime={needsSeparator(prev?.createTime, m.createTime)}
              read={mine && readId === m.id}
              onMenu={onMenu}
              onRetry={onRetry}
              myId={myId}
              onReact={onReact}
              onReactMore={onReactMore}
              onWho={onWho}
              onQuote={onQuote}
              highlight={m.status === 'sent' && m.seq === highlight}
            />
          );
        }}
      />
    );
  },
);
