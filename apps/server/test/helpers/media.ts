import { userApi } from '@chatpay/shared';
import type { FastifyInstance } from 'fastify';

/**
 * The `cp_media` cookie a browser holds once the member's app has called the API with `token`: the media
 * token the server set on that answer (modules/uploads/access.ts), as a `cookie` header value.
 */
export const mediaCookie = async (t: { app: FastifyInstance }, token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api${userApi.person.path}`,
    headers: { authorization: token },
  });
  const value = String(res.headers['set-cookie'] ?? '').match(/cp_media=([^;]+)/)?.[1];
  if (!value) throw new Error(`no media cookie set for that token (HTTP ${res.statusCode})`);
  return `cp_media=${value}`;
};
