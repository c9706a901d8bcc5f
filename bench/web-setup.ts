/**
 * What `bench:web` and `bench:web:profile` both start from: a server process serving a web build on a fresh
 * PostgreSQL database, Chromium, and two friends whose chat holds a long history written straight into the
 * table (seq 1 is the friendship notice, the newest message is "Bench message <messages>").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { friendApi } from '@chatpay/shared';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { startServerProcess } from '../apps/server/test/helpers/process.ts';
import { launchBrowser } from '../e2e/harness.ts';
import { registerMember } from '../e2e/people.ts';
import { httpClient } from '../test-support/http.ts';
import { freePort, freshDatabase } from './lib.ts';

export const startWebBench = async (name: string, dist: string, messages: number) => {
  const database = await freshDatabase(`bench_${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const server = await startServerProcess({
    PORT: String(await freePort()),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: dist,
    SWEEP_INTERVAL_SECONDS: '0',
    CHAT_SEND_RATE_LIMIT: '100000',
  });
  const browser = await launchBrowser();
  const stop = async () => {
    await browser.close();
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    const api = httpClient(server.url);
    const reader = await registerMember(api, 'Reader');
    const writer = await registerMember(api, 'Writer');
    const asked = await api.ok(friendApi.addFriend, { userId: writer.id, message: 'hi' }, reader.token);
    const { sessionId } = await api.ok(friendApi.confirmFriend, { id: asked.id, agree: true }, writer.token);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `INSERT INTO chat_messages (session_id, seq, sender_id, client_msg_id, content_type, content, create_time)
       SELECT $1, g + 1, CASE WHEN g % 3 = 0 THEN $2::int ELSE $3::int END, 'bench-' || g, 'text',
              jsonb_build_object('text', 'Bench message ' || g), now() - make_interval(secs => $4 - g)
       FROM generate_series(1, $4::int) AS g`,
      [sessionId, reader.id, writer.id, messages],
    );
    await client.query(
      `UPDATE chat_sessions SET last_seq = $2 + 1,
         last_message_id = (SELECT max(id) FROM chat_messages WHERE session_id = $1) WHERE id = $1`,
      [sessionId, messages],
    );
    await client.end();
    return { server, browser, api, reader, writer, sessionId, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

/**
 * Waits until the chat's newest message ("Bench message <messages>") is in the list, checked in the page at
 * every frame, and answers when it first showed in the page's own clock (ms after navigation start).
 * Playwright's locator waits poll at growing intervals (up to half a second), which would round the time up.
 */
export const newestShown = async (page: Page, messages: number): Promise<number> => {
  const handle = await page.waitForFunction(
    (text) => {
      const w = window as unknown as { __ready?: number };
      for (const el of Array.from(document.querySelectorAll('[data-testid="msg-list"] .msg-text'))) {
        if (el.textContent === text) w.__ready ??= performance.now();
      }
      return w.__ready;
    },
    `Bench message ${messages}`,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
};
