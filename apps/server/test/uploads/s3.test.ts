import { randomUUID } from 'node:crypto';
import { baseApi, ErrorCode, messageApi, type PresignedPost, userApi } from '@chatpay/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../../test-support/s3.ts';
import { sleep } from '../../../../test-support/wait.ts';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import { createFriendPair, createUser } from '../helpers/factories.ts';
import { mediaCookie } from '../helpers/media.ts';

/** UPLOAD_MODE=s3 against a real S3-protocol server (s3rver) started here. */
let s3: TestS3 | null = null;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
});

interface Envelope {
  code: number;
  data: unknown;
  message: string;
}

/** The upload endpoint with a JSON body (cloud mode). */
const uploadJson = async (t: TestApp, body: unknown, token: string): Promise<Envelope> => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${baseApi.upload.path}`,
    payload: body as object,
    headers: { authorization: token },
  });
  return res.json() as Envelope;
};

/** What the browser does with the form: the fields, then the file, posted to the store. */
const postToStore = async (post: PresignedPost, bytes: Buffer, type: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'x');
  return fetch(post.url, { method: 'POST', body: form });
};

/** A photo as phones take them: rotated by EXIF orientation 6, with camera (and GPS) metadata. */
const photo = () =>
  sharp({ create: { width: 400, height: 200, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Asks for a form, posts the bytes, confirms: the envelope of the confirmation. */
const uploadVia = async (
  t: TestApp,
  token: string,
  bytes: Buffer,
  claim: { contentType: string; size: number },
) => {
  const form = await uploadJson(t, { fileName: 'photo.jpg', ...claim }, token);
  expect(form.code, form.message).toBe(1000);
  const post = form.data as PresignedPost;
  const stored = await postToStore(post, bytes, claim.contentType);
  expect(stored.status).toBe(204);
  return { key: post.fields.key!, confirmed: await uploadJson(t, { key: post.fields.key }, token) };
};

/** Follows the app's redirect to the store's signed URL. */
const download = async (t: TestApp, url: string, token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: await mediaCookie(t, token) },
  });
  expect(res.statusCode).toBe(302);
  const signed = String(res.headers.location);
  return { signed, res: await fetch(signed) };
};

describe('s3 upload mode', () => {
  const t = useTestApp(() => s3!.env);

  it('answers the cloud upload mode', async () => {
    const user = await createUser(t);
    expect(await t.ok(baseApi.uploadMode, {}, user.token)).toEqual({ mode: 'cloud', type: 'aws' });
  });

  it('hands out a presigned POST, checks the object, and serves it upright and without metadata', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const bytes = await photo();
    expect((await sharp(bytes).metadata()).exif?.toString('latin1')).toContain('TestCam');
    const { key, confirmed } = await uploadVia(t, a.token, bytes, {
      contentType: 'image/jpeg',
      size: bytes.length,
    });
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(key).toMatch(new RegExp(`^chatpay/${today}/[0-9a-f-]{36}-photo\\.jpg$`));
    expect(confirmed.code, confirmed.message).toBe(1000);
    const url = confirmed.data as string;
    expect(url).toBe(`/uploads/${key}`);

    // A message may carry it; the other member downloads it through a signed URL of the store.
    await t.ok(
      messageApi.send,
      {
        sessionId,
        clientMsgId: randomUUID(),
        contentType: 'image',
        content: { url, width: 200, height: 400 },
      },
      a.token,
    );
    const { signed, res } = await download(t, url, b.token);
    expect(signed.startsWith(s3!.endpoint)).toBe(true);
    // Per viewer, before any URL is signed: a member outside the chat (or no member) gets nothing.
    const stranger = await createUser(t);
    const refused = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await mediaCookie(t, stranger.token) },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.location).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(signed).toContain('X-Amz-Signature=');
    expect(res.status).toBe(200);
    const served = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(served).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    // A thumbnail by size parameters (docs/product.md#uploads), made once and kept in the bucket.
    const thumb = await download(t, `${url}?w_=100&h_=100`, b.token);
    expect(thumb.res.status).toBe(200);
    const tm = await sharp(Buffer.from(await thumb.res.arrayBuffer())).metadata();
    expect(Math.max(tm.width, tm.height)).toBe(128);
    expect(tm.exif).toBeUndefined();
    expect(thumb.signed).toContain(`/${s3!.bucket}/thumbs/`);
  });

  it('refuses a confirmation by another member, a wrong size and a wrong type', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const bytes = await photo();

    const form = await uploadJson(
      t,
      { fileName: 'a.jpg', contentType: 'image/jpeg', size: bytes.length },
      alice.token,
    );
    const post = form.data as PresignedPost;
    expect((await postToStore(post, bytes, 'image/jpeg')).status).toBe(204);
    const stolen = await uploadJson(t, { key: post.fields.key }, bob.token);
    expect(stolen.code).toBe(ErrorCode.UploadMissing);
    // Never posted: not there yet.
    const early = await uploadJson(
      t,
      { fileName: 'b.jpg', contentType: 'image/jpeg', size: 10 },
      alice.token,
    );
    const missing = await uploadJson(t, { key: (early.data as PresignedPost).fields.key }, alice.token);
    expect(missing.code).toBe(ErrorCode.UploadMissing);

    // The store took a larger file than the form allowed (s3rver does not enforce the policy): refused, deleted.
    const big = await uploadVia(t, alice.token, Buffer.concat([bytes, Buffer.alloc(50)]), {
      contentType: 'image/jpeg',
      size: bytes.length,
    });
    expect(big.confirmed.code).toBe(ErrorCode.UploadTooLarge);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${big.key}` })).statusCode).toBe(404);

    // Said to be a PNG, but its first bytes are HTML.
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const fake = await uploadVia(t, alice.token, html, { contentType: 'image/png', size: html.length });
    expect(fake.confirmed.code).toBe(ErrorCode.UploadTypeNotAllowed);
    // A picture said to be a PDF (or the other way round): the bytes must match the kind of file claimed.
    const mislabelled = await uploadVia(t, alice.token, bytes, {
      contentType: 'application/pdf',
      size: bytes.length,
    });
    expect(mislabelled.confirmed.code).toBe(ErrorCode.UploadTypeNotAllowed);
    // A real PDF, posted with another Content-Type than the form's (the store stores what it is given).
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const pdfForm = await uploadJson(
      t,
      { fileName: 'a.pdf', contentType: 'application/pdf', size: pdf.length },
      alice.token,
    );
    const pdfPost = pdfForm.data as PresignedPost;
    const asHtml = { ...pdfPost, fields: { ...pdfPost.fields, 'Content-Type': 'text/html' } };
    expect((await postToStore(asHtml, pdf, 'text/html')).status).toBe(204);
    const retyped = await uploadJson(t, { key: pdfPost.fields.key }, alice.token);
    expect(retyped.code).toBe(ErrorCode.UploadTypeNotAllowed);
    const gone = await fetch(`${s3!.endpoint}/${s3!.bucket}/${pdfPost.fields.key}`, { method: 'HEAD' });
    expect(gone.status).toBe(404);

    // Types and sizes that could never pass are refused before a form is made.
    const svg = await uploadJson(
      t,
      { fileName: 'a.svg', contentType: 'image/svg+xml', size: 10 },
      alice.token,
    );
    expect(svg.code).toBe(ErrorCode.UploadTypeNotAllowed);
    const huge = await uploadJson(
      t,
      { fileName: 'a.mp4', contentType: 'video/mp4', size: 1e10 },
      alice.token,
    );
    expect(huge.code).toBe(ErrorCode.UploadTooLarge);
    const bad = await uploadJson(t, { fileName: '', size: -1 }, alice.token);
    expect(bad.code).toBe(ErrorCode.Validation);
  });

  it('removes upload forms never confirmed after a day, with their objects', async () => {
    const user = await createUser(t);
    const bytes = await photo();
    const form = await uploadJson(
      t,
      { fileName: 'c.jpg', contentType: 'image/jpeg', size: bytes.length },
      user.token,
    );
    const post = form.data as PresignedPost;
    await postToStore(post, bytes, 'image/jpeg');
    t.clock.advance(25 * 3600 * 1000);
    await t.jobs.runNow('upload-cleanup');
    const head = await fetch(`${s3!.endpoint}/${s3!.bucket}/${post.fields.key}`, { method: 'HEAD' });
    expect(head.status).not.toBe(200);
    const late = await uploadJson(t, { key: post.fields.key }, user.token);
    expect(late.code).toBe(ErrorCode.UploadMissing);
  });

  it('removes confirmed uploads nothing refers to after a day, with their thumbnails; keeps the rest', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const bytes = await photo();
    const claim = { contentType: 'image/jpeg', size: bytes.length };
    const sent = await uploadVia(t, a.token, bytes, claim);
    const avatar = await uploadVia(t, a.token, bytes, claim);
    const orphan = await uploadVia(t, a.token, bytes, claim);
    await t.ok(
      messageApi.send,
      {
        sessionId,
        clientMsgId: randomUUID(),
        contentType: 'image',
        content: { url: sent.confirmed.data as string },
      },
      a.token,
    );
    await t.ok(userApi.setUser, { dataKey: 'avatar', dataValue: avatar.confirmed.data as string }, a.token);
    const thumb = await download(t, `${orphan.confirmed.data as string}?w_=64`, a.token);
    expect(thumb.res.status).toBe(200);
    const inStore = async (key: string) =>
      (await fetch(`${s3!.endpoint}/${s3!.bucket}/${key}`, { method: 'HEAD' })).status === 200;
    const thumbKey = new URL(thumb.signed).pathname.replace(`/${s3!.bucket}/`, '');
    expect(await inStore(decodeURIComponent(thumbKey))).toBe(true);

    await t.jobs.runNow('upload-cleanup');
    expect(await inStore(orphan.key)).toBe(true);
    t.clock.advance(25 * 3600 * 1000);
    await t.jobs.runNow('upload-cleanup');
    expect(await inStore(orphan.key)).toBe(false);
    expect(await inStore(decodeURIComponent(thumbKey))).toBe(false);
    expect(await inStore(sent.key)).toBe(true);
    expect(await inStore(avatar.key)).toBe(true);
    const gone = await t.app.inject({
      method: 'GET',
      url: orphan.confirmed.data as string,
      headers: { cookie: await mediaCookie(t, a.token) },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers bad bodies with an envelope, never a server error', async () => {
    const user = await createUser(t);
    const hostile: unknown[] = [
      [],
      'text',
      42,
      { key: { $ne: null } },
      { key: '../../etc/passwd' },
      { key: 'x'.repeat(5000) },
      { fileName: 'x'.repeat(10_000), contentType: 'image/png', size: 1 },
      { fileName: 'a.png', contentType: 'image/png', size: 1e308 },
      { fileName: 'a.png', contentType: 'text/html', size: 10 },
      { fileName: '\u0000\u202e', contentType: 'image/png', size: 10 },
    ];
    for (const body of hostile) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api${baseApi.upload.path}`,
        payload: JSON.stringify(body),
        headers: { authorization: user.token, 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      const envelope = res.json() as Envelope;
      expect(typeof envelope.code).toBe('number');
    }
    // A multipart post is not how cloud mode uploads.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'a.jpg');
    const encoded = new Response(form);
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api${baseApi.upload.path}`,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, authorization: user.token },
    });
    expect((multipart.json() as Envelope).code).toBe(ErrorCode.UploadMissing);
  });

  it('allows the store in the Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/base/comm/param?key=x' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${s3!.endpoint.replace(/[.:/]/g, '\\$&')}`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3!.endpoint.replace(/[.:/]/g, '\\$&')}`));
  });
});

