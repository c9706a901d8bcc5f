import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { appFeedbackApi, baseApi, messageApi, transactionApi, userApi } from '@chatpay/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_CLEANUP_LOCK } from '../../src/modules/uploads/cleanup.ts';
import { createAd, createMerchant, createTrader, pay, startOrder } from '../c2c/factories.ts';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import { adminToken, createFriendPair, createUser } from '../helpers/factories.ts';
import { mediaCookie } from '../helpers/media.ts';

/**
 * Uploads in local mode: private media (chat pictures, ticket pictures) only for those who may read them,
 * public media (avatars) for anyone; orphans removed after a day, referenced files kept.
 */
const t = useTestApp();

const picture = (colour: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();

export const uploadLocal = async (app: TestApp, bytes: Buffer, token: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'p.png');
  const encoded = new Response(form);
  const res = await app.app.inject({
    method: 'POST',
    url: `/api${baseApi.upload.path}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, authorization: token },
  });
  return (res.json() as { data: string }).data;
};

/** What a browser sends to `/uploads` once the member's app has called the API (access.ts). */
const asMember = async (token: string | null) => {
  if (!token) return {};
  // A made-up value goes into the cookie as it is; a member's token buys the cookie the server sets for it.
  if (token.split('.').length !== 3) return { cookie: `cp_media=${encodeURIComponent(token)}` };
  return { cookie: await mediaCookie(t, token) };
};

const get = async (url: string, token: string | null) =>
  t.app.inject({ method: 'GET', url, headers: await asMember(token) });

describe('media access in local mode', () => {
  it('sets the media cookie on API answers, for /uploads only and out of script reach', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${userApi.person.path}`,
      headers: { authorization: user.token },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/cp_media=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain('Path=/uploads');
    expect(cookie).toContain('HttpOnly');
    // A media token, not the API token: the API refuses it.
    const media = decodeURIComponent(cookie.match(/cp_media=([^;]+)/)![1]!);
    expect(media).not.toBe(user.token);
    const asApiToken = await t.app.inject({
      method: 'GET',
      url: `/api${userApi.person.path}`,
      headers: { authorization: media },
    });
    expect(asApiToken.statusCode).toBe(401);
    // Already carried: not set again.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api${userApi.person.path}`,
      headers: { authorization: user.token, ...(await asMember(user.token)) },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('serves a chat picture to the chat members and staff only, never cached publicly', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const stranger = await createUser(t);
    const url = await uploadLocal(t, await picture('#36c'), a.token);
    // Before it is sent, only its uploader sees it.
    expect((await get(url, a.token)).statusCode).toBe(200);
    expect((await get(url, b.token)).statusCode).toBe(404);
    await t.ok(
      messageApi.send,
      {
        sessionId,
        clientMsgId: randomUUID(),
        contentType: 'image',
        content: { url, width: 300, height: 200 },
      },
      a.token,
    );
    const seen = await get(url, b.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toMatch(/^private/);
    // The API token itself is no media cookie: only the media token the server set reads media.
    const apiTokenAsCookie = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `cp_media=${encodeURIComponent(b.token)}` },
    });
    expect(apiTokenAsCookie.statusCode).toBe(404);
    expect((await get(`${url}?w_=64&h_=64`, b.token)).statusCode).toBe(200);
    // Another member, no cookie, a made-up cookie: as if there were no such file.
    expect((await get(url, stranger.token)).statusCode).toBe(404);
    expect((await get(`${url}?w_=64&h_=64`, stranger.token)).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(404);
    expect((await get(url, 'not-a-token')).statusCode).toBe(404);
    expect((await get(url, await adminToken(t))).statusCode).toBe(200);
  });

  it('serves feedback pictures to their author only; avatars to anyone, cached', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const proof = await uploadLocal(t, await picture('#c63'), me.token);
    await t.ok(appFeedbackApi.submit, { type: 'other', text: 'See picture', images: [proof] }, me.token);
    expect((await get(proof, me.token)).statusCode).toBe(200);
    expect((await get(proof, other.token)).statusCode).toBe(404);

    const avatar = await uploadLocal(t, await picture('#6c3'), me.token);
    await t.ok(userApi.setUser, { dataKey: 'avatar', dataValue: avatar }, me.token);
    const open = await get(`${avatar}?w_=64&h_=64&m_=fill`, null);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toMatch(/^public/);
    expect((await get(avatar, null)).headers['cache-control']).toMatch(/^public/);
  });
});

