import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.ts';

/** Origins the browser talks to in s3 mode (uploads and downloads): the Content-Security-Policy allows them. */
export const s3Origins = (config: Config): string[] => {
  if (config.UPLOAD_MODE !== 's3') return [];
  const out = new Set<string>();
  if (config.S3_PUBLIC_URL) out.add(new URL(config.S3_PUBLIC_URL).origin);
  if (config.S3_ENDPOINT) {
    const endpoint = new URL(config.S3_ENDPOINT);
    if (!config.S3_FORCE_PATH_STYLE) endpoint.hostname = `${config.S3_BUCKET}.${endpoint.hostname}`;
    out.add(endpoint.origin);
  } else {
    out.add(`https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`);
  }
  return [...out];
};

/** Cloud uploads cache for 30 days (max-age 2592000); keys are unique, so nothing goes stale. */
const CACHE_CONTROL = 'private, max-age=2592000, immutable';

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * The S3-compatible store of `UPLOAD_MODE=s3` (AWS SDK v3). The browser posts files straight to it with a
 * presigned POST; the server reads objects back to check them, writes thumbnails, and hands out short-lived
 * signed download URLs.
 */
export class S3Media {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly expires: number;

  constructor(config: Config) {
    this.bucket = config.S3_BUCKET ?? '';
    this.expires = config.S3_URL_EXPIRES_SECONDS;
    this.client = new S3Client({
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: {
        accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      },
    });
  }

  /** A form that may upload exactly one object: this key, this size and this content type, for a while. */
  async presignPost(key: string, contentType: string, size: number) {
    return createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [
        ['content-length-range', size, size],
        ['eq', '$Content-Type', contentType],
        ['eq', '$Cache-Control', CACHE_CONTROL],
      ],
      Fields: { 'Content-Type': contentType, 'Cache-Control': CACHE_CONTROL },
      Expires: this.expires,
    });
  }

  /** The object's size and stored Content-Type, or null when it is not there. */
  async head(key: string): Promise<{ size: number; contentType: string } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? '' };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  /** The object's size, or null when it is not there. */
  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  /** The whole object, or its first `bytes` bytes. */
  async read(key: string, bytes?: number): Promise<Buffer> {
    const res = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(bytes ? { Range: `bytes=0-${bytes - 1}` } : {}),
      }),
    );
    const body = await res.Body?.transformToByteArray();
    return Buffer.from(body ?? []);
  }

  async put(key: string, body: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  /** Keys that start with `prefix` (thumbnails of one upload). */
  async keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * A download URL that stops working after S3_URL_EXPIRES_SECONDS. Signed with the host's time, not the app's
   * clock: the store checks it against its own.
   */
  signedUrl(key: string): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: this.expires,
    });
  }

  get urlLifetimeSeconds() {
    return this.expires;
  }
}
