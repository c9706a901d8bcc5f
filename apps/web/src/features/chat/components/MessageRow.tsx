import type { ReactionEmoji } from '@chatpay/shared';
import { ExclamationCircleFill, SmileOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LabeledSpinner } from '../../../components/LabeledSpinner.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useLongPress } from '../../../lib/use-long-press.ts';
import { type NameOf, noticeText, separatorTime } from '../format.ts';
import { hasNoticeCard, isBareKind, useNoticeCard } from '../kinds.ts';
import type { UiMessage } from '../thread.ts';
import { MessageContent } from './MessageContent.tsx';
import { ReactionsRow } from './Reactions.tsx';
import { StaffAvatar } from './StaffAvatar.tsx';

/** A notice another feature draws as a card of its own (an order's payment details). */
const NoticeCard = ({ type, content }: { type: string; content: Record<string, unknown> }) => {
  const Card = useNoticeCard(type);
  return Card ? <Card content={content} /> : null;
};

interface Props {
  m: UiMessage;
  mine: boolean;
  /** Customer service writing into an order chat: its own avatar, name and bubble style. */
  staff?: boolean;
  /** An order chat, my message: whether the other trader has read it. */
  tradeRead?: boolean | undefined;
  avatar: string;
  /** The other member's name, for "X recalled a message". */
  theirName: string;
  /** In a group: the sender's name in the group (their alias there, else their nick name) above the bubble. */
  senderName?: string;
  /** In a group: member names for its notices. */
  nameOf?: NameOf;
  showTime: boolean;
  /** A read receipt: the peer of a single chat has read up to this message of mine. */
  read?: boolean;
  onMenu: (m: UiMessage) => void;
  /** A failed message of mine was tapped: send it again or delete it. */
  onRetry: (m: UiMessage) => void;
  /** The quote of a reply was tapped: show the quoted message. */
  onQuote?: (seq: number) => void;
  /** This row was jumped to from a quote: it is highlighted for a moment. */
  highlight?: boolean;
  /** Me, to mark my own reactions. */
  myId?: number | null;
  /** Sets or takes back my reaction (absent where the chat is read-only). */
  onReact?: ((m: UiMessage, emoji: ReactionEmoji, active: boolean) => void) | undefined;
  /** Opens the emoji picker for this message (the hover button on desktop). */
  onReactMore?: ((m: UiMessage) => void) | undefined;
  /** Shows who reacted with what. */
  onWho?: ((m: UiMessage) => void) | undefined;
}

/** One line of the chat: optional time separator, then a notice or a bubble left (theirs) or right (mine). */
export const MessageRow = memo(
  ({
    m,
    mine,
    staff,
    tradeRead,
    avatar,
    theirName,
    senderName,
    nameOf,
    showTime,
    read,
    onMenu,
    onRetry,
    onQuote,
    highlight,
    myId = null,
    onReact,
    onReactMore,
    onWho,
  }: Props) => {
    const { t, i18n } = useTranslation();
    const press = useLongPress(() => onMenu(m));
    const time = showTime ? (
      <div className="msg-time" data-testid="msg-time">
        {separatorTime(m.createTime, i18n.language)}
      </div>
    ) : null;
    const common = {
      'data-testid': `msg-${m.clientMsgId}`,
      'data-seq': m.seq,
      'data-status': m.status,
      'data-type': m.contentType,
    };
    const noticeType = m.contentType === 'notice' ? String(m.content?.type ?? '') : '';
    if (noticeType && hasNoticeCard(noticeType)) {
      return (
        <div className="msg-line" {...common}>
          {time}
          <NoticeCard type={noticeType} content={m.content} />
        </div>
      );
    }
    if (m.contentType === 'notice') {
      let text = noticeText(m.content, nameOf);
      if (m.recalled && mine) text = t('chat.notice.recallMine');
      else if (m.recalled && theirName) text = t('chat.notice.recallBy', { name: theirName });
      return (
        <div className="msg-line" {...common}>
          {time}
          <div className="msg-notice">{text}</div>
        </div>
      );
    }
    // Media and other features' cards (money) draw their own shape.
    const bare = m.contentType === 'image' || m.contentType === 'video' || isBareKind(m.contentType);
    const reactable = onReactMore && m.status === 'sent' && !m.recalled;
    const bubble = (
      <div className={`msg-bubble ${m.contentType}${bare ? ' bare' : ''}${staff ? ' staff' : ''}`} {...press}>
        <MessageContent m={m} mine={mine} theirName={theirName} onQuote={onQuote} />
      </div>
    );
    // Desktop: a hover button beside the bubble opens the picker (the long-press menu has the quick row).
    const hoverReact = reactable ? (
      <button
        type="button"
        className="msg-react-hover"
        aria-label={t('chat.reactions.more')}
        data-testid={`msg-react-hover-${m.clientMsgId}`}
        onClick={() => onReactMore(m)}
      >
        <SmileOutline />
      </button>
    ) : null;
    return (
      <div
        className={`msg-line${highlight ? ' msg-highlight' : ''}`}
        {...common}
        data-highlight={highlight ? 1 : 0}
      >
        {time}
        <div className={`msg-row${mine ? ' mine' : ''}`} data-staff={staff ? 'true' : undefined}>
          {staff ? <StaffAvatar /> : <UserAvatar src={avatar} size={40} />}
          {senderName || staff ? (
            <div className="msg-col">
              <div className={`msg-sender${staff ? ' staff' : ''}`} data-testid="msg-sender">
                {staff ? t('trade.support') : senderName}
              </div>
              {bubble}
            </div>
          ) : (
            bubble
          )}
          {hoverReact}
          {tradeRead === undefined ? null : (
            <span
              className={`msg-trade-read${tradeRead ? ' is-read' : ''}`}
              data-testid="msg-read"
              data-read={tradeRead}
            >
              {tradeRead ? t('trade.read') : t('trade.unread')}
            </span>
          )}
          {m.status === 'pending' ? (
            <LabeledSpinner className="msg-state" size="16px" label={t('chat.sending')} />
          ) : null}
          {m.status === 'failed' ? (
            <button
              type="button"
              className="msg-state msg-failed"
              onClick={() => onRetry(m)}
              aria-label={m.refused ? t('chat.failedMenu') : t('chat.retry')}
              data-testid={`msg-retry-${m.clientMsgId}`}
            >
              <ExclamationCircleFill />
            </button>
          ) : null}
        </div>
        <ReactionsRow m={m} myId={myId} mine={mine} onToggle={onReact} onWho={onWho} />
        {read ? (
          <div className="msg-read" data-testid="msg-read">
            {t('chat.read')}
          </div>
        ) : null}
        {m.refused ? (
          <div className="msg-refused" data-testid={`msg-refused-${m.clientMsgId}`}>
            {t('chat.notSent', { reason: m.refused })}
          </div>
        ) : null}
      </div>
    );
  },
);
