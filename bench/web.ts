/**
 * `npm run bench:web` — the production build's JS and CSS (gzip) for the first screen and in total, and the
 * time for the chat page of a session holding 10,000 messages to show the newest one in headless Chromium.
 * Baseline in the same run: the time for the same browser to load the app's bare index.html shell (the
 * network + parse floor of this machine), so the verdict does not depend on the machine's speed.
 * Targets: first-screen JS ≤ 180 KB gzip; chat page ready ≤ 600 ms median; Lighthouse (mobile)
 * performance ≥ 90 on the login page and the chat list (bench/lighthouse.ts), and the app installable.
 * The bytes of pictures the chat page of a session of BENCH_WEB_PHOTOS photos downloads when opened
 * (thumbnails), against the bytes of the originals of the same pictures (what it downloaded before thumbnails).
 * Settings: BENCH_WEB_MESSAGES (default 10000), BENCH_WEB_RUNS (default 5), BENCH_WEB_PHOTOS (default 50),
 * BENCH_SKIP_BUILD=1, BENCH_SKIP_LIGHTHOUSE=1.
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { baseApi, friendApi, messageApi } from '@chatpay/shared';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { newPhone } from '../e2e/harness.ts';
import { logInAs, registerMember } from '../e2e/people.ts';
import type { httpClient } from '../test-support/http.ts';
import { percentiles, report, root, setting } from './lib.ts';
import { lighthouseRuns } from './lighthouse.ts';
import { newestShown, startWebBench } from './web-setup.ts';
import { bundleSizes } from './web-sizes.ts';

const MESSAGES = setting('BENCH_WEB_MESSAGES', 10_000);
const RUNS = setting('BENCH_WEB_RUNS', 5);
const PHOTOS = setting('BENCH_WEB_PHOTOS', 50);
const dist = path.join(root, 'apps/web/dist');

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** A photo-like JPEG (noise compresses as badly as a real photo): about 600 kB. */
const photo = (i: number) =>
  sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 90 + (i % 8) * 10, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * A chat of PHOTOS photos from `writer` to `reader`, opened on `reader`'s phone: the bytes of the pictures it
 * downloads (thumbnails) and the bytes of the originals of the same pictures.
 */
const photoChat = async (
  url: string,
  api: ReturnType<typeof httpClient>,
  context: BrowserContext,
  reader: { id: number; token: string },
  writer: { id: number; token: string },
) => {
  const asked = await api.ok(friendApi.addFriend, { userId: writer.id, message: 'hi' }, reader.token);
  const { sessionId } = await api.ok(friendApi.confirmFriend, { id: asked.id, agree: true }, writer.token);
  const originals = new Map<string, number>();
  for (let i = 0; i < PHOTOS; i++) {
    const bytes = await photo(i);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `p${i}.jpg`);
    const res = await fetch(`${url}/api${baseApi.upload.path}`, {
      method: 'POST',
      headers: { authorization: writer.token },
      body: form,
    });
    const path = String(((await res.json()) as { data: unknown }).data);
    originals.set(path, bytes.length);
    await api.ok(
      messageApi.send,
      {
        sessionId: sessionId!,
        clientMsgId: randomUUID(),
        contentType: 'image',
        content: { url: path, width: 1600, height: 1200 },
      },
      writer.token,
    );
  }
  const page = await context.newPage();
  const loads: Promise<{ path: string; bytes: number }>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'image' || !req.url().includes('/uploads/')) return;
    const path = new URL(req.url()).pathname;
    loads.push(req.sizes().then((s) => ({ path, bytes: s.responseBodySize })));
  });
  await page.goto(`${url}/#/pages/chat/index?id=${sessionId}`);
  const images = page.locator('[data-testid="msg-image-thumb"]');
  await images.last().waitFor({ state: 'visible', timeout: 30_000 });
  for (let i = 0; i < 100; i++) {
    const done = await images.evaluateAll((els) =>
      els.every((e) => !(e as HTMLImageElement).loading || (e as HTMLImageElement).complete),
    );
    if (done) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.waitForLoadState('networkidle');
  const loaded = await Promise.all(loads);
  await page.close();
  const downloaded = loaded.reduce((n, l) => n + l.bytes, 0);
  const ofOriginals = loaded.reduce((n, l) => n + (originals.get(l.path) ?? 0), 0);
  return {
    photos: PHOTOS,
    picturesLoaded: loaded.length,
    downloadedKB: kb(downloaded),
    originalsOfSamePicturesKB: kb(ofOriginals),
    allOriginalsKB: kb([...originals.values()].reduce((n, b) => n + b, 0)),
  };
};

