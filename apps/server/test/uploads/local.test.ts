import { baseApi } from '@chatpay/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { mediaCookie } from '../helpers/media.ts';

/**
 * Uploads in the default local mode: thumbnails by size parameters (docs/product.md#uploads), originals
 * cleaned of metadata.
 */
const t = useTestApp();

const photo = () =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: '#3c3' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

const upload = async (app: TestApp, bytes: Buffer, token: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg');
  const encoded = new Response(form);
  const res = await app.app.inject({
    method: 'POST',
    url: `/api${baseApi.upload.path}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, authorization: token },
  });
  return (res.json() as { data: string }).data;
};

describe('local upload mode', () => {
  it('answers the local upload mode', async () => {
    const user = await createUser(t);
    expect(await t.ok(baseApi.uploadMode, {}, user.token)).toEqual({ mode: 'local', type: 'local' });
  });

  it('serves the original upright without metadata, and thumbnails made once per size', async () => {
    const user = await createUser(t);
    const bytes = await photo();
    const url = await upload(t, bytes, user.token);
    const original = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await mediaCookie(t, user.token) },
    });
    expect(original.statusCode).toBe(200);
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 800]);
    expect(meta.exif).toBeUndefined();

    const thumb = await t.app.inject({
      method: 'GET',
      url: `${url}?w_=200&h_=200`,
      headers: { cookie: await mediaCookie(t, user.token) },
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const tm = await sharp(thumb.rawPayload).metadata();
    // Rounded up to the 240 step, fitted inside: 120 x 240.
    expect([tm.width, tm.height]).toEqual([120, 240]);
    expect(tm.exif).toBeUndefined();
    expect(thumb.rawPayload.length).toBeLessThan(original.rawPayload.length);
    const again = await t.app.inject({
      method: 'GET',
      url: `${url}?w_=230&h_=240`,
      headers: { cookie: await mediaCookie(t, user.token) },
    });
    expect(again.rawPayload.equals(thumb.rawPayload)).toBe(true);
    // m_=fill covers the box.
    const filled = await t.app.inject({
      method: 'GET',
      url: `${url}?w_=64&h_=64&m_=fill`,
      headers: { cookie: await mediaCookie(t, user.token) },
    });
    const fm = await sharp(filled.rawPayload).metadata();
    expect([fm.width, fm.height]).toEqual([64, 64]);
    // Unknown files and malformed paths stay 404, not a server error.
    expect((await t.app.inject({ method: 'GET', url: '/uploads/%E0%A4%A?w_=64' })).statusCode).toBeLessThan(
      500,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/2026-01-01/nope.jpg?w_=64' })).statusCode,
    ).toBe(404);
  });
});