describe('appeal proof in local mode', () => {
  it("is read by the order's parties and staff, not by another member", async () => {
    const merchant = await createMerchant(t);
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);
    const other = await createUser(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    await pay(t, buyer, order.orderId);
    const proof = await uploadLocal(t, await picture('#963'), merchant.token);
    await t.ok(
      transactionApi.appealing,
      { id: order.orderId, reason: 'no money arrived', proof: [proof] },
      merchant.token,
    );
    // More proof from the buyer (transaction/uploadFiles): the seller may read it too.
    const more = await uploadLocal(t, await picture('#369'), buyer.token);
    await t.ok(transactionApi.uploadFiles, { id: order.orderId, urls: [more] }, buyer.token);
    for (const url of [proof, more]) {
      expect((await get(url, buyer.token)).statusCode).toBe(200);
      expect((await get(url, merchant.token)).statusCode).toBe(200);
      expect((await get(url, await adminToken(t))).statusCode).toBe(200);
      expect((await get(url, other.token)).statusCode).toBe(404);
    }
  });
});

describe('orphan uploads in local mode', () => {
  it('removes files nothing refers to after a day, keeps referenced ones', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const sent = await uploadLocal(t, await picture('#111'), a.token);
    const avatar = await uploadLocal(t, await picture('#222'), a.token);
    const orphan = await uploadLocal(t, await picture('#333'), a.token);
    await t.ok(
      messageApi.send,
      { sessionId, clientMsgId: randomUUID(), contentType: 'image', content: { url: sent } },
      a.token,
    );
    await t.ok(userApi.setUser, { dataKey: 'avatar', dataValue: avatar }, a.token);
    // A thumbnail of the orphan exists, and goes with it.
    expect((await get(`${orphan}?w_=64`, a.token)).statusCode).toBe(200);
    const file = (url: string) => path.join(t.dataDir, 'uploads', url.replace('/uploads/', ''));
    const thumbs = () =>
      fs
        .readdirSync(path.dirname(path.join(t.dataDir, 'thumbs', orphan.replace('/uploads/', ''))))
        .filter((n) => n.startsWith(path.basename(orphan)));
    expect(thumbs()).toHaveLength(1);

    // Not yet a day old: nothing goes.
    await t.jobs.runNow('upload-cleanup');
    for (const url of [sent, avatar, orphan]) expect(fs.existsSync(file(url))).toBe(true);

    t.clock.advance(25 * 3600 * 1000);
    if (t.database.engine === 'postgres') {
      // Another process holds the sweep's lock: this one does nothing.
      await t.database.withLock(UPLOAD_CLEANUP_LOCK, async () => {
        expect(await t.jobs.runNow('upload-cleanup')).toBe(0);
      });
      expect(fs.existsSync(file(orphan))).toBe(true);
    }
    expect(await t.jobs.runNow('upload-cleanup')).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file(orphan))).toBe(false);
    expect(thumbs()).toHaveLength(0);
    expect((await get(orphan, a.token)).statusCode).toBe(404);
    expect(fs.existsSync(file(sent))).toBe(true);
    expect(fs.existsSync(file(avatar))).toBe(true);
    expect((await get(sent, a.token)).statusCode).toBe(200);
    // Kept for good: a later pass does not look at them again, and does not delete them.
    t.clock.advance(25 * 3600 * 1000);
    await t.jobs.runNow('upload-cleanup');
    expect(fs.existsSync(file(sent))).toBe(true);
  });
});
