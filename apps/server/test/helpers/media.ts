import { baseApi, userApi } from '@chatpay/shared';
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

/** Uploads `bytes` as a PNG picture of the member through the local-mode upload call; answers its URL. */
export const uploadPicture = async (t: { app: FastifyInstance }, bytes: Buffer, token: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'p.png');
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${baseApi.upload.path}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, authorization: token },
  });
  return (res.json() as { data: string }).data;
};
