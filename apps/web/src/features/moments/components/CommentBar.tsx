import { MOMENT_COMMENT_MAX } from '@chatpay/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';

export interface CommentTarget {
  momentId: number;
  /** The comment answered, with its author's name. */
  replyTo?: { id: number; name: string };
}

interface Props {
  target: CommentTarget | null;
  sending: boolean;
  onSend: (text: string) => Promise<boolean>;
  onClose: () => void;
}

/** The input bar at the bottom while commenting, over a mask that closes it (as on WeChat). */
export const CommentBar = ({ target, sending, onSend, onClose }: Props) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const key = target ? `${target.momentId}:${target.replyTo?.id ?? 0}` : '';
  // A new target starts a new draft and brings the keyboard up.
  useEffect(() => {
    if (!key) return;
    setText('');
    input.current?.focus();
  }, [key]);
  if (!target) return null;
  const send = async () => {
    if (!text.trim() || sending) return;
    if (await onSend(text.trim())) setText('');
  };
  return (
    <>
      <button type="button" className="comment-mask" aria-label={t('common.cancel')} onClick={onClose} />
      <div className="comment-bar">
        <input
          ref={input}
          className="comment-input"
          data-testid="comment-input"
          value={text}
          maxLength={MOMENT_COMMENT_MAX}
          placeholder={
            target.replyTo
              ? t('moments.replyPlaceholder', { name: target.replyTo.name })
              : t('moments.commentPlaceholder')
          }
          aria-label={t('moments.comment')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void send();
            if (e.key === 'Escape') onClose();
          }}
        />
        <Button
          size="small"
          color="primary"
          disabled={!text.trim()}
          loading={sending}
          onClick={() => void send()}
          data-testid="comment-send"
        >
          {t('moments.send')}
        </Button>
      </div>
    </>
  );
};
