import sharp from 'sharp';

/** Images the server can resize and clean; other types are served as uploaded. */
export const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/**
 * Thumbnail widths and heights: a request is rounded up to one of these, so a member cannot fill the disk or the
 * bucket with one thumbnail per pixel (each size is made once and kept).
 */
const STEPS = [64, 128, 240, 360, 480, 720, 1080];

const step = (n: number) => STEPS.find((s) => s >= n) ?? STEPS[STEPS.length - 1]!;

export interface ThumbSize {
  w?: number;
  h?: number;
  /** `fill`: cover the box and crop; otherwise fit inside it. */
  fill: boolean;
}

const dimension = (value: unknown) => {
  const n = typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  return n > 0 ? step(n) : undefined;
};

/**
 * `w_` and `h_` (and `m_=fill`) query parameters; null when the original is asked for
 * (docs/product.md#uploads).
 */
export const thumbSizeOf = (query: Record<string, unknown>): ThumbSize | null => {
  const w = dimension(query.w_);
  const h = dimension(query.h_);
  if (w === undefined && h === undefined) return null;
  return { ...(w ? { w } : {}), ...(h ? { h } : {}), fill: query.m_ === 'fill' };
};

/** Where a size of one upload is kept: beside the original's name, so each size is made once. */
export const thumbName = (relative: string, size: ThumbSize) =>
  `${relative}.${size.w ?? 0}x${size.h ?? 0}${size.fill ? 'f' : ''}.thumb`;

const outputOf = (mime: string) => (mime === 'image/gif' ? 'image/png' : mime);

/** A smaller copy, turned upright by its EXIF orientation, with no metadata (no GPS) kept. */
export const makeThumb = async (input: Buffer, mime: string, size: ThumbSize) => {
  const pipeline = sharp(input, { animated: false })
    .rotate()
    .resize({
      ...(size.w ? { width: size.w } : {}),
      ...(size.h ? { height: size.h } : {}),
      fit: size.fill ? 'cover' : 'inside',
      withoutEnlargement: true,
    });
  const type = outputOf(mime);
  const body =
    type === 'image/jpeg'
      ? await pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer()
      : type === 'image/webp'
        ? await pipeline.webp({ quality: 80 }).toBuffer()
        : await pipeline.png().toBuffer();
  return { body, type };
};

/**
 * The original as it will be served: EXIF orientation applied and metadata (GPS, camera, EXIF/XMP/IPTC)
 * stripped. Answers null when the file carries none and needs no change (most screenshots and PNGs).
 */
export const cleanImage = async (input: Buffer, mime: string): Promise<Buffer | null> => {
  if (mime !== 'image/jpeg' && mime !== 'image/webp' && mime !== 'image/png') return null;
  const meta = await sharp(input).metadata();
  const tagged = Boolean(meta.exif || meta.xmp || meta.iptc) || (meta.orientation ?? 1) > 1;
  if (!tagged) return null;
  const pipeline = sharp(input).rotate();
  if (mime === 'image/jpeg') return pipeline.jpeg({ quality: 92 }).toBuffer();
  if (mime === 'image/webp') return pipeline.webp({ quality: 92 }).toBuffer();
  return pipeline.png().toBuffer();
};
