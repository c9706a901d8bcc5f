import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContractClient } from '@chatpay/shared';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startServerProcess } from '../apps/server/test/helpers/process.ts';
import { httpClient } from '../test-support/http.ts';
import { checkPage } from './axe.ts';

const root = path.resolve(import.meta.dirname, '..');
export const screenshotDir = path.join(root, 'artifacts', 'screenshots');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** A typed client of the server's API, for set-up and checks (see e2e/people.ts for the page's own). */
  api: ContractClient;
  stop(): Promise<void>;
}

/**
 * Starts the real server (as `npm start` does, on its embedded defaults) on a free port and a fresh data dir,
 * with the migrated PGlite database copied in (`migrateFromScratch`: the server migrates a new one itself, as
 * on a first `npm start`).
 */
export const startServer = async (
  env: Record<string, string> = {},
  options: { migrateFromScratch?: boolean } = {},
): Promise<RunningServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-e2e-'));
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      WEB_DIST: path.join(root, 'apps/web/dist'),
      // Set-up credits members freely; console.e2e.ts tests the maker-checker with the default cap.
      ADJUST_APPROVAL_CAP_USDT: '1000000000',
      ADJUST_DAILY_CAP_USDT: '1000000000',
      // Staff sign in with the password alone; security.e2e.ts tests the second factor they must enrol.
      STAFF_FACTOR_REQUIRED: 'false',
      // Set-up members withdraw minutes after they sign up.
      WITHDRAWAL_NEW_ACCOUNT_DAYS: '0',
      ...env,
    },
    options,
  );
  return {
    url: server.url,
    dataDir,
    api: httpClient(server.url),
    stop: async () => {
      await server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Debian's Chromium through playwright-core, with the flags this machine needs. */
export const launchBrowser = (): Promise<Browser> => chromium.launch(chromiumOptions());

/**
 * A browser with a profile on disk (not an incognito-like context as `newContext` makes): Chromium's
 * installability check refuses incognito windows whatever the app does.
 */
export const launchProfile = (userDataDir: string): Promise<BrowserContext> =>
  chromium.launchPersistentContext(userDataDir, {
    ...chromiumOptions(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });

const chromiumOptions = () => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Voice messages: a fake microphone that needs no permission prompt.
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
});

/**
 * Content-Security-Policy violations reported by any page of any phone (the server sends its real headers).
 * `csp-guard.ts` fails the test during which one was reported, so every browser test checks the CSP.
 */
export const cspViolations: string[] = [];

const CSP_MESSAGE = /Content Security Policy|CSP violation/i;

/** A phone-sized browser context: each one is a separate person (own storage). */
export const newPhone = async (browser: Browser): Promise<BrowserContext> => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  // Chromium logs a refused load or inline script as a console error; the event also catches reports only.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && CSP_MESSAGE.test(message.text())) {
      cspViolations.push(`${message.text()} (${message.page()?.url() ?? 'no page'})`);
    }
  });
  return context;
};

export const shot = async (page: Page, name: string) => {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
  await checkPage(page, name);
};
