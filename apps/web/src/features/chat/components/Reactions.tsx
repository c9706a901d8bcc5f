import { type MessageReaction, QUICK_REACTIONS, REACTION_EMOJI, type ReactionEmoji } from '@chatpay/shared';
import { Popup } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { UiMessage } from '../thread.ts';

/** Whether I am among those who reacted with this emoji. */
export const reactedByMe = (r: MessageReaction, myId: number | null) => r.users.some((u) => u.id === myId);

/** The reactions under a bubble: one chip per emoji with its count; tapping mine takes it back, theirs adds mine. */
export const ReactionsRow = ({
  m,
  myId,
  mine,
  onToggle,
  onWho,
}: {
  m: UiMessage;
  myId: number | null;
  mine: boolean;
  onToggle?: ((m: UiMessage, emoji: ReactionEmoji, active: boolean) => void) | undefined;
  onWho?: ((m: UiMessage) => void) | undefined;
}) => {
  const { t } = useTranslation();
  const reactions = m.reactions ?? [];
  if (reactions.length === 0) return null;
  return (
    <div className={`msg-reactions${mine ? ' mine' : ''}`} data-testid={`msg-reactions-${m.clientMsgId}`}>
      {reactions.map((r) => {
        const me = reactedByMe(r, myId);
        return (
          <button
            type="button"
            key={r.emoji}
            className={`msg-reaction${me ? ' is-mine' : ''}`}
            aria-pressed={me}
            aria-label={t('chat.reactions.chip', { emoji: r.emoji, count: r.count })}
            data-testid={`reaction-${r.emoji}`}
            data-count={r.count}
            disabled={!onToggle}
            onClick={() => onToggle?.(m, r.emoji as ReactionEmoji, !me)}
          >
            <span aria-hidden="true">{r.emoji}</span>
            <span className="msg-reaction-count" aria-hidden="true">
              {r.count}
            </span>
          </button>
        );
      })}
      {onWho ? (
        <button
          type="button"
          className="msg-reaction msg-reaction-who"
          aria-label={t('chat.reactions.who')}
          data-testid="reaction-who"
          onClick={() => onWho(m)}
        >
          {t('chat.reactions.whoShort')}
        </button>
      ) : null}
    </div>
  );
};

/** The quick row of six in the message menu, and "more" for the picker. */
export const QuickReactions = ({
  m,
  myId,
  onPick,
  onMore,
}: {
  m: UiMessage;
  myId: number | null;
  onPick: (emoji: ReactionEmoji, active: boolean) => void;
  onMore: () => void;
}) => {
  const { t } = useTranslation();
  const mineNow = (emoji: string) =>
    (m.reactions ?? []).some((r) => r.emoji === emoji && reactedByMe(r, myId));
  return (
    <div className="reaction-quick" data-testid="reaction-quick">
      {QUICK_REACTIONS.map((emoji) => (
        <button
          type="button"
          key={emoji}
          className={`reaction-quick-item${mineNow(emoji) ? ' is-mine' : ''}`}
          aria-label={t('chat.reactions.add', { emoji })}
          aria-pressed={mineNow(emoji)}
          data-testid={`reaction-quick-${emoji}`}
          onClick={() => onPick(emoji, !mineNow(emoji))}
        >
          {emoji}
        </button>
      ))}
      <button
        type="button"
        className="reaction-quick-item reaction-more"
        aria-label={t('chat.reactions.more')}
        data-testid="reaction-more"
        onClick={onMore}
      >
        <AddOutline />
      </button>
    </div>
  );
};

/** Every emoji a reaction may use, in a grid. */
export const ReactionPicker = ({
  m,
  myId,
  onPick,
  onClose,
}: {
  m: UiMessage | null;
  myId: number | null;
  onPick: (m: UiMessage, emoji: ReactionEmoji, active: boolean) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const mineNow = (emoji: string) =>
    (m?.reactions ?? []).some((r) => r.emoji === emoji && reactedByMe(r, myId));
  return (
    <Popup
      visible={m !== null}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="reaction-sheet"
    >
      <div className="reaction-sheet-title">{t('chat.reactions.pick')}</div>
      <div className="reaction-grid" data-testid="reaction-picker">
        {REACTION_EMOJI.map((emoji) => (
          <button
            type="button"
            key={emoji}
            className={`reaction-grid-item${mineNow(emoji) ? ' is-mine' : ''}`}
            aria-label={t('chat.reactions.add', { emoji })}
            aria-pressed={mineNow(emoji)}
            data-testid={`reaction-pick-${emoji}`}
            onClick={() => m && onPick(m, emoji, !mineNow(emoji))}
          >
            {emoji}
          </button>
        ))}
      </div>
    </Popup>
  );
};

/** Who reacted with what: the names under each emoji. */
export const WhoReacted = ({ m, onClose }: { m: UiMessage | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Popup
      visible={m !== null}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="reaction-sheet"
    >
      <div className="reaction-sheet-title">{t('chat.reactions.who')}</div>
      <ul className="reaction-who" data-testid="reaction-who-sheet">
        {(m?.reactions ?? []).map((r) => (
          <li key={r.emoji} className="reaction-who-group" data-testid={`reaction-who-${r.emoji}`}>
            <span className="reaction-who-emoji">{`${r.emoji} ${r.count}`}</span>
            <span className="reaction-who-names">
              {r.users.map((u) => u.nickName).join(t('chat.reactions.separator'))}
              {r.count > r.users.length
                ? t('chat.reactions.andMore', { count: r.count - r.users.length })
                : ''}
            </span>
          </li>
        ))}
      </ul>
    </Popup>
  );
};
