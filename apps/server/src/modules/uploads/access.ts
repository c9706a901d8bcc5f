import { staffRoles } from '@chatpay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import { isPublicUpload, mayReadPrivate } from './references.ts';

/**
 * Who may read an upload. `<img>` and `<video>` cannot send the Authorization header, so the
 * browser carries the member's current access token in an HttpOnly cookie scoped to `/uploads` (never sent to
 * the API, never readable by script): every authenticated API answer sets it when it differs from the token the
 * request used. A logout or a sign-in elsewhere ends the session, and with it the cookie's use.
 */
export const MEDIA_COOKIE = 'cp_media';

const cookieOf = (req: FastifyRequest, name: string) => {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
};

const bearer = (header: string | undefined) => header?.replace(/^Bearer\s+/i, '').trim() || null;

/** Sets the media cookie on API answers to a member whose token the cookie does not carry yet. */
export const registerMediaCookie = (deps: AppDeps) => {
  const secure = deps.config.PUBLIC_URL?.startsWith('https:') ?? false;
  deps.app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/') || !req.caller?.user) return payload;
    const token = bearer(req.headers.authorization);
    if (!token || cookieOf(req, MEDIA_COOKIE) === token) return payload;
    reply.header(
      'set-cookie',
      `${MEDIA_COOKIE}=${encodeURIComponent(token)}; Path=/uploads; HttpOnly; SameSite=Lax; Max-Age=${24 * 3600}${secure ? '; Secure' : ''}`,
    );
    return payload;
  });
};

/** The member the request's media cookie belongs to, or null (none, expired, session ended). */
const viewerOf = async (deps: AppDeps, req: FastifyRequest): Promise<AuthUser | null> => {
  const token = cookieOf(req, MEDIA_COOKIE);
  if (!token) return null;
  try {
    return await deps.auth.authenticate(token);
  } catch {
    return null;
  }
};

const isStaff = (user: AuthUser) => user.role.some((r) => (staffRoles as readonly string[]).includes(r));

/** A bounded memo: public stays public; a member's right to a private file is kept for a minute. */
const PRIVATE_MEMO_MS = 60_000;
const publicKeys = new Set<string>();
const allowed = new Map<string, number>();
const remember = <T>(collection: Set<T> | Map<T, number>) => {
  if (collection.size > 50_000) collection.clear();
};

export type Access = 'public' | 'private';

/**
 * Whether this request may read the upload, and how it may be cached: public media (avatars, moments, …:
 * references.ts) by anyone; private media (chats, appeal proof, tickets) by the uploader, the members of a
 * chat carrying it, the order's parties, the ticket's author, and staff. Null: answer 404, as for a file that
 * does not exist.
 */
export const accessOf = async (
  deps: AppDeps,
  req: FastifyRequest,
  key: string,
  ownerId: number,
): Promise<Access | null> => {
  if (publicKeys.has(key)) return 'public';
  const viewer = await viewerOf(deps, req);
  const memo = viewer ? `${viewer.id}:${key}` : '';
  if (viewer && (viewer.id === ownerId || isStaff(viewer) || (allowed.get(memo) ?? 0) > Date.now()))
    return 'private';
  if (await isPublicUpload(deps.db, key, deps.config.PUBLIC_URL)) {
    remember(publicKeys);
    publicKeys.add(key);
    return 'public';
  }
  if (!viewer || !(await mayReadPrivate(deps.db, key, viewer.id, deps.config.PUBLIC_URL))) return null;
  remember(allowed);
  allowed.set(memo, Date.now() + PRIVATE_MEMO_MS);
  return 'private';
};

/** Cache headers: public media for a year (keys never change), private media only in this browser. */
export const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
export const PRIVATE_CACHE = 'private, max-age=3600';

/** Local mode: the static server's answers to these responses are private (see app.ts setHeaders). */
const privateResponses = new WeakSet<object>();
export const markPrivate = (reply: FastifyReply) => privateResponses.add(reply.raw);
export const cacheControlFor = (res: object) => (privateResponses.has(res) ? PRIVATE_CACHE : PUBLIC_CACHE);
