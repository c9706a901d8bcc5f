import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, registerMember } from './people.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  // A first start: the server migrates its new PGlite database itself, as `npm ci && npm start` does.
  server = await startServer({}, { migrateFromScratch: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const h5 = (url: string, title: string) =>
  `/#/pages/base/h5?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`;

describe('h5 web view', () => {
  it('names the host of the framed page, whatever title the link claims', async () => {
    const member = await registerMember(server.api, 'Hana');
    const ctx = await newPhone(browser);
    const page = await logInAs(server.url, ctx, member);

    // A link titled as if it were the wallet: the line above the frame says whose page it really is.
    await page.goto(`${server.url}${h5('https://pay.example.org/checkout?x=1', 'USDT Wallet')}`);
    await expect.poll(() => byId(page, 'h5-host').textContent()).toBe('Page from pay.example.org');
    expect(await byId(page, 'h5-host').getAttribute('class')).not.toContain('h5-host-insecure');
    expect(await byId(page, 'h5-frame').getAttribute('src')).toBe('https://pay.example.org/checkout?x=1');
    await shot(page, 'h5-01-host');

    // Plain http is marked as not encrypted.
    await page.goto(`${server.url}${h5('http://shop.example.net/promo', 'Bank')}`);
    await expect
      .poll(() => byId(page, 'h5-host').textContent())
      .toBe('Page from shop.example.net (not encrypted)');
    expect(await byId(page, 'h5-host').getAttribute('class')).toContain('h5-host-insecure');
    await shot(page, 'h5-02-insecure');

    // Anything but http(s) is not framed at all.
    await page.goto(`${server.url}${h5('javascript:alert(1)', 'Prize')}`);
    await byId(page, 'h5-invalid').waitFor();
    expect(await byId(page, 'h5-frame').count()).toBe(0);
    await ctx.close();
  });
});
