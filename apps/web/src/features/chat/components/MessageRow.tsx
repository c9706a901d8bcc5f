import { SpinLoading } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { type NameOf, noticeText, separatorTime } from '../format.ts';
import type { UiMessage } from '../thread.ts';
import { useLongPress } from '../useLongPress.ts';
import { MessageContent } from './MessageContent.tsx';

interface Props {
  m: UiMessage;
  mine: boolean;
  avatar: string;
  /** The other member's name, for "X recalled a message". */
  theirName: string;
  /** In a group: the sender's name in the group (their alias there, else their nick name) above the bubble. */
  senderName?: string;
  /** In a group: member names for its notices. */
  nameOf?: NameOf;
  showTime: boolean;
  onMenu: (m: UiMessage) => void;
  onRetry: (m: UiMessage) => void;
}

/** One line of the chat: optional time separator, then a notice or a bubble left (theirs) or right (mine). */
export const MessageRow = memo(
  ({ m, mine, avatar, theirName, senderName, nameOf, showTime, onMenu, onRetry }: Props) => {
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
    // Media and money cards draw their own shape.
    const bare = ['image', 'video', 'transfer', 'redpacket'].includes(m.contentType);
    const bubble = (
      <div className={`msg-bubble ${m.contentType}${bare ? ' bare' : ''}`} {...press}>
        <MessageContent m={m} mine={mine} theirName={theirName} />
      </div>
    );
    return (
      <div className="msg-line" {...common}>
        {time}
        <div className={`msg-row${mine ? ' mine' : ''}`}>
          <UserAvatar src={avatar} size={40} />
          {senderName ? (
            <div className="msg-col">
              <div className="msg-sender" data-testid="msg-sender">
                {senderName}
              </div>
              {bubble}
            </div>
          ) : (
            bubble
          )}
          {m.status === 'pending' ? (
            <SpinLoading className="msg-state" style={{ '--size': '16px' }} aria-label={t('chat.sending')} />
          ) : null}
          {m.status === 'failed' ? (
            <button
              type="button"
              className="msg-state msg-failed"
              onClick={() => onRetry(m)}
              aria-label={t('chat.retry')}
              data-testid={`msg-retry-${m.clientMsgId}`}
            >
              <ExclamationCircleFill />
            </button>
          ) : null}
        </div>
      </div>
    );
  },
);
