import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

/**
 * Where uploads are kept: the local disk (`DATA_DIR/uploads`, the default) or any S3-compatible
 * store (AWS S3, Cloudflare R2, MinIO, the S3 endpoints of Tencent COS, Alibaba OSS and Qiniu). `config.ts`
 * spreads this into its schema; the README lists them.
 */
export const uploadSettings = {
  /** `/uploads` requests per client address per minute (429 past it): pictures, thumbnails and misses alike. */
  MEDIA_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  UPLOAD_MODE: z.enum(['local', 's3']).default('local'),
  /** The store's API endpoint (`https://s3.eu-central-1.amazonaws.com`, a MinIO URL, …); unset: AWS by region. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Optional CDN base that serves the bucket's public objects (avatars, moments). */
  S3_PUBLIC_URL: z.url().optional(),
  /** Path-style URLs (`endpoint/bucket/key`): true for MinIO-style endpoints. */
  S3_FORCE_PATH_STYLE: bool,
  /**
   * Life of a signed download URL of private media and of a presigned upload form, in seconds (600 by
   * default).
   */
  S3_URL_EXPIRES_SECONDS: z.coerce.number().int().min(1).max(604_800).default(600),
  /** The app folder that starts every object key (folder / YYYY-MM-DD / unique id + file name). */
  S3_APP_FOLDER: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -')
    .default('chatpay'),
};
