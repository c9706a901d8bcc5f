import { ErrorCode } from '@chatpay/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * A percent-encoded unreserved character (RFC 3986 §2.3: letters, digits, `-._~`). Such an encoding names the
 * same resource as the plain character, and the router decodes it, so `/%61pi/...` reaches `/api/...` routes
 * while a guard reading the raw URL sees another path. No client of ours ever encodes these.
 */
const encodedUnreserved = /%(?:4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|3[0-9]|2d|2e|5f|7e)/i;

/** The path of a raw request URL, without its query. */
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * Refuses, before any other hook, a path that spells an unreserved character in percent-encoding, so that
 * every later guard (rate limits, the caller hook, the API-docs guard) sees the one spelling the router matched
 * (docs/security.md, "Paths").
 */
export const refuseNonCanonicalPaths = (app: FastifyInstance) => {
  app.addHook('onRequest', async (req) => {
    if (encodedUnreserved.test(pathOf(req.url)))
      throw new AppError(
        ErrorCode.Validation,
        'Malformed path: letters, digits and "-._~" must not be percent-encoded',
        null,
        400,
      );
  });
};
