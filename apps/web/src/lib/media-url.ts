/**
 * docs/product.md#uploads image sizes: a number (a square box), a pair `[w, h]`, or `{w, h, m}`; mapped onto
 * the `w_`/`h_` (and `m_`) parameters the server resizes by. Thumbnails exist for
 * our uploads only; other addresses (a device preview, a blob: URL) are answered unchanged.
 */
export type ImageSize = number | readonly [number, number] | { w?: number; h?: number; m?: 'fill' | 'fit' };

/** Device pixels: a 120 px box on a 3x phone needs 360 px. */
const density = () => Math.min(3, Math.max(1, Math.ceil(globalThis.devicePixelRatio || 1)));

const isOwnUpload = (url: string) => {
  if (url.startsWith('/uploads/')) return true;
  try {
    return new URL(url).pathname.startsWith('/uploads/') && !url.startsWith('blob:');
  } catch {
    return false;
  }
};

export const thumbUrl = (url: string, size: ImageSize): string => {
  if (!url || !isOwnUpload(url) || url.includes('?')) return url;
  const box =
    typeof size === 'number' ? { w: size, h: size } : Array.isArray(size) ? { w: size[0], h: size[1] } : size;
  const { w, h, m } = box as { w?: number; h?: number; m?: string };
  const k = density();
  const params = new URLSearchParams();
  if (w) params.set('w_', String(Math.round(w * k)));
  if (h) params.set('h_', String(Math.round(h * k)));
  if (m === 'fill') params.set('m_', 'fill');
  const query = params.toString();
  return query ? `${url}?${query}` : url;
};

/** `m:ss` for a video's duration in seconds. */
export const clockTime = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
