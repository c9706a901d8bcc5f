import { MESSAGE_SOUND_THROTTLE_MS } from '@chatpay/shared';
import { throttle } from '../../lib/throttle.ts';
import { soundAllowed } from '../settings/index.ts';

let ctx: AudioContext | null = null;
const allowed = throttle(MESSAGE_SOUND_THROTTLE_MS);

/**
 * A short two-tone chime made with WebAudio, at most once per 1000 ms (docs/product.md#messages); silent when
 * turned off.
 */
export const playMessageSound = () => {
  if (!soundAllowed() || !allowed()) return;
  try {
    ctx ??= new AudioContext();
    const now = ctx.currentTime;
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
    for (const [freq, at] of [
      [880, 0],
      [1320, 0.09],
    ] as const) {
      const osc = ctx.createOscillator();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(freq, now + at);
      osc.connect(gain);
      osc.start(now + at);
      osc.stop(now + 0.3);
    }
  } catch {
    // No audio (autoplay policy, no device): the badge still tells.
  }
};
