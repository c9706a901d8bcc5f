import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { Clock } from '../../lib/clock.ts';
import type { S3Media } from './s3.ts';
import { uploads } from './tables.ts';

/** Files younger than this are left alone: an upload may still be between its rename and its row. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** S3 upload forms never confirmed: the object (if the browser posted it) and the row go after a day. */
export const PENDING_AGE_MS = 24 * 60 * 60 * 1000;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
};

/**
 * `upload-cleanup`: deletes temporary upload files (`DATA_DIR/tmp/*.part`) left by a crash or a cut
 * connection, and files under `DATA_DIR/uploads` that no `uploads` row references (the process died between
 * the rename and the insert), once they are an hour old. In s3 mode also the objects of upload forms never
 * confirmed within a day (PENDING_AGE_MS). Answers how many files it deleted.
 */
export const uploadCleanupJob = (db: Db, dataDir: string, clock: Clock, s3: S3Media | null = null): Job => ({
  name: 'upload-cleanup',
  async run() {
    let deleted = 0;
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
  },
});
