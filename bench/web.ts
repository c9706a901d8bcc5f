/**
 * `npm run bench:web` — the production build's JS and CSS (gzip) for the first screen and in total, and the
 * time for the chat page of a session holding 10,000 messages to show the newest one in headless Chromium.
 * Baseline in the same run: the time for the same browser to load the app's bare index.html shell (the
 * network + parse floor of this machine), so the verdict does not depend on the machine's speed.
 * Targets (issue 7): first-screen JS ≤ 200 KB gzip; chat page ready ≤ 1 s.
 * Settings: BENCH_WEB_MESSAGES (default 10000), BENCH_WEB_RUNS (default 5), BENCH_SKIP_BUILD=1.
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { friendApi } from '@chatpay/shared';
import pg from 'pg';
import { startServerProcess } from '../apps/server/test/helpers/process.ts';
import { launchBrowser, newPhone } from '../e2e/harness.ts';
import { logInAs, registerMember } from '../e2e/people.ts';
import { httpClient } from '../test-support/http.ts';
import { freePort, freshDatabase, percentiles, report, root, setting } from './lib.ts';

const MESSAGES = setting('BENCH_WEB_MESSAGES', 10_000);
const RUNS = setting('BENCH_WEB_RUNS', 5);
const dist = path.join(root, 'apps/web/dist');

const gz = (file: string) => gzipSync(fs.readFileSync(file)).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** What index.html loads before anything else: its scripts, module preloads and style sheets. */
const bundleSizes = () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const first = { js: 0, css: 0, files: refs };
  for (const ref of refs) {
    const size = gz(path.join(dist, ref));
    if (ref.endsWith('.js')) first.js += size;
    else first.css += size;
  }
  const total = { js: 0, css: 0, files: 0 };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(js|css)$/.test(entry.name)) {
        total.files++;
        if (entry.name.endsWith('.js')) total.js += gz(full);
        else total.css += gz(full);
      }
    }
  };
  walk(dist);
  return {
    firstScreenGzipKB: { js: kb(first.js), css: kb(first.css), files: first.files },
    totalGzipKB: { js: kb(total.js), css: kb(total.css), files: total.files },
  };
};

const main = async () => {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build:web', { cwd: root, stdio: 'inherit' });
  const sizes = bundleSizes();

  const database = await freshDatabase('bench_web');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const server = await startServerProcess({
    PORT: String(await freePort()),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: dist,
    SWEEP_INTERVAL_SECONDS: '0',
  });
  const browser = await launchBrowser();
  try {
    const api = httpClient(server.url);
    const a = await registerMember(api, 'Reader');
    const b = await registerMember(api, 'Writer');
    const asked = await api.ok(friendApi.addFriend, { userId: b.id, message: 'hi' }, a.token);
    const { sessionId } = await api.ok(friendApi.confirmFriend, { id: asked.id, agree: true }, b.token);
    // The history, written straight into the table (seq 1 is the friendship notice).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `INSERT INTO chat_messages (session_id, seq, sender_id, client_msg_id, content_type, content, create_time)
       SELECT $1, g + 1, CASE WHEN g % 3 = 0 THEN $2::int ELSE $3::int END, 'bench-' || g, 'text',
              jsonb_build_object('text', 'Bench message ' || g), now() - make_interval(secs => $4 - g)
       FROM generate_series(1, $4::int) AS g`,
      [sessionId, a.id, b.id, MESSAGES],
    );
    await client.query(
      `UPDATE chat_sessions SET last_seq = $2 + 1,
         last_message_id = (SELECT max(id) FROM chat_messages WHERE session_id = $1) WHERE id = $1`,
      [sessionId, MESSAGES],
    );
    await client.end();

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
      await page.goto(`${server.url}/#/pages/chat/index?id=${sessionId}`);
      await newest.waitFor({ state: 'visible', timeout: 30_000 });
      ready.push(performance.now() - t0);
    }
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
        targets: { firstScreenJsGzipKB: 200, chatPageReadyMs: 1000 },
      },
      `first screen ${sizes.firstScreenGzipKB.js} KB JS + ${sizes.firstScreenGzipKB.css} KB CSS gzip ` +
        `(total ${sizes.totalGzipKB.js} KB JS); chat page with ${MESSAGES} messages ready in ` +
        `${readyMs.p50} ms median, ${readyMs.max} ms worst (document alone ${shellMs.p50} ms)`,
    );
  } finally {
    await browser.close();
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
};

await main();
