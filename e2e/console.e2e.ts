import { randomUUID } from 'node:crypto';
import {
  adminWalletApi,
  appComplainApi,
  consoleApi,
  ErrorCode,
  merchantApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, PASSWORD, registerMember } from './people.ts';

/**
 * Issue 14, the operator console: support logs in on the normal login page and lands in the console, sees a new
 * merchant application arrive live (menu badge), approves it, approves a 1,500 USDT withdrawal waiting for
 * review; a member never reaches the console. Screenshots of every console page at 1280 px and at phone width.
 */
const SUPPORT_PASSWORD = 'support-e2e-console';
const OUTSIDE = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const PIN = '135790';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ SUPPORT_PASSWORD, CHAIN_POLL_SECONDS: '1', SWEEP_INTERVAL_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const desktop = (b: Browser): Promise<BrowserContext> =>
  b.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);

const logInStaff = async (context: BrowserContext, username: string, password: string) => {
  const page = await context.newPage();
  await page.goto(`${server.url}/#/pages/login/index`);
  await byId(page, 'login-username').fill(username);
  await byId(page, 'login-password').fill(password);
  await byId(page, 'login-submit').click();
  // Staff land in the console after the normal login.
  await byId(page, 'console-dashboard').waitFor();
  return page;
};

describe('operator console', () => {
  it('support approves a merchant application and a withdrawal; a member is refused', {
    timeout: 240_000,
  }, async () => {
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    const applicant = await registerMember(server.api, 'Mia');
    const saver = await registerMember(server.api, 'Sam');
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, saver.token);
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: saver.id, amount: '2000', reason: 'e2e credit', requestId: randomUUID() },
      admin.token,
    );
    const withdrawal = await server.api.ok(
      walletApi.withdrawal,
      { network: 'ERC20', address: OUTSIDE, amount: '1500', pin: PIN, requestId: randomUUID() },
      saver.token,
    );
    expect(withdrawal.status).toBe('reviewing');

    const support = await logInStaff(await desktop(browser), 'support', SUPPORT_PASSWORD);
    await byId(support, 'dash-withdrawalsWaiting').waitFor();
    await shot(support, 'console-01-dashboard-1280');

    // A new application arrives live: the menu entry shows a badge.
    await server.api.ok(merchantApi.apply, { name: 'Mia Shop', note: 'I trade every day' }, applicant.token);
    await byId(support, 'console-badge-merchant').waitFor();
    await shot(support, 'console-02-badge-1280');
    await byId(support, 'console-menu-22').click();
    await byId(support, `merchants-row-${applicant.id}`).waitFor();
    await shot(support, 'console-03-merchants-1280');
    await byId(support, 'merchant-note').fill('Welcome aboard');
    await byId(support, `merchant-approve-${applicant.id}`).click();
    await byId(support, 'merchants-empty').waitFor();
    const info = await server.api.ok(merchantApi.info, {}, applicant.token);
    expect(info).toMatchObject({ status: 'approved', reviewNote: 'Welcome aboard' });

    // The withdrawal waiting for review is approved; the broadcaster sends it on the development chain.
    await byId(support, 'console-menu-23').click();
    await byId(support, `withdrawals-row-${withdrawal.id}`).waitFor();
    await shot(support, 'console-04-withdrawals-1280');
    await byId(support, `withdrawal-approve-${withdrawal.id}`).click();
    await byId(support, 'withdrawal-approve-confirm').click();
    await byId(support, 'withdrawals-empty').waitFor();
    await expect
      .poll(
        async () =>
          (
            await server.api.ok(walletApi.records, { page: 1, size: 10, type: 'withdrawal' }, saver.token)
          ).list.find((r) => r.id === withdrawal.id)?.status,
        { timeout: 60_000 },
      )
      .toBe('completed');

    // The other pages support may open; the admin-only ones are not in its menu.
    for (const [id, name] of [
      [21, 'members'],
      [24, 'appeals'],
      [25, 'complaints'],
    ] as const) {
      await byId(support, `console-menu-${id}`).click();
      await support.locator('.console-page').first().waitFor();
      await shot(support, `console-05-${name}-1280`);
    }
    expect(await byId(support, 'console-menu-41').count()).toBe(0);

    // A member never sees the console: the address leads back to the app, and the calls are refused.
    const memberPage = await logInAs(server.url, await newPhone(browser), applicant);
    await open(memberPage, '/admin/dashboard');
    await byId(memberPage, 'tab-chat').waitFor();
    expect(await byId(memberPage, 'console-shell').count()).toBe(0);
    const memberToken = (await memberPage.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '';
    const refused = await server.api.call(consoleApi.menu, {}, memberToken);
    expect(refused.code).toBe(ErrorCode.Forbidden);

    // Phone width: the sidebar is a drawer.
    const phone = await logInStaff(await newPhone(browser), 'support', SUPPORT_PASSWORD);
    await shot(phone, 'console-06-dashboard-390');
    await byId(phone, 'console-burger').click();
    await byId(phone, 'console-menu-23').waitFor();
    // The drawer has slid in.
    await expect.poll(async () => (await byId(phone, 'console-sidebar').boundingBox())?.x).toBe(0);
    await shot(phone, 'console-07-menu-390');
    await byId(phone, 'console-menu-23').click();
    await byId(phone, 'withdrawals-status').selectOption('completed');
    await byId(phone, `withdrawals-row-${withdrawal.id}`).waitFor();
    await shot(phone, 'console-08-withdrawals-390');
  });

  it('admin: every console page at 1280 px, and a member freeze from the member file', {
    timeout: 120_000,
  }, async () => {
    const member = await registerMember(server.api, 'Fred');
    const page = await logInStaff(await desktop(browser), 'admin', 'admin12345');
    for (const [route, name] of [
      ['/admin/members', 'members'],
      ['/admin/adjustments', 'adjustments'],
      ['/admin/books', 'books'],
      ['/admin/audit', 'audit'],
      ['/admin/staff', 'staff'],
      ['/admin/tickets/feedback', 'feedback'],
    ] as const) {
      await open(page, route);
      await page.locator('.console-page').first().waitFor();
      await page
        .locator('.adm-spin-loading, .loading')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => {});
      await shot(page, `console-10-${name}-1280`);
    }
    // The member has the app open; a complaint of theirs waits for an answer.
    const app = await logInAs(server.url, await newPhone(browser), member);
    const complaint = await server.api.ok(
      appComplainApi.submit,
      { type: 'fraud', text: 'Someone asked me for my PIN' },
      // The browser login replaced the registration's session (one session per member).
      (await app.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '',
    );
    await open(page, '/admin/tickets/complain');
    await byId(page, `ticket-reply-${complaint.id}`).click();
    await byId(page, 'ticket-reply-text').fill('We blocked that account, thank you');
    await byId(page, 'ticket-reply-send').click();
    await byId(page, 'tickets-empty').waitFor();
    await open(app, `/uni_modules/cool-app/pages/complain/detail?id=${complaint.id}`);
    await expect.poll(() => byId(app, 'ticket-reply').textContent()).toContain('We blocked that account');
    await shot(app, 'console-14-complaint-answered-390');

    await open(page, `/admin/members?id=${member.id}`);
    await byId(page, 'member-detail').waitFor();
    await byId(page, 'member-ledger').or(byId(page, 'member-ledger-empty')).first().waitFor();
    await byId(page, 'member-sessions').waitFor();
    await byId(page, 'member-reason').fill('e2e check');
    await byId(page, 'member-freeze').click();
    await byId(page, 'freeze-confirm').click();
    await expect.poll(() => byId(page, 'member-state').getAttribute('data-frozen')).toBe('true');
    await shot(page, 'console-11-member-frozen-1280');
    const login = await server.api.call(userApi.loginByName, {
      username: member.username,
      password: PASSWORD,
    });
    expect(login.code).toBe(ErrorCode.AccountFrozen);
    // The open app was logged out: its next call lands on the login page.
    await open(app, '/pages/user/about');
    await byId(app, 'login-username').waitFor({ timeout: 30_000 });
    await shot(app, 'console-15-frozen-app-390');

    // Unfreeze: the member logs in again.
    await byId(page, 'member-reason').fill('checked, all fine');
    await byId(page, 'member-freeze').click();
    await expect.poll(() => byId(page, 'member-state').getAttribute('data-frozen')).toBe('false');
    const again = await logInAs(server.url, await newPhone(browser), member);

    // Admin publishes a version; the list shows it as the latest.
    await open(page, '/admin/versions');
    await byId(page, 'version-version').fill('9.1.0');
    await byId(page, 'version-code').fill('910');
    await byId(page, 'version-forced').selectOption('yes');
    await byId(page, 'version-publish').click();
    await expect.poll(() => byId(page, 'version-web').textContent()).toContain('9.1.0');
    await shot(page, 'console-12-versions-1280');
    // The member's About page offers it: a forced update is offered at once and cannot be put off.
    await open(again, '/pages/user/about');
    await byId(again, 'update-dialog').waitFor();
    await expect.poll(() => again.locator('.adm-dialog').textContent()).toContain('9.1.0');
    expect(await byId(again, 'update-now').count()).toBe(1);
    expect(await byId(again, 'update-later').count()).toBe(0);
    await shot(again, 'console-16-about-update-390');

    // Content: the dictionary and the documents.
    await open(page, '/admin/dictionary');
    await byId(page, 'dict').waitFor();
    await shot(page, 'console-17-dictionary-1280');
    await open(page, '/admin/documents');
    await byId(page, 'doc-text').waitFor();
    await byId(page, 'doc-lang').selectOption('zh');
    await byId(page, 'doc-key').selectOption('aboutUs');
    await byId(page, 'doc-text').fill('关于我们：测试文本');
    await byId(page, 'doc-save').click();
    await expect.poll(() => byId(page, 'doc-state').textContent()).not.toContain('default');
    await shot(page, 'console-18-documents-1280');

    // Phone width in Chinese.
    const zh = await logInStaff(await newPhone(browser), 'admin', 'admin12345');
    await zh.evaluate(() => localStorage.setItem('locale', 'zh'));
    await open(zh, `/admin/members?id=${member.id}`);
    await zh.reload();
    await byId(zh, 'member-detail').waitFor();
    await shot(zh, 'console-13-member-390-zh');
  });
});
