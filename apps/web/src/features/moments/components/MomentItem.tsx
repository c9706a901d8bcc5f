import type { Moment, MomentComment } from '@chatpay/shared';
import { Popover } from 'antd-mobile';
import { ExclamationCircleOutline, HeartOutline, MessageOutline, MoreOutline } from 'antd-mobile-icons';
import { memo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { confirm } from '../../../lib/dialog.tsx';
import { thumbUrl } from '../../../lib/media-url.ts';
import { navigate } from '../../../lib/router/navigate.ts';
import { Paths } from '../../../lib/router/paths.ts';
import { toastError } from '../../../lib/toast.ts';
import { useLongPress } from '../../../lib/use-long-press.ts';
import { useSheet } from '../../../lib/use-sheet.ts';
import { timeAgo } from '../format.ts';
import { useDeleteComment, useDeleteMoment, useToggleLike } from '../queries.ts';
import type { CommentTarget } from './CommentBar.tsx';
import { ImageGrid } from './ImageGrid.tsx';
import '../moments.css';

interface Props {
  m: Moment;
  myId: number;
  onComment: (target: CommentTarget) => void;
  /** In the feed a tap on the time opens the detail page. */
  linkToDetail?: boolean;
}

/** How much of the moment's text the complaint form repeats to name it. */
const LABEL_MAX = 40;

const openProfile = (userId: number) => navigate({ path: Paths.chatUserDetail, query: { id: userId } });

/** One comment: a tap answers it (or offers to delete my own); a long press offers delete when I may. */
const CommentLine = ({
  c,
  canDelete,
  mine,
  onReply,
  onDelete,
}: {
  c: MomentComment;
  canDelete: boolean;
  mine: boolean;
  onReply: () => void;
  onDelete: () => void;
}) => {
  const press = useLongPress(() => canDelete && onDelete());
  return (
    <button
      type="button"
      className="moment-comment"
      data-testid={`comment-${c.id}`}
      onClick={mine ? onDelete : onReply}
      {...press}
    >
      <Trans
        i18nKey={c.replyToNickName ? 'moments.replyLine' : 'moments.commentLine'}
        values={{ from: c.nickName, to: c.replyToNickName ?? '' }}
        components={{ from: <span className="moment-name" />, to: <span className="moment-name" /> }}
      />
      <span className="moment-comment-text">{c.text}</span>
    </button>
  );
};

/** A post as on WeChat Moments: who, text, pictures or video, time, the like/comment menu, likes, comments. */
export const MomentItem = memo(({ m, myId, onComment, linkToDetail = true }: Props) => {
  const { t, i18n } = useTranslation();
  const [menu, setMenu] = useState(false);
  const like = useToggleLike();
  const removeMoment = useDeleteMoment();
  const removeComment = useDeleteComment();
  const showSheet = useSheet();

  const deleteMoment = async () => {
    if (!(await confirm(t('moments.deleteConfirm'), 'moment-delete-dialog', t('common.delete'), true)))
      return;
    removeMoment.mutate(m.id, {
      onSuccess: () => {
        if (!linkToDetail) navigate({ path: Paths.moments, mode: 'redirectTo' });
      },
      onError: toastError,
    });
  };

  const deleteComment = (c: MomentComment) => {
    const handler = showSheet({
      cancelText: t('common.cancel'),
      actions: [
        {
          key: 'delete',
          danger: true,
          text: <span data-testid="comment-action-delete">{t('common.delete')}</span>,
          onClick: async () => {
            handler.close();
            if (
              !(await confirm(
                t('moments.deleteCommentConfirm'),
                'comment-delete-dialog',
                t('common.delete'),
                true,
              ))
            )
              return;
            removeComment.mutate({ momentId: m.id, commentId: c.id }, { onError: toastError });
          },
        },
      ],
    });
  };

  const hasSocial = m.likes.length > 0 || m.comments.length > 0;
  return (
    <article className="moment" data-testid={`moment-${m.id}`}>
      <button type="button" className="moment-avatar" onClick={() => openProfile(m.userId)}>
        <UserAvatar src={m.avatar} size={42} />
      </button>
      <div className="moment-main">
        <button type="button" className="moment-author" onClick={() => openProfile(m.userId)}>
          {m.nickName}
        </button>
        {m.text ? (
          <div className="moment-text" data-testid={`moment-text-${m.id}`}>
            {m.text}
          </div>
        ) : null}
        <ImageGrid images={m.images} testId={`moment-images-${m.id}`} />
        {m.video ? (
          // biome-ignore lint/a11y/useMediaCaption: members' own clips have no captions
          <video
            className="moment-video"
            src={m.video.url}
            poster={m.video.poster ? thumbUrl(m.video.poster, 360) : undefined}
            controls
            playsInline
            // With a poster nothing of the video loads until it is played.
            preload={m.video.poster ? 'none' : 'metadata'}
            data-testid={`moment-video-${m.id}`}
          />
        ) : null}
        <div className="moment-meta">
          <button
            type="button"
            className="moment-time"
            onClick={
              linkToDetail ? () => navigate({ path: Paths.momentsDetail, query: { id: m.id } }) : undefined
            }
          >
            {timeAgo(m.createTime, i18n.language)}
          </button>
          {m.isMine ? (
            <button
              type="button"
              className="moment-delete"
              onClick={() => void deleteMoment()}
              data-testid={`moment-delete-${m.id}`}
            >
              {t('common.delete')}
            </button>
          ) : null}
          <Popover
            visible={menu}
            onVisibleChange={setMenu}
            mode="dark"
            placement="left"
            trigger="click"
            content={
              <div className="moment-menu">
                <button
                  type="button"
                  data-testid="moment-like"
                  onClick={() => {
                    setMenu(false);
                    like.mutate(m, { onError: toastError });
                  }}
                >
                  <HeartOutline /> {m.liked ? t('moments.unlike') : t('moments.like')}
                </button>
                <button
                  type="button"
                  data-testid="moment-comment"
                  onClick={() => {
                    setMenu(false);
                    onComment({ momentId: m.id });
                  }}
                >
                  <MessageOutline /> {t('moments.comment')}
                </button>
                {m.isMine ? null : (
                  <button
                    type="button"
                    data-testid="moment-complain"
                    onClick={() => {
                      setMenu(false);
                      navigate({
                        path: Paths.complainSubmit,
                        query: { targetKind: 'moment', targetId: m.id, label: m.text.slice(0, LABEL_MAX) },
                      });
                    }}
                  >
                    <ExclamationCircleOutline /> {t('moments.complain')}
                  </button>
                )}
              </div>
            }
          >
            <button
              type="button"
              className="moment-more"
              aria-label={t('moments.actions')}
              data-testid={`moment-more-${m.id}`}
            >
              <MoreOutline />
            </button>
          </Popover>
        </div>
        {hasSocial ? (
          <div className="moment-social">
            {m.likes.length > 0 ? (
              <div className="moment-likes" data-testid={`moment-likes-${m.id}`}>
                <HeartOutline className="moment-likes-icon" />
                {m.likes.map((l, i) => (
                  <span key={l.userId}>
                    {i > 0 ? ', ' : ''}
                    <button type="button" className="moment-name" onClick={() => openProfile(l.userId)}>
                      {l.nickName}
                    </button>
                  </span>
                ))}
              </div>
            ) : null}
            {m.comments.length > 0 ? (
              <div className="moment-comments" data-testid={`moment-comments-${m.id}`}>
                {m.comments.map((c) => (
                  <CommentLine
                    key={c.id}
                    c={c}
                    mine={c.userId === myId}
                    canDelete={c.userId === myId || m.isMine}
                    onReply={() => onComment({ momentId: m.id, replyTo: { id: c.id, name: c.nickName } })}
                    onDelete={() => deleteComment(c)}
                  />
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
});
