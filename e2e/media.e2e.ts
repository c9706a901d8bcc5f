import { randomUUID } from 'node:crypto';
import {
  baseApi,
  type ContractClient,
  messageApi,
  momentsApi,
  type PresignedPost,
  userApi,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test-support/s3.ts';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { befriend, byId, logInAs, phoneClient, registerMember } from './people.ts';

/** A photo-like JPEG: noise compresses badly, as real photos do (hundreds of kB). */
const photo = (seed: number, width = 1600, height = 1200) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 100 + seed * 10, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

/** Uploads through the API as the browser would, in either mode (set-up of the moment). */
const apiUpload = async (server: RunningServer, token: string, bytes: Buffer, name: string) => {
  const url = `${server.url}/api${baseApi.upload.path}`;
  const mode = await server.api.ok(baseApi.uploadMode, {}, token);
  if (mode.mode === 'cloud') {
    const ask = async (body: unknown) =>
      (
        (await (
          await fetch(url, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { data: unknown }
      ).data;
    const post = (await ask({
      fileName: name,
      contentType: 'image/jpeg',
      size: bytes.length,
    })) as PresignedPost;
    const form = new FormData();
    for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
    expect((await fetch(post.url, { method: 'POST', body: form })).status).toBe(204);
    return String(await ask({ key: post.fields.key }));
  }
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(url, { method: 'POST', headers: { authorization: token }, body: form });
  return String(((await res.json()) as { data: unknown }).data);
};

/** Bytes of pictures and videos a phone downloads, counted from the moment `reset` is called. */
const meter = (context: BrowserContext) => {
  let bytes = 0;
  const urls: string[] = [];
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (req: Request) => {
    if (!['image', 'media'].includes(req.resourceType())) return;
    if (req.url().startsWith('data:') || req.url().startsWith('blob:')) return;
    urls.push(req.url());
    pending.push(
      req.sizes().then(
        (s) => {
          bytes += s.responseBodySize;
        },
        () => {},
      ),
    );
  });
  return {
    reset: () => {
      bytes = 0;
      urls.length = 0;
    },
    read: async () => {
      await Promise.all(pending);
      return { bytes, urls: [...urls] };
    },
  };
};

/** The phone's own recording of a 2-second clip (WebM/VP8 from a canvas): a video the browser can decode. */
const recordClip = (page: Page) =>
  page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    let frame = 0;
    const draw = () => {
      g.fillStyle = `hsl(${(frame++ * 12) % 360}, 80%, 50%)`;
      g.fillRect(0, 0, 320, 240);
    };
    draw();
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const timer = setInterval(draw, 40);
    recorder.start(100);
    await new Promise((r) => setTimeout(r, 2200));
    const stopped = new Promise((r) => {
      recorder.onstop = r;
    });
    recorder.stop();
    await stopped;
    clearInterval(timer);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });

const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;

describe.each(['local', 's3'] as const)('media in %s mode', (mode) => {
  let s3: TestS3 | null = null;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    s3 = mode === 's3' ? await startTestS3() : null;
    server = await startServer(s3?.env ?? {});
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await s3?.stop();
  });

  it('A sends three photos and a video with progress; B sees thumbnails and a poster, the viewer the original; a moment of nine loads thumbnails', async () => {
    const api: ContractClient = server.api;
    const [alice, bob] = await Promise.all([registerMember(api, 'Alice'), registerMember(api, 'Bob')]);
    const sessionId = await befriend(api, alice, bob);
    const ctxA = await newPhone(browser);
    const ctxB = await newPhone(browser);
    const bBytes = meter(ctxB);
    const a = await logInAs(server.url, ctxA, alice);
    const b = await logInAs(server.url, ctxB, bob);
    for (const p of [a, b]) {
      await byId(p, `session-${sessionId}`).click();
      await byId(p, 'chat-page').waitFor();
    }

    // A's uplink is slow (400 kB/s), so each upload takes a while and its bar is seen moving.
    const cdp = await ctxA.newCDPSession(a);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 10,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const photos = await Promise.all([1, 2, 3].map((i) => photo(i)));
    const originalsBytes = photos.reduce((n, p) => n + p.length, 0);
    bBytes.reset();
    await byId(a, 'chat-attach').click();
    await byId(a, 'file-photo').setInputFiles(
      photos.map((buffer, i) => ({ name: `photo-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })),
    );
    const bar = byId(a, 'upload-progress').first();
    await bar.waitFor();
    await expect
      .poll(async () => Number(await bar.getAttribute('data-percent')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const seenPercent = await bar.getAttribute('data-percent');
    await shot(a, `media-${mode}-01-a-progress`);
    await expect
      .poll(() => b.locator('[data-type="image"][data-status="sent"] img').count(), { timeout: 60_000 })
      .toBe(3);
    // B's bubbles show thumbnails, all loaded.
    const srcs = await b
      .locator('[data-type="image"] img')
      .evaluateAll((els) => els.map((e) => e.getAttribute('src')));
    for (const src of srcs) expect(src).toMatch(/^\/uploads\/.+\?w_=\d+&h_=\d+$/);
    await expect
      .poll(() =>
        b
          .locator('[data-type="image"] img')
          .evaluateAll((els) =>
            els.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toBe(true);

    // A video: poster frame at 1 s made on A's phone; B sees the poster, not the video.
    const clip = Buffer.from(await recordClip(a));
    await byId(a, 'chat-attach').click();
    await byId(a, 'file-video').setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: clip });
    await expect
      .poll(() => b.locator('[data-type="video"][data-status="sent"]').count(), { timeout: 60_000 })
      .toBe(1);
    await byId(b, 'msg-video-poster').waitFor();
    expect(await byId(b, 'msg-video-poster').getAttribute('src')).toMatch(/^\/uploads\/.+\?w_=\d+&h_=\d+$/);
    await expect
      .poll(() => byId(b, 'msg-video-poster').evaluate((e) => (e as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    // Its duration (about 2 s) is shown on the bubble.
    expect(await byId(b, 'msg-video-duration').textContent()).toMatch(/^0:0[1-3]$/);
    await shot(b, `media-${mode}-02-b-chat`);
    const chat = await bBytes.read();
    expect(chat.urls.some((u) => u.includes('clip') || u.endsWith('.webm'))).toBe(false);

    // Opening a photo loads the original.
    bBytes.reset();
    const original = b.waitForRequest((r) => r.url().includes('/uploads/') && !r.url().includes('w_='));
    await byId(b, 'msg-image').first().click();
    const req = await original;
    await b.locator('.adm-image-viewer-image-wrapper img, .adm-image-viewer-content img').first().waitFor();
    await shot(b, `media-${mode}-03-b-viewer`);
    const viewer = await bBytes.read();
    await b.keyboard.press('Escape');
    await b.goBack().catch(() => {});

    // A moment with nine pictures: B's feed loads only thumbnails.
    // Logging in on the phone ended the API session: use the phone's token.
    const tokenA = String(await a.evaluate(() => localStorage.getItem('uni_id_token')));
    const nine = await Promise.all(Array.from({ length: 9 }, (_, i) => photo(i % 5, 1200, 900)));
    const urls = [];
    for (const [i, bytes] of nine.entries()) urls.push(await apiUpload(server, tokenA, bytes, `m${i}.jpg`));
    const moment = await api.ok(momentsApi.post, { text: 'Nine', images: urls }, tokenA);
    const feedPage = await ctxB.newPage();
    bBytes.reset();
    await feedPage.goto(`${server.url}/#/pages/moments/index`);
    await expect
      .poll(() => byId(feedPage, `moment-images-${moment.id}`).getAttribute('data-count'))
      .toBe('9');
    const thumbs = byId(feedPage, `moment-images-${moment.id}`).locator('img');
    await expect
      .poll(() =>
        thumbs.evaluateAll(
          (els) =>
            els.filter((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0)
              .length,
        ),
      )
      .toBe(9);
    await shot(feedPage, `media-${mode}-04-b-moment`);
    const feed = await bBytes.read();
    const mediaUrls = feed.urls.filter(
      (u) => u.includes('/uploads/') || (s3 !== null && u.startsWith(s3.endpoint)),
    );
    const ours = mediaUrls.filter((u) => u.includes('/uploads/'));
    expect(ours.length).toBeGreaterThanOrEqual(9);
    for (const u of ours) expect(u).toContain('w_=');
    const nineBytes = nine.reduce((n, p) => n + p.length, 0);
    expect(feed.bytes).toBeLessThan(nineBytes / 4);

    console.log(
      `[media ${mode}] upload bar seen at ${seenPercent}%; chat of 3 photos + 1 video: B downloaded ${kb(chat.bytes)} (originals would be ${kb(originalsBytes + clip.length)}); viewer original ${req.url().split('?')[0]?.split('/').pop()}: ${kb(viewer.bytes)}; moment of 9: ${kb(feed.bytes)} downloaded vs ${kb(nineBytes)} of originals`,
    );
    await ctxA.close();
    await ctxB.close();
  });

  it('private chat media: a member outside the chat cannot load it; uploads outside the chat show progress, cancel and retry', async () => {
    const api: ContractClient = server.api;
    const [alice, bob, carol] = await Promise.all([
      registerMember(api, 'Alice'),
      registerMember(api, 'Bob'),
      registerMember(api, 'Carol'),
    ]);
    const sessionId = await befriend(api, alice, bob);
    const ctxA = await newPhone(browser);
    const ctxB = await newPhone(browser);
    const ctxC = await newPhone(browser);
    const a = await logInAs(server.url, ctxA, alice);
    const b = await logInAs(server.url, ctxB, bob);
    const c = await logInAs(server.url, ctxC, carol);

    // A sends a picture to B. B's phone loads it; C's phone (signed in, but not in the chat) gets nothing.
    const tokenA = String(await a.evaluate(() => localStorage.getItem('uni_id_token')));
    const url = await apiUpload(server, tokenA, await photo(7, 400, 300), 'secret.jpg');
    await phoneClient(server.url, a).ok(messageApi.send, {
      sessionId,
      clientMsgId: randomUUID(),
      contentType: 'image',
      content: { url, width: 400, height: 300 },
    });
    const load = (p: Page, src: string) => p.evaluate(async (u) => (await fetch(u)).status, src);
    expect(await load(b, url)).toBe(200);
    expect(await load(b, `${url}?w_=120&h_=120`)).toBe(200);
    expect(await load(c, url)).toBe(404);
    expect(await load(c, `${url}?w_=120&h_=120`)).toBe(404);
    // Nor a browser with no session at all.
    const anonymous = await newPhone(browser);
    const nobody = await anonymous.newPage();
    await nobody.goto(`${server.url}/#/pages/login/index`);
    expect(await load(nobody, url)).toBe(404);
    await anonymous.close();

    // The avatar: a slow uplink shows the upload's percentage; cancel leaves the avatar as it was.
    await a.goto(`${server.url}/#/pages/user/edit`);
    await byId(a, 'edit-avatar').waitFor();
    const cdp = await ctxA.newCDPSession(a);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 10,
      downloadThroughput: -1,
      uploadThroughput: 100 * 1024,
    });
    const big = await photo(3);
    await byId(a, 'edit-avatar-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: big });
    const task = byId(a, 'upload-task').first();
    await task.waitFor();
    await expect
      .poll(async () => Number(await task.getAttribute('data-percent')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await shot(a, `media-${mode}-05-avatar-progress`);
    await byId(a, 'upload-task-cancel').click();
    await expect.poll(() => byId(a, 'upload-task').count()).toBe(0);
    expect((await phoneClient(server.url, a).ok(userApi.person, {})).avatar).toBe('');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // The store (or this server) is unreachable for every attempt: after the automatic retries the row says
    // why and offers Retry, which works once the network is back.
    const fileRoute = (u: URL) =>
      s3 ? u.href.startsWith(s3.endpoint) : u.pathname === `/api${baseApi.upload.path}`;
    const failing = async (route: Route) => {
      if (route.request().method() === 'POST') await route.abort('failed');
      else await route.continue();
    };
    await ctxA.route(fileRoute, failing);
    const small = await photo(4, 320, 320);
    await byId(a, 'edit-avatar-input').setInputFiles({
      name: 'me2.jpg',
      mimeType: 'image/jpeg',
      buffer: small,
    });
    await expect
      .poll(() => byId(a, 'upload-task').first().getAttribute('data-failed'), { timeout: 30_000 })
      .toBe('true');
    await shot(a, `media-${mode}-06-avatar-failed`);
    await ctxA.unroute(fileRoute, failing);
    await byId(a, 'upload-task-retry').click();
    await expect
      .poll(async () => (await phoneClient(server.url, a).ok(userApi.person, {})).avatar, { timeout: 30_000 })
      .toMatch(/^\/uploads\//);
    await expect.poll(() => byId(a, 'upload-task').count()).toBe(0);
    // The avatar is public: C's phone loads it.
    const avatar = (await phoneClient(server.url, a).ok(userApi.person, {})).avatar;
    expect(await load(c, `${avatar}?w_=64&h_=64&m_=fill`)).toBe(200);

    // A moment's pictures: each shows its percentage while it goes up.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 10,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await a.goto(`${server.url}/#/pages/moments/publish`);
    await byId(a, 'publish-images').waitFor();
    await byId(a, 'publish-images')
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'p1.jpg', mimeType: 'image/jpeg', buffer: await photo(5) },
        { name: 'p2.jpg', mimeType: 'image/jpeg', buffer: await photo(6) },
      ]);
    await expect.poll(() => byId(a, 'upload-task').count(), { timeout: 30_000 }).toBe(2);
    await shot(a, `media-${mode}-07-moment-progress`);
    await expect.poll(() => byId(a, 'upload-task').count(), { timeout: 60_000 }).toBe(0);
    await byId(a, 'publish-text').locator('textarea').first().fill('Two');
    await byId(a, 'publish-submit').click();
    await expect
      .poll(async () => (await api.ok(momentsApi.page, { page: 1, size: 10 }, tokenA)).list[0]?.images.length)
      .toBe(2);

    await ctxA.close();
    await ctxB.close();
    await ctxC.close();
  });
});
