import { randomUUID } from 'node:crypto';
import {
  appFeedbackApi,
  bankApi,
  baseApi,
  ErrorCode,
  messageApi,
  momentsApi,
  sessionApi,
  userApi,
} from '@chatpay/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bankForm } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, createUser, makeFriends, type TestUser } from '../helpers/factories.ts';
import { mediaCookie } from '../helpers/media.ts';

/** An upload belongs to its uploader (docs/security.md, "Media ownership"). */
const t = useTestApp();

const upload = async (token: string, colour: string) => {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
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

const read = async (url: string, token: string | null) =>
  (await t.app.inject({ method: 'GET', url, headers: token ? { cookie: await mediaCookie(t, token) } : {} }))
    .statusCode;

const sendImage = (sender: TestUser, sessionId: number, url: string) =>
  t.call(
    messageApi.send,
    { sessionId, clientMsgId: randomUUID(), contentType: 'image', content: { url, width: 64, height: 64 } },
    sender.token,
  );

/** A private picture of A's, sent to A's friend B. */
const privatePicture = async () => {
  const { a, b, sessionId } = await createFriendPair(t);
  const url = await upload(a.token, '#a33');
  expect((await sendImage(a, sessionId, url)).code).toBe(1000);
  return { a, b, url };
};

describe('a member who learns a private media URL', () => {
  it('cannot send it in their own chat, and so cannot read it', async () => {
    const { url } = await privatePicture();
    const stranger = await createUser(t);
    const service = await t.ok(sessionApi.checkService, {}, stranger.token);
    expect((await sendImage(stranger, service.sessionId, url)).code).toBe(ErrorCode.InvalidMediaUrl);
    const reply = await t.call(
      messageApi.setReply,
      { enabled: true, contentType: 'image', content: { url } },
      stranger.token,
    );
    expect(reply.code).toBe(ErrorCode.InvalidMediaUrl);
    expect(await read(url, stranger.token)).toBe(404);
  });

  it('cannot publish it as an avatar, a moment or a payment QR code, nor file it in a ticket', async () => {
    const { url } = await privatePicture();
    const stranger = await createUser(t);
    await t.fails(
      userApi.setUser,
      { dataKey: 'avatar', dataValue: url },
      stranger.token,
      ErrorCode.InvalidMediaUrl,
    );
    await t.fails(
      momentsApi.post,
      { text: 'mine now', images: [url] },
      stranger.token,
      ErrorCode.InvalidMediaUrl,
    );
    await t.fails(
      bankApi.add,
      bankForm({ type: 'alipay', name: 'Li', account: 'li@example.com', qrCode: url } as never),
      stranger.token,
      ErrorCode.InvalidMediaUrl,
    );
    await t.fails(
      appFeedbackApi.submit,
      { type: 'other', text: 'look', images: [url] },
      stranger.token,
      ErrorCode.InvalidMediaUrl,
    );
    expect(await read(url, null)).toBe(404);
    expect(await read(url, stranger.token)).toBe(404);
  });
});

describe('a member who may read someone else’s media', () => {
  it('may pass it on, but their avatar never makes it public', async () => {
    const { a, b, url } = await privatePicture();
    const c = await createUser(t);
    const sessionId = await makeFriends(t, b, c);
    expect((await sendImage(b, sessionId, url)).code).toBe(1000);
    expect(await read(url, c.token)).toBe(200);
    await t.ok(userApi.setUser, { dataKey: 'avatar', dataValue: url }, b.token);
    expect(await read(url, null)).toBe(404);
    // The uploader's own avatar does make it public.
    await t.ok(userApi.setUser, { dataKey: 'avatar', dataValue: url }, a.token);
    expect(await read(url, null)).toBe(200);
  });

  it('an upload of one’s own is always usable', async () => {
    const me = await createUser(t);
    const url = await upload(me.token, '#3a3');
    await t.ok(momentsApi.post, { text: 'sunset', images: [url] }, me.token);
    expect(await read(url, null)).toBe(200);
  });
});
