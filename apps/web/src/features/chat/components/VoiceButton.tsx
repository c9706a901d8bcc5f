import { VOICE_MIN_SECONDS } from '@chatpay/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';

/** How far up the finger must slide to cancel, in px. */
const CANCEL_DISTANCE = 60;

type Phase = 'idle' | 'recording' | 'cancel';

/**
 * Hold to talk (docs/product.md#features): recording starts on press, release sends, sliding up cancels;
 * shorter than 1 s is not sent ("Too short").
 */
export const VoiceButton = ({ onVoice }: { onVoice: (blob: Blob, seconds: number) => void }) => {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const rec = useRef<{
    recorder: MediaRecorder | null;
    stream: MediaStream | null;
    chunks: Blob[];
    start: number;
    y: number;
    cancel: boolean;
    released: boolean;
  } | null>(null);

  const finish = () => {
    const r = rec.current;
    if (!r) return;
    r.released = true;
    const seconds = (Date.now() - r.start) / 1000;
    const stopTracks = () => {
      for (const track of r.stream?.getTracks() ?? []) track.stop();
    };
    setPhase('idle');
    rec.current = null;
    if (!r.recorder) {
      stopTracks();
      if (!r.cancel) toast(t('chat.voice.tooShort'));
      return;
    }
    const recorder = r.recorder;
    recorder.onstop = () => {
      stopTracks();
      if (r.cancel) return;
      if (seconds < VOICE_MIN_SECONDS) {
        toast(t('chat.voice.tooShort'));
        return;
      }
      onVoice(new Blob(r.chunks, { type: recorder.mimeType || 'audio/webm' }), Math.round(seconds * 10) / 10);
    };
    if (recorder.state !== 'inactive') recorder.stop();
    else recorder.onstop?.(new Event('stop'));
  };

  const begin = async (e: React.PointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const state = {
      recorder: null,
      stream: null,
      chunks: [] as Blob[],
      start: Date.now(),
      y: e.clientY,
      cancel: false,
      released: false,
    };
    rec.current = state;
    setPhase('recording');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      if (state.released) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const recorder = new MediaRecorder(stream);
      recorder.ondataavailable = (ev) => {
        if (ev.data.size > 0) state.chunks.push(ev.data);
      };
      recorder.start();
      Object.assign(state, { stream, recorder, start: Date.now() });
    } catch {
      rec.current = null;
      setPhase('idle');
      toast(t('chat.voice.noMic'));
    }
  };

  return (
    <>
      <button
        type="button"
        className={`voice-hold${phase !== 'idle' ? ' active' : ''}`}
        data-testid="chat-voice-hold"
        onPointerDown={(e) => void begin(e)}
        onPointerMove={(e) => {
          const r = rec.current;
          if (!r) return;
          r.cancel = r.y - e.clientY > CANCEL_DISTANCE;
          setPhase(r.cancel ? 'cancel' : 'recording');
        }}
        onPointerUp={finish}
        onPointerCancel={() => {
          if (rec.current) rec.current.cancel = true;
          finish();
        }}
        onContextMenu={(e) => e.preventDefault()}
      >
        {phase === 'idle' ? t('chat.voice.hold') : t('chat.voice.release')}
      </button>
      {phase !== 'idle' ? (
        <div className={`voice-overlay${phase === 'cancel' ? ' cancel' : ''}`} data-testid="voice-overlay">
          <div className="voice-wave">
            <span />
            <span />
            <span />
            <span />
            <span />
          </div>
          <div>{phase === 'cancel' ? t('chat.voice.releaseCancel') : t('chat.voice.slideCancel')}</div>
        </div>
      ) : null}
    </>
  );
};
