import { type ChatSession, mentionsUser } from '@chatpay/shared';
import { Badge } from 'antd-mobile';
import { SoundMuteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { GroupAvatar } from '../../../components/GroupAvatar.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { useLongPress } from '../../../lib/use-long-press.ts';
import { myId } from '../engine.ts';
import { listTime, memberNames, previewText, sessionAvatar, sessionTitle } from '../format.ts';

/** One row of the session list: avatar with unread badge, name, last message, time, muted mark. */
export const SessionItem = ({
  session,
  onOpen,
  onMenu,
}: {
  session: ChatSession;
  onOpen: () => void;
  onMenu: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const press = useLongPress(onMenu);
  const unread = session.unreadCount;
  const muted = !session.useNotify;
  const badge = unread <= 0 ? null : muted ? Badge.dot : unread > 99 ? '99+' : unread;
  return (
    <button
      type="button"
      className={`session-item${session.isTop ? ' is-top' : ''}`}
      data-testid={`session-${session.id}`}
      data-unread={unread}
      onClick={onOpen}
      {...press}
    >
      <Badge content={badge} className="session-badge" data-testid={`session-badge-${session.id}`}>
        {session.type === 'group' ? (
          <GroupAvatar headimgs={session.headimgs} size={48} testId={`session-avatar-${session.id}`} />
        ) : (
          <UserAvatar src={sessionAvatar(session)} size={48} />
        )}
      </Badge>
      <div className="session-main">
        <div className="session-row">
          <span className="session-name">
            {session.trade ? (
              <span className="session-trade-tag" data-testid={`session-trade-${session.id}`}>
                {t('trade.tag')}
              </span>
            ) : null}
            {sessionTitle(session) || t('chat.unnamed')}
          </span>
          <span className="session-time">{listTime(session.lastChatTime, i18n.language)}</span>
        </div>
        <div className="session-row">
          <span className="session-preview" data-testid={`session-preview-${session.id}`}>
            {unread > 0 && mentionsUser(session.content, myId()) ? (
              <span className="session-mentioned" data-testid={`session-mentioned-${session.id}`}>
                {t('chat.mentionedMe')}
              </span>
            ) : null}
            {muted && unread > 1 ? t('chat.mutedCount', { count: unread }) : ''}
            {previewText(session.contentType, session.content, memberNames(session.groupInfo?.members))}
          </span>
          {muted ? <SoundMuteOutline className="session-muted" aria-label={t('chat.muted')} /> : null}
        </div>
      </div>
    </button>
  );
};