const main = async () => {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build:web', { cwd: root, stdio: 'inherit' });
  const sizes = bundleSizes(dist);

  const { server, browser, api, reader: a, sessionId, stop } = await startWebBench('web', dist, MESSAGES);
  try {
    const context = await newPhone(browser);
    const page = await logInAs(server.url, context, a);
    const newest = page.locator('[data-testid="msg-list"] .msg-text', {
      hasText: `Bench message ${MESSAGES}`,
    });
    const shell: number[] = [];
    const ready: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Baseline: the bare document (no app code runs in about:blank's place, only the HTML parse).
      let t0 = performance.now();
      await page.goto(`${server.url}/index.html?bench=${randomUUID()}#/pages/user/doc`, {
        waitUntil: 'commit',
      });
      shell.push(performance.now() - t0);
      // The chat page, loaded from scratch (a full document load, as opening a notification does).
      await page.goto('about:blank');
      t0 = performance.now();
      // From the navigation's commit, not its load event: the page may show the message before images, the
      // service worker's registration and the rest of the load are done (goto waits for `load` by default).
      await page.goto(`${server.url}/#/pages/chat/index?id=${sessionId}`, { waitUntil: 'commit' });
      await newestShown(page, MESSAGES);
      ready.push(performance.now() - t0);
      await newest.waitFor({ state: 'visible', timeout: 30_000 });
    }
    const photoWriter = await registerMember(api, 'Photographer');
    // Logging in on the phone ended the API session of `a`: use the phone's token.
    const readerToken = String(await page.evaluate(() => localStorage.getItem('uni_id_token')));
    const photos = await photoChat(server.url, api, context, { id: a.id, token: readerToken }, photoWriter);
    await context.close();
    // Last: its login ends the phone's session.
    const lh = process.env.BENCH_SKIP_LIGHTHOUSE ? null : await lighthouseRuns(server.url, a);
    const readyMs = percentiles(ready);
    const shellMs = percentiles(shell);
    report(
      'web',
      {
        settings: { messages: MESSAGES, runs: RUNS },
        ...sizes,
        chatPageReadyMs: readyMs,
        baselineDocumentMs: shellMs,
        readyVsBaseline: Math.round((readyMs.p50 / Math.max(shellMs.p50, 1)) * 10) / 10,
        photoChat: photos,
        lighthouse: lh,
        targets: {
          firstScreenJsGzipKB: 180,
          chatPageReadyMs: 600,
          lighthousePerformance: 90,
          installable: true,
        },
      },
      `first screen ${sizes.firstScreenGzipKB.js} KB JS (target ≤ 180) + ${sizes.firstScreenGzipKB.css} KB CSS gzip ` +
        `(total ${sizes.totalGzipKB.js} KB JS); chat page with ${MESSAGES} messages ready in ` +
        `${readyMs.p50} ms median (target ≤ 600), ${readyMs.max} ms worst (document alone ${shellMs.p50} ms); a chat of ` +
        `${PHOTOS} photos downloads ${photos.downloadedKB} KB of thumbnails for ${photos.picturesLoaded} pictures ` +
        `(their originals: ${photos.originalsOfSamePicturesKB} KB)` +
        (lh
          ? `; Lighthouse mobile performance ${lh.runs.map((r) => `${r.page} ${r.performance}`).join(', ')} ` +
            `(target ≥ 90), installable: ${lh.installable ? 'yes' : `no (${lh.installabilityErrors.join(', ')})`}`
          : ''),
    );
  } finally {
    await stop();
  }
};

await main();
