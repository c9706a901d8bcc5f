import { APP_VERSION_CODE, adminVersionApi } from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFailures } from './axe.ts';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, phoneClient, registerMember } from './people.ts';

/**
 * The version check at start-up (docs/product.md#navigation): a newer version shows a bar the member can
 * close; a forced one replaces every member page with the update and its download link, while the console
 * keeps working. Its own server: a forced version blocks every member page of the server it is published on.
 */
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
});

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);
const DOWNLOAD = 'https://downloads.example.com/chatpay-4.6.0';

/** A start of the app that waits for its version check's answer (it runs once the page is idle). */
const start = async (page: Page, reload = true) => {
  const checked = page.waitForResponse((r) => r.url().includes('/app/app/version/check'));
  if (reload) await page.reload();
  await checked;
};

describe('version check at start-up', () => {
  it('a newer version: a bar the member may close; a forced one: the app is blocked, the console is not', {
    timeout: 180_000,
  }, async () => {
    const member = await registerMember(server.api, 'Uma');
    const phone = await newPhone(browser);
    contexts.push(phone);
    const page = await logInAs(server.url, phone, member);
    // Staff signed in to the console before the forced version is published.
    const desk = await newPhone(browser);
    contexts.push(desk);
    const console_ = await desk.newPage();
    await console_.goto(`${server.url}/#/pages/login/index`);
    await byId(console_, 'login-username').fill('admin');
    await byId(console_, 'login-password').fill('admin12345');
    await byId(console_, 'login-submit').click();
    await byId(console_, 'console-dashboard').waitFor();
    // The admin's calls go through that session (a second login would end it: one session per member).
    const admin = phoneClient(server.url, console_);

    // Up to date: nothing shows.
    await start(page);
    expect(await byId(page, 'update-bar').count()).toBe(0);

    // A newer version, not forced: a bar over the member pages, closed for good (until a newer one).
    await admin.ok(adminVersionApi.publish, {
      platform: 'web',
      version: '4.5.0',
      versionCode: APP_VERSION_CODE + 1,
      notes: 'Faster chats.',
    });
    await start(page);
    await byId(page, 'update-bar').waitFor();
    expect(await byId(page, 'update-bar').textContent()).toContain('Version 4.5.0 is available');
    expect(await byId(page, 'tab-chat').isVisible()).toBe(true);
    expect(await axeFailures(page)).toEqual([]);
    await shot(page, 'update-01-bar-en');
    await page.evaluate(() => localStorage.setItem('locale', 'zh'));
    await start(page);
    await expect.poll(() => byId(page, 'update-bar').textContent()).toContain('新版本 4.5.0 已发布');
    await shot(page, 'update-01-bar-zh');
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await start(page);
    await byId(page, 'update-bar').waitFor();
    await byId(page, 'update-bar-close').click();
    await expect.poll(() => byId(page, 'update-bar').count()).toBe(0);
    await start(page);
    expect(await byId(page, 'update-bar').count()).toBe(0);

    // A forced version: the next start shows only the update, with its download link.
    await admin.ok(adminVersionApi.publish, {
      platform: 'web',
      version: '4.6.0',
      versionCode: APP_VERSION_CODE + 2,
      forced: true,
      downloadUrl: DOWNLOAD,
      notes: 'Security fixes.',
    });
    await start(page);
    await byId(page, 'update-block').waitFor();
    expect(await byId(page, 'update-block').textContent()).toContain('Install version 4.6.0 to continue');
    expect(await byId(page, 'update-block-download').getAttribute('href')).toBe(DOWNLOAD);
    expect(await byId(page, 'tab-chat').count()).toBe(0);
    expect(await axeFailures(page)).toEqual([]);
    await shot(page, 'update-02-forced-en');
    // No way around it: another address, or going back, shows the same screen.
    await open(page, '/pages/usdt/wallet');
    await byId(page, 'update-block').waitFor();
    expect(await byId(page, 'wallet-total').count()).toBe(0);
    await page.goBack();
    await byId(page, 'update-block').waitFor();
    expect(await byId(page, 'tab-chat').count()).toBe(0);

    // In Chinese.
    await page.evaluate(() => localStorage.setItem('locale', 'zh'));
    await start(page);
    await byId(page, 'update-block').waitFor();
    expect(await byId(page, 'update-block').textContent()).toContain('需要更新');
    await shot(page, 'update-03-forced-zh');

    // A browser that was never signed in: the login page stays open (staff sign in there to reach the console
    // and fix a wrong version), every other page is blocked.
    const fresh = await newPhone(browser);
    contexts.push(fresh);
    const login = await fresh.newPage();
    const checked = start(login, false);
    await open(login, '/pages/login/index');
    await checked;
    await byId(login, 'login-username').waitFor();
    expect(await byId(login, 'update-block').count()).toBe(0);
    await open(login, '/pages/login/sign');
    await byId(login, 'update-block').waitFor();

    // The console still works: staff withdraw the forced version there, and the members are free again.
    await console_.goto(`${server.url}/#/admin/versions`);
    await start(console_);
    await expect.poll(() => byId(console_, 'version-web').textContent()).toContain('4.6.0');
    expect(await byId(console_, 'update-block').count()).toBe(0);
    await byId(console_, 'version-withdraw-web').click();
    await byId(console_, 'version-withdraw-web-confirm').click();
    await expect.poll(() => byId(console_, 'version-web').textContent()).not.toContain('4.6.0');
    await start(page);
    await expect.poll(() => byId(page, 'update-block').count()).toBe(0);
    await byId(page, 'tab-chat').waitFor();
  });
});
