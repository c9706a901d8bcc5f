import { ErrorCode } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { isOwnUrl } from './own-url.ts';
import { isPublicUpload, isRestrictedUpload, mayReadPrivate, referencedKeys } from './references.ts';
import { uploads } from './tables.ts';

/** The upload key of one of our URLs (`/uploads/<key>` or under PUBLIC_URL). */
export const keyOfUrl = (url: string, publicUrl: string | undefined) => {
  const base = publicUrl?.replace(/\/+$/, '');
  const local = base && url.startsWith(`${base}/uploads/`) ? url.slice(base.length) : url;
  return local.slice('/uploads/'.length);
};

/**
 * Refuses (`InvalidMediaUrl`) a media URL a member writes into a message, an auto-reply, an avatar, a moment,
 * a payment method's QR code, appeal proof or a ticket unless it is one of our uploads that the member may use
 * now: their own, a public one (published by its uploader), or a private one they can read (a chat they are
 * in carries it, their order's proof, their ticket). A URL that names no upload refers to nothing and grants
 * nothing. Writing never changes who may read a file: only the uploader's own public places make it public
 * (references.ts), so a member who learns a private URL can neither read it through their own chat nor
 * publish it as their avatar (docs/security.md, "Media ownership"). An identity document is used nowhere
 * else, by anyone (docs/design/identity.md, "Privacy").
 */
export const assertMayUseMedia = async (
  db: Executor,
  publicUrl: string | undefined,
  userId: number,
  urls: Iterable<string>,
) => {
  for (const url of urls) {
    if (!isOwnUrl(url, publicUrl)) throw new AppError(ErrorCode.InvalidMediaUrl);
    const key = keyOfUrl(url, publicUrl);
    const [row] = await db.select({ owner: uploads.userId }).from(uploads).where(eq(uploads.path, key));
    // An identity document stays where it is, even for its member: no avatar, message or proof of it.
    if (row && (await isRestrictedUpload(db, key, publicUrl))) throw new AppError(ErrorCode.InvalidMediaUrl);
    if (!row || row.owner === userId) continue;
    if (await isPublicUpload(db, key, publicUrl, row.owner)) continue;
    if (await mayReadPrivate(db, key, userId, publicUrl)) continue;
    throw new AppError(ErrorCode.InvalidMediaUrl);
  }
};

/**
 * For places that must hold files nobody else has seen (identity documents): each URL must name one of the
 * member's own uploads (`InvalidMediaUrl` otherwise). Answers false when one of them is referred to anywhere
 * already (a message, an avatar, another identity submission…), so the caller can ask for a fresh upload.
 */
export const areUnusedOwnUploads = async (
  db: Executor,
  publicUrl: string | undefined,
  userId: number,
  urls: readonly string[],
): Promise<boolean> => {
  const keys: string[] = [];
  for (const url of urls) {
    if (!isOwnUrl(url, publicUrl)) throw new AppError(ErrorCode.InvalidMediaUrl);
    const key = keyOfUrl(url, publicUrl);
    const [row] = await db
      .select({ owner: uploads.userId, status: uploads.status })
      .from(uploads)
      .where(eq(uploads.path, key));
    if (!row || row.owner !== userId || row.status === 'pending')
      throw new AppError(ErrorCode.InvalidMediaUrl);
    keys.push(key);
  }
  return (await referencedKeys(db, keys, publicUrl)).size === 0;
};
