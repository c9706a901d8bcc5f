import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  adminReservesApi,
  adminWalletApi,
  type PorProof,
  reservesApi,
  userApi,
  verifyMemberProof,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFailures } from './axe.ts';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, registerMember } from './people.ts';

/**
 * Proof of reserves (docs/design/reserves.md): a member opens Wallet → Proof of reserves and sees their balance
 * verified in the browser, downloads their proof; a tampered proof shows as failed; the console shows the ratio
 * over time and a red alarm on the dashboard when reserves fall below what members are owed.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  // Snapshots only on demand here: the daily one would start on its own a minute after start.
  server = await startServer({ POR_INTERVAL_HOURS: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const verified = (page: Page) =>
  page.locator('[data-testid="reserves-status"][data-state="verified"]').waitFor();

/** The same page in Chinese (the app reads the stored language at start). */
const inChinese = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('locale', 'zh'));
  await page.reload();
};
const inEnglish = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
};

describe('proof of reserves', () => {
  it('a member sees their balance verified in the browser and downloads the proof', {
    timeout: 300_000,
  }, async () => {
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    const alice = await registerMember(server.api, 'Alice');
    const bob = await registerMember(server.api, 'Bob');
    for (const [who, amount] of [
      [alice, '123.45'],
      [bob, '20'],
    ] as const)
      await server.api.ok(
        adminWalletApi.adjust,
        { userId: who.id, amount, reason: 'e2e opening balance', requestId: randomUUID() },
        admin.token,
      );
    const taken = await server.api.ok(adminReservesApi.snapshot, { reason: 'e2e' }, admin.token);
    // The development chain's hot wallet holds far more than members are owed.
    expect(taken.covered).toBe(true);

    const phone = await logInAs(server.url, await newPhone(browser), alice);
    await byId(phone, 'tab-discovery').click();
    await byId(phone, 'discovery-wallet').click();
    await byId(phone, 'wallet-reserves').click();
    await verified(phone);
    expect(await byId(phone, 'reserves-my-balance').textContent()).toBe('123.45 USDT');
    expect(await byId(phone, 'reserves-liabilities').textContent()).toBe('143.45 USDT');
    expect(await byId(phone, 'reserves-skipped-TRC20').textContent()).toContain('TRC20');
    expect(await axeFailures(phone)).toEqual([]);
    await shot(phone, 'reserves-01-verified-390-en');

    // "Download my proof" saves the proof the page checked: it verifies on its own, outside the browser.
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      byId(phone, 'reserves-download-proof').click(),
    ]);
    const proof = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as PorProof;
    const { publicKey } = await server.api.ok(reservesApi.latest, {});
    expect(
      await verifyMemberProof(proof, {
        expectedKey: publicKey,
        expect: { memberId: alice.memberId, balance: '123450000' },
      }),
    ).toEqual({ ok: true, problems: [] });
    const [treeDownload] = await Promise.all([
      phone.waitForEvent('download'),
      byId(phone, 'reserves-download-tree').click(),
    ]);
    expect(JSON.parse(fs.readFileSync((await treeDownload.path())!, 'utf8')).leaves).toHaveLength(2);

    await inChinese(phone);
    await verified(phone);
    expect(await byId(phone, 'reserves-status').textContent()).toContain('已核验');
    await shot(phone, 'reserves-02-verified-390-zh');

    await phone.setViewportSize({ width: 1280, height: 900 });
    await verified(phone);
    await shot(phone, 'reserves-03-verified-1280-zh');
    await inEnglish(phone);
    await verified(phone);
    await shot(phone, 'reserves-04-verified-1280-en');
    await phone.setViewportSize({ width: 390, height: 844 });

    // A proof altered on its way (one more USDT in my leaf) fails in the browser, with the reason.
    await phone.route('**/api/app/usdt/reserves/proof*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { proof: PorProof } };
      body.data.proof.leaf.balance = '124450000';
      await route.fulfill({ response: res, json: body });
    });
    await phone.reload();
    await phone.locator('[data-testid="reserves-status"][data-state="failed"]').waitFor();
    expect(await byId(phone, 'reserves-problems').textContent()).toContain('signed root');
    await shot(phone, 'reserves-05-failed-390-en');
  });

  it('the console charts the ratio and the dashboard turns red below 100 %', {
    timeout: 240_000,
  }, async () => {
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    const whale = await registerMember(server.api, 'Whale');
    // Credited by hand far beyond what the chain holds: the books owe more than the reserves.
    await server.api.ok(
      adminWalletApi.adjust,
      {
        userId: whale.id,
        amount: '250000',
        reason: 'e2e: liabilities above reserves',
        requestId: randomUUID(),
      },
      admin.token,
    );
    const short = await server.api.ok(adminReservesApi.snapshot, { reason: 'e2e short' }, admin.token);
    expect(short.covered).toBe(false);

    const desktop: BrowserContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    const page = await desktop.newPage();
    await page.goto(`${server.url}/#/pages/login/index`);
    await byId(page, 'login-username').fill('admin');
    await byId(page, 'login-password').fill('admin12345');
    await byId(page, 'login-submit').click();
    await byId(page, 'console-dashboard').waitFor();
    await byId(page, 'dash-reserves-alert').waitFor();
    expect(await byId(page, 'dash-reserves-alert').textContent()).toContain(`${short.ratio} %`);
    await shot(page, 'reserves-06-dashboard-alert-1280');

    await byId(page, 'dash-reserves-alert').locator('a').click();
    await byId(page, 'reserves-chart').waitFor();
    await byId(page, `reserves-ratio-${short.id}`).waitFor();
    expect(await byId(page, 'reserves-chart').getByTestId('chart-point').count()).toBeGreaterThanOrEqual(2);
    expect(await axeFailures(page)).toEqual([]);
    // On demand from the console: with a reason, audited.
    await byId(page, 'reserves-reason').fill('e2e from the console');
    await byId(page, 'reserves-take').click();
    await byId(page, `reserves-ratio-${short.id + 1}`).waitFor();
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await shot(page, 'reserves-07-console-1280');
  });
});
