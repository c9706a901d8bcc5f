import { uploadAccept } from '@chatpay/shared';
import {
  AddCircleOutline,
  AudioOutline,
  CameraOutline,
  CloseCircleFill,
  FileOutline,
  GiftOutline,
  KeyOutline,
  PayCircleOutline,
  PictureOutline,
  SmileOutline,
  VideoOutline,
} from 'antd-mobile-icons';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSheet } from '../../../lib/use-sheet.ts';
import { draftOf, saveDraft, useComposing } from '../drafts.ts';
import { type Mentions, type MentionTarget, mentionsIn, typedAt } from '../mentions.ts';
import { EMOJI } from './emoji.ts';
import { VoiceButton } from './VoiceButton.tsx';

/** The pickers offer only what the server accepts (the shared list), so nothing fails after choosing. */
const IMAGE_ACCEPT = uploadAccept('image');
const VIDEO_ACCEPT = uploadAccept('video');
const ANY_ACCEPT = uploadAccept();

export type MediaKind = 'image' | 'video' | 'file';

interface Props {
  /** The chat and me: the draft is kept per chat (drafts.ts). */
  sessionId: number;
  userId: number | null;
  /** I may not send in this group (muted, or "mute all"): the bar says so instead of an input that would fail. */
  muted?: 'member' | 'all' | null;
  /** I typed something (the typing indicator of single chats; throttled by the caller). */
  onTyping?: () => void;
  /** The message my next text replies to (its text or kind), shown above the input with a cancel button. */
  quote?: string | null;
  onCancelQuote?: () => void;
  /**
   * My text message being edited: the input holds its text and sending saves it (`onEdit`); the draft
   * comes back when editing ends.
   */
  editing?: { id: number; text: string } | null;
  onEdit?: (text: string) => void;
  onCancelEdit?: () => void;
  onText: (text: string, mentions: Mentions) => void;
  /** Group chats: who "@" offers (not me), and whether @everyone is mine to use (owner or manager). */
  mentionables?: { userId: number; name: string }[];
  mentionEveryone?: boolean;
  onFile: (kind: MediaKind, file: File) => void;
  onVoice: (blob: Blob, seconds: number) => void;
  /** The panels open or close: the list stays pinned to its newest message. */
  onLayout: () => void;
  /** Opens the transfer composer; absent where transfers are not offered (group chats). */
  onTransfer?: () => void;
  onRedPacket?: () => void;
}

type Panel = 'none' | 'emoji' | 'attach';

/**
 * The input bar: voice toggle, text, emoji, and the attachment menu (docs/product.md#features) or the send
 * button.
 */
export const Composer = (props: Props) => {
  const { t } = useTranslation();
  if (props.muted) {
    return (
      <div className="composer" data-testid="composer" data-muted="1">
        <div className="composer-bar">
          <textarea
            className="composer-input"
            disabled
            rows={1}
            value=""
            placeholder={t(props.muted === 'all' ? 'group.muteAllHint' : 'chat.muted')}
            aria-label={t(props.muted === 'all' ? 'group.muteAllHint' : 'chat.muted')}
            data-testid="chat-input-muted"
          />
        </div>
      </div>
    );
  }
  return <WritingComposer {...props} />;
};

