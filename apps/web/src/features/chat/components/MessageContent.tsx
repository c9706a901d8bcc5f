import { type MessageQuote, messageQuote, QUOTE_TEXT_MAX } from '@chatpay/shared';
import { ImageViewer, Mask, ProgressBar } from 'antd-mobile';
import { CloseOutline, FileOutline, PlayOutline, SoundOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockTime, thumbUrl } from '../../../lib/media-url.ts';
import { fileSize, previewText } from '../format.ts';
import { useKindBubble } from '../kinds.ts';
import { useChatStore } from '../store.ts';
import type { UiMessage } from '../thread.ts';
import { useUploadProgress } from '../upload-progress.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The media address to show: the local preview while it uploads (and after, to avoid a flicker). */
const mediaUrl = (m: UiMessage) => m.localUrl ?? str(m.content.url);

/**
 * A bubble's picture: the device preview while it uploads, else a thumbnail of this box
 * (sizes as docs/product.md#uploads says).
 */
const thumbOf = (m: UiMessage, key: 'url' | 'poster', box: [number, number]) =>
  m.localUrl && key === 'url' ? m.localUrl : thumbUrl(str(m.content[key]), box);

/** The upload of a pending media message: its percentage and a cancel button. */
const UploadOverlay = ({ m }: { m: UiMessage }) => {
  const { t } = useTranslation();
  const item = useUploadProgress((s) => (m.localUrl ? s.items[m.localUrl] : undefined));
  if (!item || m.status !== 'pending') return null;
  const percent = Math.round(item.fraction * 100);
  return (
    <span className="msg-upload" data-testid="upload-progress" data-percent={percent}>
      <ProgressBar percent={percent} />
      <span className="msg-upload-text">{t('upload.progress', { percent })}</span>
      <button
        type="button"
        className="msg-upload-cancel"
        aria-label={t('upload.cancel')}
        data-testid="upload-cancel"
        onClick={(e) => {
          e.stopPropagation();
          item.cancel();
        }}
      >
        <CloseOutline />
      </button>
    </span>
  );
};

let playing: HTMLAudioElement | null = null;

const Voice = ({ m, mine }: { m: UiMessage; mine: boolean }) => {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  const duration = Math.max(1, Math.round(num(m.content.duration)));
  useEffect(() => () => setActive(false), []);
  const toggle = () => {
    if (playing) {
      playing.pause();
      playing.dispatchEvent(new Event('ended'));
    }
    if (active) return;
    const audio = new Audio(mediaUrl(m));
    playing = audio;
    setActive(true);
    audio.addEventListener('ended', () => {
      setActive(false);
      if (playing === audio) playing = null;
    });
    audio.play().catch(() => setActive(false));
  };
  return (
    <button
      type="button"
      className={`msg-voice${active ? ' playing' : ''}${mine ? ' mine' : ''}`}
      style={{ width: `${Math.min(200, 70 + duration * 4)}px` }}
      onClick={toggle}
      aria-label={t('chat.preview.voice')}
      data-testid="msg-voice"
      data-duration={duration}
    >
      <SoundOutline className="msg-voice-icon" />
      <span>{`${duration}″`}</span>
    </button>
  );
};

const Video = ({ m }: { m: UiMessage }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const url = mediaUrl(m);
  const poster = str(m.content.poster) ? thumbOf(m, 'poster', [160, 120]) : '';
  const duration = num(m.content.duration);
  return (
    <>
      {/* The upload's cancel button sits beside the video's, not inside it (a button in a button). */}
      <span className="msg-media">
        <button
          type="button"
          className="msg-video"
          onClick={() => setOpen(true)}
          aria-label={t('chat.playVideo')}
          data-testid="msg-video"
        >
          {/* The poster frame (docs/product.md#uploads) instead of the video; else its first frame. */}
          {poster ? (
            <img src={poster} alt="" data-testid="msg-video-poster" />
          ) : (
            <video src={url} preload="metadata" muted playsInline />
          )}
          <PlayOutline className="msg-video-play" />
          {duration > 0 && (
            <span
              className="msg-video-duration"
              data-testid="msg-video-duration"
              title={t('upload.duration', { time: clockTime(duration) })}
            >
              {clockTime(duration)}
            </span>
          )}
        </button>
        <UploadOverlay m={m} />
      </span>
      <Mask visible={open} onMaskClick={() => setOpen(false)} opacity={0.9}>
        <div className="video-viewer">
          {/* biome-ignore lint/a11y/useMediaCaption: user videos have no captions */}
          <video
            src={open ? url : undefined}
            poster={str(m.content.poster) || undefined}
            controls
            autoPlay
            playsInline
            data-testid="video-viewer"
          />
        </div>
      </Mask>
    </>
  );
};

