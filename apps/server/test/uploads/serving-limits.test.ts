import { randomUUID } from 'node:crypto';
import { baseApi, messageApi } from '@chatpay/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import { createFriendPair } from '../helpers/factories.ts';
import { countStatements } from '../helpers/statements.ts';

/** What an anonymous flood of `/uploads` requests costs (docs/security.md, "Media ownership"). */
const upload = async (t: TestApp, token: string) => {
  const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#39c' } })
    .png()
    .toBuffer();
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

describe('anonymous misses', () => {
  const t = useTestApp();
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('a made-up key is looked up once, then answered from memory', async () => {
    const url = `/uploads/2026-01-01/${randomUUID()}.png`;
    const { count } = await countStatements(t.database.db, async () => {
      for (let i = 0; i < 10; i++) expect((await get(url)).statusCode).toBe(404);
    });
    expect(count).toBe(1);
  });

  it('a private file refused to a stranger costs two statements: the upload and its public places', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const url = await upload(t, a.token);
    await t.ok(
      messageApi.send,
      { sessionId, clientMsgId: randomUUID(), contentType: 'image', content: { url, width: 32, height: 32 } },
      a.token,
    );
    const { count, statements } = await countStatements(t.database.db, async () => {
      expect((await get(url)).statusCode).toBe(404);
    });
    expect(count, statements.join('\n')).toBe(2);
  });
});

describe('MEDIA_RATE_LIMIT 5', () => {
  const t = useTestApp({ MEDIA_RATE_LIMIT: '5' });

  it('the sixth request of an address in a minute is refused with Retry-After', async () => {
    const url = `/uploads/2026-01-01/${randomUUID()}.png`;
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'GET', url });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