const WritingComposer = ({
  sessionId,
  userId,
  onText,
  onFile,
  onVoice,
  onLayout,
  onTransfer,
  onRedPacket,
  onTyping,
  quote,
  onCancelQuote,
  editing = null,
  onEdit,
  onCancelEdit,
  mentionables,
  mentionEveryone,
}: Props) => {
  const { t } = useTranslation();
  const showSheet = useSheet();
  // The names picked from the "@" list while writing this text (name → member or everyone).
  const picked = useRef(new Map<string, MentionTarget>());
  const [text, setTextState] = useState(() => draftOf(userId, sessionId));
  const setText = (next: string | ((v: string) => string)) =>
    setTextState((v) => {
      const value = typeof next === 'function' ? next(v) : next;
      // The text being edited is not a draft.
      if (!editing) saveDraft(userId, sessionId, value);
      return value;
    });
  // Editing swaps the draft out for the message's text and back when it ends.
  const draftBeforeEdit = useRef<string | null>(null);
  const editingId = editing?.id ?? null;
  const editingText = editing?.text ?? '';
  useEffect(() => {
    if (editingId !== null) {
      draftBeforeEdit.current ??= draftOf(userId, sessionId);
      setTextState(editingText);
      textarea.current?.focus();
    } else if (draftBeforeEdit.current !== null) {
      setTextState(draftBeforeEdit.current);
      draftBeforeEdit.current = null;
    }
  }, [editingId, editingText, userId, sessionId]);
  // While there is text in the input, an order event must not take the member away (drafts.ts).
  const writing = text.trim().length > 0;
  useEffect(() => {
    const { setComposing } = useComposing.getState();
    setComposing(writing ? sessionId : null);
    return () => {
      if (useComposing.getState().sessionId === sessionId) setComposing(null);
    };
  }, [writing, sessionId]);
  const [voice, setVoice] = useState(false);
  const [panel, setPanelState] = useState<Panel>('none');
  const inputs = {
    photo: useRef<HTMLInputElement>(null),
    camera: useRef<HTMLInputElement>(null),
    video: useRef<HTMLInputElement>(null),
    file: useRef<HTMLInputElement>(null),
  };
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Grows with its text up to four lines, like WeChat's input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 96)}px`;
  }, [text, voice]);
  const setPanel = (p: Panel) => {
    setPanelState(p);
    requestAnimationFrame(onLayout);
  };
  const send = () => {
    const value = text.trim();
    if (!value) return;
    if (editing) {
      onEdit?.(value);
      return;
    }
    onText(value, mentionsIn(value, picked.current));
    picked.current.clear();
    setText('');
  };
  /** "@" typed in a group: pick who; their name completes the "@" (WeChat's behaviour). */
  const offerMentions = () => {
    if (!mentionables) return;
    const targets: { key: MentionTarget; name: string }[] = [
      ...(mentionEveryone ? [{ key: 'all' as const, name: t('chat.mentionEveryone') }] : []),
      ...mentionables.map((m) => ({ key: m.userId, name: m.name })),
    ];
    if (targets.length === 0) return;
    const handler = showSheet({
      extra: t('chat.mentionPick'),
      cancelText: t('common.cancel'),
      actions: targets.map((target) => ({
        key: String(target.key),
        text: <span data-testid={`mention-pick-${target.key}`}>{target.name}</span>,
        onClick: () => {
          handler.close();
          picked.current.set(target.name, target.key);
          setText((v) => `${v}${target.name} `);
          textarea.current?.focus();
        },
      })),
    });
  };
  const pick = (kind: MediaKind) => (e: React.ChangeEvent<HTMLInputElement>) => {
    for (const file of Array.from(e.target.files ?? [])) {
      onFile(kind === 'image' && file.type.startsWith('video/') ? 'video' : kind, file);
    }
    e.target.value = '';
    setPanel('none');
  };
  const attach = [
    { key: 'photo', Icon: PictureOutline, ref: inputs.photo },
    { key: 'camera', Icon: CameraOutline, ref: inputs.camera },
    { key: 'video', Icon: VideoOutline, ref: inputs.video },
    { key: 'file', Icon: FileOutline, ref: inputs.file },
  ] as const;

  return (
    <div className="composer" data-testid="composer">
      {editing ? (
        <div className="composer-quote composer-edit" data-testid="composer-edit">
          <span className="composer-edit-label">{t('chat.edit.editing')}</span>
          <span className="composer-quote-text">{editing.text}</span>
          <button
            type="button"
            className="composer-icon"
            onClick={onCancelEdit}
            aria-label={t('chat.edit.cancel')}
            data-testid="composer-edit-cancel"
          >
            <CloseCircleFill />
          </button>
        </div>
      ) : null}
      {quote !== undefined && quote !== null && !editing ? (
        <div className="composer-quote" data-testid="composer-quote">
          <span className="composer-quote-text">{quote}</span>
          <button
            type="button"
            className="composer-icon"
            onClick={onCancelQuote}
            aria-label={t('chat.quoteCancel')}
            data-testid="composer-quote-cancel"
          >
            <CloseCircleFill />
          </button>
        </div>
      ) : null}
      <div className="composer-bar">
        <button
          type="button"
          className="composer-icon"
          onClick={() => {
            setVoice(!voice);
            setPanel('none');
          }}
          aria-label={voice ? t('chat.keyboard') : t('chat.voice.title')}
          data-testid="chat-voice-toggle"
        >
          {voice ? <KeyOutline /> : <AudioOutline />}
        </button>
        {voice ? (
          <VoiceButton onVoice={onVoice} />
        ) : (
          <textarea
            ref={textarea}
            className="composer-input"
            value={text}
            onChange={(e) => {
              const before = text;
              setText(e.target.value);
              if (e.target.value.trim()) onTyping?.();
              if (typedAt(before, e.target.value)) offerMentions();
            }}
            rows={1}
            maxLength={4000}
            aria-label={t('chat.inputPlaceholder')}
            enterKeyHint="send"
            placeholder={t('chat.inputPlaceholder')}
            data-testid="chat-input"
            onFocus={() => {
              setPanel('none');
              // The on-screen keyboard shrinks the page: keep the newest message in view once it is up.
              setTimeout(onLayout, 350);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
          />
        )}
        <button
          type="button"
          className="composer-icon"
          onClick={() => {
            setVoice(false);
            setPanel(panel === 'emoji' ? 'none' : 'emoji');
          }}
          aria-label={t('chat.emoji')}
          data-testid="chat-emoji"
        >
          <SmileOutline />
        </button>
        {text.trim() && !voice ? (
          <button
            type="button"
            className="composer-send"
            // Keeps the focus (and the on-screen keyboard) in the input, as chat apps do.
            onMouseDown={(e) => e.preventDefault()}
            onClick={send}
            data-testid="chat-send"
          >
            {t('chat.send')}
          </button>
        ) : (
          <button
            type="button"
            className="composer-icon"
            onClick={() => setPanel(panel === 'attach' ? 'none' : 'attach')}
            aria-label={t('chat.attach')}
            data-testid="chat-attach"
          >
            <AddCircleOutline />
          </button>
        )}
      </div>
      {panel === 'emoji' ? (
        <div className="emoji-panel" data-testid="emoji-panel">
          {EMOJI.map((e) => (
            <button key={e} type="button" className="emoji" onClick={() => setText((v) => v + e)}>
              {e}
            </button>
          ))}
        </div>
      ) : null}
      {panel === 'attach' ? (
        <div className="attach-panel" data-testid="attach-panel">
          {attach.map(({ key, Icon, ref }) => (
            <button
              key={key}
              type="button"
              className="attach-item"
              onClick={() => ref.current?.click()}
              data-testid={`attach-${key}`}
            >
              <span className="attach-icon">
                <Icon />
              </span>
              {t(`chat.attachMenu.${key}`)}
            </button>
          ))}
          {[
            { key: 'transfer', Icon: PayCircleOutline, onClick: onTransfer },
            { key: 'redPacket', Icon: GiftOutline, onClick: onRedPacket },
          ].map(({ key, Icon, onClick }) =>
            onClick ? (
              <button
                key={key}
                type="button"
                className="attach-item"
                onClick={() => {
                  setPanel('none');
                  onClick();
                }}
                data-testid={`attach-${key}`}
              >
                <span className="attach-icon">
                  <Icon />
                </span>
                {t(`chat.attachMenu.${key}`)}
              </button>
            ) : null,
          )}
        </div>
      ) : null}
      <input
        ref={inputs.photo}
        hidden
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        onChange={pick('image')}
        data-testid="file-photo"
      />
      <input
        ref={inputs.camera}
        hidden
        type="file"
        accept={IMAGE_ACCEPT}
        capture="environment"
        onChange={pick('image')}
        data-testid="file-camera"
      />
      <input
        ref={inputs.video}
        hidden
        type="file"
        accept={VIDEO_ACCEPT}
        onChange={pick('video')}
        data-testid="file-video"
      />
      <input
        ref={inputs.file}
        hidden
        type="file"
        accept={ANY_ACCEPT}
        onChange={pick('file')}
        data-testid="file-any"
      />
    </div>
  );
};
