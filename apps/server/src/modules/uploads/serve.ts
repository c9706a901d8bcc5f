import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ShortCache } from '../../lib/short-cache.ts';
import { accessOf, markPrivate, PRIVATE_CACHE, PUBLIC_CACHE } from './access.ts';
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
    .select({ mime: uploads.mime, status: uploads.status, userId: uploads.userId })
    .from(uploads)
    .where(eq(uploads.path, key));
  return row && row.status !== 'pending' ? row : null;
};

/** How long a key that names no ready upload is answered 404 from memory. */
const MISS_MS = 5_000;

/**
 * The checks before any `/uploads` answer: MEDIA_RATE_LIMIT requests per client address and minute, then the
 * upload and who may read it (access.ts). A key that names no ready upload is remembered for a few seconds, so
 * a flood of made-up URLs costs no query after the first (a file confirmed meanwhile is served at most MISS_MS
 * later); a refused request costs two indexed queries (the upload, then its public places in one statement).
 * One gate per app.
 */
const mediaGate = (deps: AppDeps) => {
  const misses = new ShortCache<string, true>(MISS_MS);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const wait = await deps.limiter.hit(`media-ip:${req.ip}`, deps.config.MEDIA_RATE_LIMIT, 60_000);
    if (wait > 0) {
      void reply
        .code(429)
        .header('retry-after', String(Math.ceil(wait / 1000)))
        .send({ code: 429, data: null, message: 'Too many requests' });
      return null;
    }
    const key = keyOf(req);
    if (!key || misses.get(key)) {
      void notFound(reply);
      return null;
    }
    const ticket = misses.ticket();
    const row = await readyUpload(deps, key);
    const access = row ? await accessOf(deps, req, key, row.userId) : null;
    if (!row || !access) {
      if (!row) misses.set(key, true, ticket);
      void notFound(reply);
      return null;
    }
    return { key, row, access };
  };
};

/** Thumbnails being made, so two requests for a new size make it once in this process (others: see below). */
const making = new Map<string, Promise<{ body: Buffer; type: string }>>();
const once = (name: string, make: () => Promise<{ body: Buffer; type: string }>) => {
  let job = making.get(name);
  if (!job) {
    job = make().finally(() => making.delete(name));
    making.set(name, job);
  }
  return job;
};

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ code: 404, data: null, message: 'Not found' });

const sendThumb = (reply: FastifyReply, thumb: { body: Buffer; type: string }, cache: string) =>
  reply.header('cache-control', cache).type(thumb.type).send(thumb.body);

/**
 * Local mode: every `/uploads/<path>` request is checked first (access.ts: public media for anyone, private
 * media for those who may read it, 404 otherwise). `?w_=…&h_=…` answers a thumbnail, made once per size from
 * the original and kept under `DATA_DIR/thumbs`; without those parameters the static server answers the
 * original, with private cache headers when it is private media.
 */
export const registerLocalThumbnails = (deps: AppDeps) => {
  const uploadsDir = path.join(deps.config.dataDir, 'uploads');
  const thumbsDir = path.join(deps.config.dataDir, 'thumbs');
  const gate = mediaGate(deps);
  deps.app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    if (!(req.raw.url ?? '').startsWith(PREFIX)) return;
    const admitted = await gate(req, reply);
    if (!admitted) return reply;
    const { key, row, access } = admitted;
    const cache = access === 'public' ? PUBLIC_CACHE : PRIVATE_CACHE;
    if (access === 'private') markPrivate(reply);
    const size = thumbSizeOf(req.query as Record<string, unknown>);
    if (!size || !RESIZABLE.has(row.mime)) return; // the static server answers the original
    const name = thumbName(key, size);
    const file = path.join(thumbsDir, name);
    const cached = await fs.readFile(file).catch(() => null);
    if (cached)
      return sendThumb(
        reply,
        { body: cached, type: row.mime === 'image/gif' ? 'image/png' : row.mime },
        cache,
      );
    const thumb = await once(name, async () => {
      const made = await makeThumb(await fs.readFile(path.join(uploadsDir, key)), row.mime, size);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // A temporary name of its own: another server process (WORKERS > 1) may be making the same thumbnail.
      const tmp = `${file}.${randomUUID()}.tmp`;
      await fs.writeFile(tmp, made.body);
      await fs.rename(tmp, file);
      return made;
    });
    return sendThumb(reply, thumb, cache);
  });
};

/** Thumbnail keys in the bucket: beside the original, under `thumbs/`. */
const thumbKey = (key: string, size: ThumbSize) => `thumbs/${thumbName(key, size)}`;

/**
 * S3 mode: `/uploads/<key>` is checked like in local mode (access.ts), then redirects to a short-lived signed
 * URL of the object (or of its thumbnail, made once per size and kept in the bucket), or for public media to
 * the CDN base S3_PUBLIC_URL when set. Messages and moments keep the stable `/uploads/<key>` URL; the signed one
 * the browser follows expires after S3_URL_EXPIRES_SECONDS, and the redirect may be cached a little less long.
 */
export const registerCloudDownloads = (deps: AppDeps, s3: S3Media) => {
  const known = new Set<string>();
  const gate = mediaGate(deps);
  deps.app.get(`${PREFIX}*`, async (req, reply) => {
    const admitted = await gate(req, reply);
    if (!admitted) return reply;
    const { key, row, access } = admitted;
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
    // Public media through the CDN (S3_PUBLIC_URL) when there is one; private media only by a signed URL.
    const cdn = deps.config.S3_PUBLIC_URL?.replace(/\/+$/, '');
    if (access === 'public' && cdn) {
      const href = `${cdn}/${target.split('/').map(encodeURIComponent).join('/')}`;
      return reply.header('cache-control', 'public, max-age=86400').redirect(href, 302);
    }
    const maxAge = Math.max(0, s3.urlLifetimeSeconds - 60);
    return reply
      .header('cache-control', `private, max-age=${maxAge}`)
      .redirect(await s3.signedUrl(target), 302);
  });
};