describe('s3 public media through S3_PUBLIC_URL', () => {
  const t = useTestApp(() => ({ ...s3!.env, S3_PUBLIC_URL: `${s3!.endpoint}/${s3!.bucket}` }));

  it('sends avatars to the CDN base, keeps chat pictures on signed URLs', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const bytes = await photo();
    const claim = { contentType: 'image/jpeg', size: bytes.length };
    const avatar = await uploadVia(t, a.token, bytes, claim);
    await t.ok(userApi.setUser, { dataKey: 'avatar', dataValue: avatar.confirmed.data as string }, a.token);
    const open = await t.app.inject({ method: 'GET', url: `${avatar.confirmed.data as string}?w_=64&h_=64` });
    expect(open.statusCode).toBe(302);
    const cdn = String(open.headers.location);
    expect(cdn.startsWith(`${s3!.endpoint}/${s3!.bucket}/thumbs/`)).toBe(true);
    expect(cdn).not.toContain('X-Amz-Signature');
    expect(open.headers['cache-control']).toMatch(/^public/);
    expect((await fetch(cdn)).status).toBe(200);

    const picture = await uploadVia(t, a.token, bytes, claim);
    const url = picture.confirmed.data as string;
    await t.ok(
      messageApi.send,
      { sessionId, clientMsgId: randomUUID(), contentType: 'image', content: { url } },
      a.token,
    );
    const { signed } = await download(t, url, b.token);
    expect(signed).toContain('X-Amz-Signature=');
  });
});

describe('s3 signed download URLs', () => {
  const t = useTestApp(() => ({ ...s3!.env, S3_URL_EXPIRES_SECONDS: '2' }));

  it('expire', async () => {
    const user = await createUser(t);
    const bytes = await photo();
    const { confirmed } = await uploadVia(t, user.token, bytes, {
      contentType: 'image/jpeg',
      size: bytes.length,
    });
    const { signed, res } = await download(t, confirmed.data as string, user.token);
    expect(res.status).toBe(200);
    await sleep(3100);
    const late = await fetch(signed);
    expect(late.status).toBe(403);
    expect(await late.text()).toMatch(/expired/i);
  });
});
