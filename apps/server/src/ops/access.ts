import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A caller on this machine that came through no proxy. The socket's own address is read, not `req.ip`
 * (TRUST_PROXY would make that the forwarded one); a request that carries a forwarding header is refused even
 * from loopback, since a reverse proxy on the same host would otherwise make every outside caller look local.
 */
export const fromLoopback = (req: FastifyRequest) =>
  LOOPBACK.has(req.raw.socket.remoteAddress ?? '') &&
  req.headers['x-forwarded-for'] === undefined &&
  req.headers.forwarded === undefined &&
  req.headers['x-real-ip'] === undefined;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>` equal to `token`, compared in constant time (digests of equal length). */
export const bearerMatches = (req: FastifyRequest, token: string | undefined) => {
  const header = req.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
};
