import { upload } from '../../lib/upload.ts';
import { videoPoster } from '../../lib/video-poster.ts';
import { sendMessage } from './outbox-send.ts';
import { tracked } from './upload-progress.ts';

const imageSize = (url: string) =>
  new Promise<{ width?: number; height?: number }>((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve({});
    img.src = url;
  });

/**
 * A picture: shown at once from the device, uploaded in the outbox (with a progress bar and a cancel button
 * on its bubble), then sent with its URL and size. Several pictures queue: the outbox sends them in order.
 */
export const sendImage = async (sessionId: number, file: File) => {
  const localUrl = URL.createObjectURL(file);
  const size = await imageSize(localUrl);
  sendMessage(
    sessionId,
    'image',
    { url: localUrl, ...size },
    {
      localUrl,
      prepare: async () => ({ url: await tracked(localUrl, (o) => upload(file, undefined, o)), ...size }),
    },
  );
};

/**
 * A video (with its poster frame at 1 s and its duration, made here before upload) or any file. The poster
 * is small and goes first; the progress bar follows the video itself.
 */
export const sendMedia = async (sessionId: number, kind: 'video' | 'file', file: File) => {
  const localUrl = URL.createObjectURL(file);
  const meta = kind === 'file' ? { name: file.name || 'file', size: file.size } : {};
  const shot = kind === 'video' ? await videoPoster(localUrl) : {};
  const posterUrl = shot.poster ? URL.createObjectURL(shot.poster) : undefined;
  const videoMeta = shot.duration ? { duration: shot.duration } : {};
  sendMessage(
    sessionId,
    kind,
    {
      url: kind === 'file' ? '' : localUrl,
      ...meta,
      ...videoMeta,
      ...(posterUrl ? { poster: posterUrl } : {}),
    },
    {
      localUrl: kind === 'file' ? undefined : localUrl,
      prepare: async () => {
        const poster = shot.poster ? { poster: await upload(shot.poster, 'poster.jpg') } : {};
        const url = await tracked(localUrl, (o) => upload(file, undefined, o));
        return { url, ...meta, ...videoMeta, ...poster };
      },
    },
  );
};

/** A voice recording of `seconds`. */
export const sendVoice = (sessionId: number, blob: Blob, seconds: number) => {
  const localUrl = URL.createObjectURL(blob);
  const ext = blob.type.includes('ogg') ? 'ogg' : blob.type.includes('mp4') ? 'm4a' : 'webm';
  sendMessage(
    sessionId,
    'voice',
    { url: localUrl, duration: seconds },
    { localUrl, prepare: async () => ({ url: await upload(blob, `voice.${ext}`), duration: seconds }) },
  );
};
