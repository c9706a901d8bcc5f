import { hasPermission, staffRoles } from '@chatpay/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../http/context.ts';
import type { AppDeps } from '../../http/deps.ts';
import { mayReadPrivate, placeOfUpload } from './references.ts';

/**
 * Who may read an upload. `<img>` and `<video>` cannot send the Authorization header, so the browser carries a
 * media token of the member's session (`TokenService.mediaToken`: the API refuses it) in an HttpOnly cookie
 * scoped to `/uploads` (never sent to the API, never readable by script): an authenticated API answer sets it
 * when the cookie holds no media token of the caller's current session, or one that ends within the hour. A
 * logout or a sign-in elsewhere ends the session, and with it the cookie's use.
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

/**
 * Whether a cookie's media token already serves this caller: same member and session, and not ending within
 * the hour. Read without verifying the signature, since it only decides whether to send a fresh one; the
 * `/uploads` route verifies it (`viewerOf`).
 */
const mediaCookieServes = (value: string | null, user: AuthUser) => {
  if (!value) return false;
  try {
    const payload = JSON.parse(Buffer.from(value.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      uid?: unknown;
      sid?: unknown;
      exp?: unknown;
    };
    return (
      payload.uid === user.id &&
      payload.sid === user.sid &&
      typeof payload.exp === 'number' &&
      payload.exp * 1000 > Date.now() + 3_600_000
    );
  } catch {
    return false;
  }
};

/** Sets the media cookie on API answers to a member whose cookie holds no media token of this session yet. */
export const registerMediaCookie = (deps: AppDeps) => {
  // Production is served over https (behind its proxy): the cookie never travels in clear there.
  const secure =
    deps.config.NODE_ENV === 'production' || (deps.config.PUBLIC_URL?.startsWith('https:') ?? false);
  deps.app.addHook('onSend', async (req, reply, payload) => {
    const user = req.caller?.user;
    if (!req.url.startsWith('/api/') || !user) return payload;
    if (mediaCookieServes(cookieOf(req, MEDIA_COOKIE), user)) return payload;
    const token = await deps.auth.mediaToken(user);
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
    return await deps.auth.authenticateMedia(token);
  } catch {
    return null;
  }
};

const isStaff = (user: AuthUser) => user.role.some((r) => (staffRoles as readonly string[]).includes(r));

/** Who besides their member reads identity documents: the reviewers (docs/design/identity.md, "Privacy"). */
export const IDENTITY_DOCUMENT_PERMISSION = 'kyc:submission:info';

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
 * chat carrying it, the order's parties, the ticket's author, and staff; identity documents by their member
 * and the staff who review them, and nobody else whatever refers to them (checked before staff and public
 * places, so neither a staff role nor the member's own avatar opens them). Null: answer 404, as for a file
 * that does not exist.
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
  if (viewer && (viewer.id === ownerId || (allowed.get(memo) ?? 0) > Date.now())) return 'private';
  // One statement for both: a refused request still costs the upload and its places only.
  const place = await placeOfUpload(deps.db, key, deps.config.PUBLIC_URL, ownerId);
  if (place === 'restricted')
    return viewer && hasPermission(viewer, IDENTITY_DOCUMENT_PERMISSION) ? 'private' : null;
  if (viewer && isStaff(viewer)) return 'private';
  if (place === 'public') {
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
