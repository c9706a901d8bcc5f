import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Database, Db } from '../../db/connection.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { Clock } from '../../lib/clock.ts';
import { isOwnUrl } from './own-url.ts';
import { keyOfUrl } from './ownership.ts';
import { referencedKeys } from './references.ts';
import type { S3Media } from './s3.ts';
import { uploads } from './tables.ts';

/** Uploads nothing refers to a day after they were made are orphans: deleted with their thumbnails. */
export const UNREFERENCED_AGE_MS = 24 * 60 * 60 * 1000;

/** Advisory lock of the sweep: one process at a time deletes (any fixed number, see chain/routes.ts LOCKS). */
export const UPLOAD_CLEANUP_LOCK = 72_173_140;

const ORPHAN_BATCH = 200;

/** Files younger than this are left alone: an upload may still be between its rename and its row. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** S3 upload forms never confirmed: the object (if the browser posted it) and the row go after a day. */
export const PENDING_AGE_MS = 24 * 60 * 60 * 1000;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
};

export interface CleanupOptions {
  s3?: S3Media | null;
  /** Runs the pass under the cluster-wide advisory lock (Database.withLock); absent: just runs. */
  withLock?: Database['withLock'];
  /** PUBLIC_URL: stored upload URLs may start with it. */
  publicUrl?: string;
}

/** Deletes an upload's original and every thumbnail made of it. */
const removeUpload = async (dataDir: string, s3: S3Media | null, key: string) => {
  if (s3) {
    for (const thumb of await s3.keysUnder(`thumbs/${key}.`)) await s3.remove(thumb);
    await s3.remove(key);
    return;
  }
  await fs.rm(path.join(dataDir, 'uploads', key), { force: true });
  const thumbs = path.join(dataDir, 'thumbs', path.dirname(key));
  const prefix = `${path.basename(key)}.`;
  for (const name of await fs.readdir(thumbs).catch(() => [] as string[])) {
    if (name.startsWith(prefix)) await fs.rm(path.join(thumbs, name), { force: true });
  }
};

/**
 * Deletes these uploads (our URLs; others are skipped) with their thumbnails, row first: for data that must
 * not outlive its retention (identity documents, docs/design/identity.md). Answers how many it deleted.
 */
export const deleteUploads = async (
  db: Db,
  dataDir: string,
  s3: S3Media | null,
  urls: readonly string[],
  publicUrl: string | undefined,
) => {
  let deleted = 0;
  for (const url of urls) {
    if (!isOwnUrl(url, publicUrl)) continue;
    const key = keyOfUrl(url, publicUrl);
    const gone = await db.delete(uploads).where(eq(uploads.path, key)).returning({ id: uploads.id });
    await removeUpload(dataDir, s3, key);
    deleted += gone.length;
  }
  return deleted;
};

/**
 * Orphans: uploads checked and stored (`ready`) a day ago or more that no message, moment, avatar, proof,
 * ticket, QR code or setting refers to (modules/uploads/references.ts) are deleted with their thumbnails;
 * those something refers to become `linked` and are never looked at again.
 */
const sweepOrphans = async (db: Db, dataDir: string, clock: Clock, options: CleanupOptions) => {
  let deleted = 0;
  const cutoff = new Date(clock.now().getTime() - UNREFERENCED_AGE_MS);
  for (;;) {
    const batch = await db
      .select({ id: uploads.id, path: uploads.path })
      .from(uploads)
      .where(and(eq(uploads.status, 'ready'), lt(uploads.createTime, cutoff)))
      .orderBy(asc(uploads.id))
      .limit(ORPHAN_BATCH);
    if (batch.length === 0) return deleted;
    const referenced = await referencedKeys(
      db,
      batch.map((b) => b.path),
      options.publicUrl,
    );
    const kept = batch.filter((b) => referenced.has(b.path)).map((b) => b.id);
    if (kept.length > 0) await db.update(uploads).set({ status: 'linked' }).where(inArray(uploads.id, kept));
    for (const row of batch) {
      if (referenced.has(row.path)) continue;
      // The row goes first: a request for it answers 404 from then on, never a half-deleted file.
      await db.delete(uploads).where(and(eq(uploads.id, row.id), eq(uploads.status, 'ready')));
      await removeUpload(dataDir, options.s3 ?? null, row.path);
      deleted++;
    }
    if (batch.length < ORPHAN_BATCH) return deleted;
  }
};

/**
 * `upload-cleanup`: deletes temporary upload files (`DATA_DIR/tmp/*.part`) left by a crash or a cut
 * connection, and files under `DATA_DIR/uploads` that no `uploads` row references (the process died between
 * the rename and the insert), once they are an hour old. In s3 mode also the objects of upload forms never
 * confirmed within a day (PENDING_AGE_MS). In both modes, orphans (`sweepOrphans`). One process at a time
 * (advisory lock). Answers how many files it deleted.
 */
export const uploadCleanupJob = (
  db: Db,
  dataDir: string,
  clock: Clock,
  options: CleanupOptions = {},
): Job => ({
  name: 'upload-cleanup',
  async run() {
    const pass = () => cleanupPass(db, dataDir, clock, options);
    return options.withLock ? ((await options.withLock(UPLOAD_CLEANUP_LOCK, pass)) ?? 0) : pass();
  },
});

const cleanupPass = async (db: Db, dataDir: string, clock: Clock, options: CleanupOptions) => {
  const s3 = options.s3 ?? null;
  let deleted = await sweepOrphans(db, dataDir, clock, options);
  if (s3) {
    const stale = await db
      .select({ id: uploads.id, path: uploads.path })
      .from(uploads)
      .where(
        and(
          eq(uploads.status, 'pending'),
          lt(uploads.createTime, new Date(clock.now().getTime() - PENDING_AGE_MS)),
        ),
      )
      .limit(1000);
    for (const row of stale) {
      await s3.remove(row.path);
      await db.delete(uploads).where(eq(uploads.id, row.id));
      deleted++;
    }
  }
  const cutoff = clock.now().getTime() - ORPHAN_AGE_MS;
  const old = async (file: string) => {
    const stat = await fs.stat(file).catch(() => null);
    return stat !== null && stat.mtimeMs < cutoff;
  };
  for (const file of await filesUnder(path.join(dataDir, 'tmp'))) {
    if (file.endsWith('.part') && (await old(file))) {
      await fs.rm(file, { force: true });
      deleted++;
    }
  }
  const uploadsDir = path.join(dataDir, 'uploads');
  const candidates: string[] = [];
  for (const file of await filesUnder(uploadsDir)) {
    if (await old(file)) candidates.push(path.relative(uploadsDir, file).split(path.sep).join('/'));
  }
  for (let i = 0; i < candidates.length; i += 500) {
    const batch = candidates.slice(i, i + 500);
    const known = await db.select({ path: uploads.path }).from(uploads).where(inArray(uploads.path, batch));
    const referenced = new Set(known.map((k) => k.path));
    for (const relative of batch) {
      if (referenced.has(relative)) continue;
      await fs.rm(path.join(uploadsDir, relative), { force: true });
      deleted++;
    }
  }
  return deleted;
};