/** The quoted message inside a reply: its text, or what kind of message it was. */
/**
 * The quoted text as the quoted message reads now, when this device holds it and it was edited since the
 * reply copied it (the server's copy is the text at reply time); null otherwise.
 */
const useEditedQuote = (sessionId: number, quote: MessageQuote) =>
  useChatStore((s) => {
    const held = s.threads[sessionId]?.items.find((x) => x.id === quote.id);
    return held && held.contentType === 'text' && held.editTime
      ? String(held.content.text ?? '').slice(0, QUOTE_TEXT_MAX)
      : null;
  });

const QuoteBlock = ({
  sessionId,
  quote,
  onQuote,
}: {
  sessionId: number;
  quote: MessageQuote;
  onQuote?: (seq: number) => void;
}) => {
  const { t } = useTranslation();
  const edited = useEditedQuote(sessionId, quote);
  const label = edited ?? (quote.text || previewText(quote.contentType, {}) || t('chat.preview.message'));
  return (
    <button
      type="button"
      className="msg-quote"
      data-testid="msg-quote"
      data-quote-seq={quote.seq}
      onClick={(e) => {
        e.stopPropagation();
        onQuote?.(quote.seq);
      }}
    >
      {label}
    </button>
  );
};

/** A kind another feature registered (a transfer, a red packet): its own bubble, once its code is here. */
const KindBubble = ({ m, mine, theirName }: { m: UiMessage; mine: boolean; theirName: string }) => {
  const Bubble = useKindBubble(m.contentType);
  return Bubble ? <Bubble m={m} mine={mine} theirName={theirName} /> : null;
};

/** The inside of a bubble, by content type. `theirName` names the other member of a single chat. */
export const MessageContent = ({
  m,
  mine,
  theirName = '',
  onQuote,
}: {
  m: UiMessage;
  mine: boolean;
  theirName?: string;
  /** Tapping the quote of a reply jumps to the quoted message (by seq). */
  onQuote?: (seq: number) => void;
}) => {
  const { t } = useTranslation();
  switch (m.contentType) {
    case 'text': {
      const quote = messageQuote.safeParse(m.content.quote);
      return (
        <>
          {quote.success ? <QuoteBlock sessionId={m.sessionId} quote={quote.data} onQuote={onQuote} /> : null}
          <span className="msg-text">{str(m.content.text)}</span>
          {m.editTime ? (
            <span className="msg-edited" data-testid="msg-edited">
              {t('chat.edit.edited')}
            </span>
          ) : null}
        </>
      );
    }
    case 'image': {
      const w = num(m.content.width);
      const h = num(m.content.height);
      const ratio = w && h ? h / w : 0.75;
      const width = Math.min(160, ratio > 1 ? 160 / ratio : 160);
      return (
        <span className="msg-media">
          <button
            type="button"
            className="msg-image"
            // The viewer loads the original; the bubble a thumbnail of its own size.
            onClick={() => ImageViewer.show({ image: mediaUrl(m) })}
            aria-label={t('chat.viewPicture')}
            data-testid="msg-image"
          >
            <img
              src={thumbOf(m, 'url', [160, 240])}
              alt=""
              style={{ width, height: Math.round(width * ratio) }}
              data-testid="msg-image-thumb"
            />
          </button>
          <UploadOverlay m={m} />
        </span>
      );
    }
    case 'video':
      return <Video m={m} />;
    case 'voice':
      return <Voice m={m} mine={mine} />;
    case 'file':
      return (
        <a
          className="msg-file"
          href={str(m.content.url) || undefined}
          target="_blank"
          rel="noreferrer"
          data-testid="msg-file"
        >
          <span className="msg-file-text">
            <span className="msg-file-name">{str(m.content.name)}</span>
            <span className="msg-file-size">{fileSize(num(m.content.size))}</span>
          </span>
          <FileOutline className="msg-file-icon" />
        </a>
      );
    default:
      return <KindBubble m={m} mine={mine} theirName={theirName} />;
  }
};
