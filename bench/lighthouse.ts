/**
 * Lighthouse (npm `lighthouse`, mobile preset: simulated slow 4G and a 4× slower CPU) against the running app
 * in Debian Chromium, for `npm run bench:web` only (never part of `npm test`). Lighthouse 12 dropped its PWA
 * category; installability is read from Chromium itself (`Page.getInstallabilityErrors`, what Lighthouse's
 * old installable-manifest audit reported).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { byId, type Member, PASSWORD } from '../e2e/people.ts';
import { freePort } from './lib.ts';

export interface LighthouseRun {
  page: string;
  performance: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  speedIndexMs: number;
  transferredKB: number;
  warnings: string[];
}

const audit = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);

/** Lighthouse on the login page (a fresh profile) and on the chat list (logged in, caches emptied first). */
export const lighthouseRuns = async (url: string, member: Member) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const port = await freePort();
  // A plain Chromium with a profile on disk, as Lighthouse's own launcher starts it (Lighthouse cannot record
  // its trace in a browser Playwright launched; Chromium's installability check refuses incognito contexts).
  // Playwright attaches over CDP only to log in and to ask about installability.
  const chrome = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--no-default-browser-check',
      `--user-data-dir=${dir}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  let browser: Browser | null = null;
  for (let i = 0; !browser; i++) {
    try {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    } catch (err) {
      if (i === 100) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const context = browser.contexts()[0]!;
  const run = async (name: string, target: string, resetStorage: boolean): Promise<LighthouseRun> => {
    const result = await lighthouse(
      target,
      { port, output: 'json', logLevel: 'error', disableStorageReset: !resetStorage },
      { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } },
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${target}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // The whole report (every audit: requests, main-thread work, request chains) for reading the causes.
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) {
      fs.mkdirSync(keep, { recursive: true });
      fs.writeFileSync(path.join(keep, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr, null, 1));
    }
    const bytes = (lhr.audits['total-byte-weight']?.numericValue as number | undefined) ?? Number.NaN;
    return {
      page: name,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      firstContentfulPaintMs: audit(lhr, 'first-contentful-paint'),
      largestContentfulPaintMs: audit(lhr, 'largest-contentful-paint'),
      totalBlockingTimeMs: audit(lhr, 'total-blocking-time'),
      speedIndexMs: audit(lhr, 'speed-index'),
      transferredKB: Math.round(bytes / 1024),
      warnings: lhr.runWarnings,
    };
  };
  try {
    const login = await run('login', `${url}/#/pages/login/index`, true);

    // Log in as a member would; the token stays in the profile's localStorage.
    const page = await context.newPage();
    await page.goto(`${url}/#/pages/login/index`);
    await byId(page, 'login-username').fill(member.username);
    await byId(page, 'login-password').fill(PASSWORD);
    await byId(page, 'login-submit').click();
    await byId(page, 'tab-chat').waitFor();
    // Installable: what Chromium says once the service worker controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A first visit after logging in: no HTTP cache, no service worker, no caches; the login kept.
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.evaluate(async () => {
      for (const reg of await navigator.serviceWorker.getRegistrations()) await reg.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
    });
    await page.close();
    const chatList = await run('chat list (logged in)', `${url}/#/pages/index/chat`, false);
    return {
      runs: [login, chatList],
      installable: installabilityErrors.length === 0,
      installabilityErrors: installabilityErrors.map((e) => e.errorId),
    };
  } finally {
    await browser.close();
    if (chrome.exitCode === null) {
      const exited = new Promise((r) => chrome.once('exit', r));
      chrome.kill();
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
