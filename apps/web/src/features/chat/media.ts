import { upload } from '../../lib/request.ts';
import { sendMessage } from './engine.ts';

const imageSize = (url: string) =>
  new Promise<{ width?: number; height?: number }>((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve({});
    img.src = url;
  });

/** A picture: shown at once from the device, uploaded in the outbox, then sent with its URL and size. */
export const sendImage = async (sessionId: number, file: File) => {
  const localUrl = URL.createObjectURL(file);
  const size = await imageSize(localUrl);
  sendMessage(
    sessionId,
    'image',
    { url: localUrl, ...size },
    { localUrl, prepare: async () => ({ url: await upload(file), ...size }) },
  );
};

/** A video or any file. */
export const sendMedia = (sessionId: number, kind: 'video' | 'file', file: File) => {
  const localUrl = URL.createObjectURL(file);
  const meta = kind === 'file' ? { name: file.name || 'file', size: file.size } : {};
  sendMessage(
    sessionId,
    kind,
    { url: kind === 'file' ? '' : localUrl, ...meta },
    {
      localUrl: kind === 'file' ? undefined : localUrl,
      prepare: async () => ({ url: await upload(file), ...meta }),
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
