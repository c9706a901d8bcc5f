import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { makeThumb, RESIZABLE, type ThumbSize, thumbName, thumbSizeOf } from './images.ts';
import type { S3Media } from './s3.ts';
import { uploads } from './tables.ts';

const PREFIX = '/uploads/';

/** The upload's key from a `/uploads/...` request, or null for anything that is not one of ours. */
const keyOf = (req: FastifyRequest) => {
  let pathname: string;
  try {
    pathname = decodeURIComponent((req.raw.url ?? '').split('?')[0] ?? '');
  } catch {
    return null; // malformed %-escapes: not one of ours
  }
  if (!pathname.startsWith(PREFIX) || pathname.includes('..') || pathname.includes('\0')) return null;
  return pathname.slice(PREFIX.length) || null;
};

const readyUpload = async (deps: AppDeps, key: string) => {
  const [row] = await deps.db
    .select({ mime: uploads.mime, status: uploads.status })
    .from(uploads)
    .where(eq(uploads.path, key));
  return row && row.status === 'ready' ? row : null;
};

/** Thumbnails being made, so two requests for a new size make it once. */
const making = new Map<string, Promise<{ body: Buffer; type: string }>>();
const once = (name: string, make: () => Promise<{ body: Buffer; type: string }>) => {
  let job = making.get(name);
  if (!job) {
    job = make().finally(() => making.delete(name));
    making.set(name, job);
  }
  return job;
};

const sendThumb = (reply: FastifyReply, thumb: { body: Buffer; type: string }) =>
  reply.header('cache-control', 'public, max-age=31536000, immutable').type(thumb.type).send(thumb.body);

/**
 * Local mode: `/uploads/<path>?w_=…&h_=…` answers a thumbnail, made once per size from the original and kept
 * under `DATA_DIR/thumbs`; without those parameters the static server answers the original.
 */
export const registerLocalThumbnails = (deps: AppDeps) => {
  const uploadsDir = path.join(deps.config.dataDir, 'uploads');
  const thumbsDir = path.join(deps.config.dataDir, 'thumbs');
  deps.app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const key = keyOf(req);
    const size = key ? thumbSizeOf(req.query as Record<string, unknown>) : null;
    if (!key || !size) return;
    const row = await readyUpload(deps, key);
    if (!row || !RESIZABLE.has(row.mime)) return; // the static server answers (or 404s) the original
    const name = thumbName(key, size);
    const file = path.join(thumbsDir, name);
    const cached = await fs.readFile(file).catch(() => null);
    if (cached)
      return sendThumb(reply, { body: cached, type: row.mime === 'image/gif' ? 'image/png' : row.mime });
    const thumb = await once(name, async () => {
      const made = await makeThumb(await fs.readFile(path.join(uploadsDir, key)), row.mime, size);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(`${file}.tmp`, made.body);
      await fs.rename(`${file}.tmp`, file);
      return made;
    });
    return sendThumb(reply, thumb);
  });
};

/** Thumbnail keys in the bucket: beside the original, under `thumbs/`. */
const thumbKey = (key: string, size: ThumbSize) => `thumbs/${thumbName(key, size)}`;

/**
 * S3 mode: `/uploads/<key>` redirects to a short-lived signed URL of the object (or of its thumbnail, made once
 * per size and kept in the bucket). Messages and moments keep the stable `/uploads/<key>` URL; the signed one
 * the browser follows expires after S3_URL_EXPIRES_SECONDS, and the redirect may be cached a little less long.
 */
export const registerCloudDownloads = (deps: AppDeps, s3: S3Media) => {
  const known = new Set<string>();
  deps.app.get(`${PREFIX}*`, async (req, reply) => {
    const key = keyOf(req);
    const row = key ? await readyUpload(deps, key) : null;
    if (!key || !row) return reply.code(404).send({ code: 404, data: null, message: 'Not found' });
    const size = thumbSizeOf(req.query as Record<string, unknown>);
    let target = key;
    if (size && RESIZABLE.has(row.mime)) {
      target = thumbKey(key, size);
      if (!known.has(target) && (await s3.size(target)) === null) {
        await once(target, async () => {
          const made = await makeThumb(await s3.read(key), row.mime, size);
          await s3.put(target, made.body, made.type);
          return made;
        });
      }
      // Thumbnails known to exist, so each is looked up in the bucket once per process (bounded).
      if (known.size > 50_000) known.clear();
      known.add(target);
    }
    const maxAge = Math.max(0, s3.urlLifetimeSeconds - 60);
    return reply
      .header('cache-control', `private, max-age=${maxAge}`)
      .redirect(await s3.signedUrl(target), 302);
  });
};
