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
  /** Tell the list that `count` older messages were put in front. */
  prepended: (count: number) => void;
}

interface Props {
  items: UiMessage[];
  myId: number | null;
  myAvatar: string;
  theirAvatar: string;
  theirName: string;
  /** In a group: each member's avatar and name there, by user id. */
  members?: ReadonlyMap<number, { avatar: string; name: string }>;
  hasMoreOlder: boolean;
  onLoadOlder: () => Promise<number>;
  onMenu: (m: UiMessage) => void;
  onRetry: (m: UiMessage) => void;
}

/** The chat's virtualised list: opens at the newest message, loads history upward, follows new ones. */
export const MessageList = forwardRef<MessageListHandle, Props>(
  (
    { items, myId, myAvatar, theirAvatar, theirName, members, hasMoreOlder, onLoadOlder, onMenu, onRetry },
    ref,
  ) => {
    const { t } = useTranslation();
    const virtuoso = useRef<VirtuosoHandle>(null);
    const [firstIndex, setFirstIndex] = useState(START - items.length);
    const [loading, setLoading] = useState(false);
    const nameOf = useCallback((id: number) => members?.get(id)?.name, [members]);
    useImperativeHandle(ref, () => ({
      toBottom: (smooth = false) =>
        virtuoso.current?.scrollToIndex({
          index: 'LAST',
          align: 'end',
          behavior: smooth ? 'smooth' : 'auto',
        }),
      prepended: (count) => setFirstIndex((i) => i - count),
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
          return (
            <MessageRow
              m={m}
              mine={mine}
              avatar={mine ? myAvatar : (sender?.avatar ?? theirAvatar)}
              theirName={theirName}
              senderName={sender?.name}
              nameOf={members ? nameOf : undefined}
              showTime={needsSeparator(prev?.createTime, m.createTime)}
              onMenu={onMenu}
              onRetry={onRetry}
            />
          );
        }}
      />
    );
  },
);
