import { adminKycApi, kycApi } from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFailures } from './axe.ts';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, PASSWORD, phoneClient, registerMember } from './people.ts';

/**
 * Identity verification (docs/design/identity.md): a member opens Me → Identity verification, sends their
 * name, document number and two photos; the admin rejects it in the console's queue with a reason, which
 * the member reads in Chinese; the member sends again, the admin approves with the files side by side, and
 * the member's page turns to level 1 live. Screenshots at 390 px and 1280 px, in English and Chinese, of the
 * member's page and the console queue.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const desktop = (b: Browser): Promise<BrowserContext> =>
  b.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);
const inLanguage = async (page: Page, locale: 'en' | 'zh') => {
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.reload();
};

/** A picture of a made-up document or selfie, so the screenshots show something a reviewer would see. */
const picture = (kind: 'document' | 'selfie', colour: string) => {
  const lines =
    kind === 'document'
      ? `<text x="24" y="52" font-size="26" font-weight="700">IDENTITY CARD</text>
         <rect x="24" y="80" width="120" height="150" fill="#cfd8e3"/>
         <text x="170" y="110" font-size="20">Name: WANG FANG</text>
         <text x="170" y="145" font-size="20">No.: E12345678</text>
         <text x="170" y="180" font-size="20">Country: CN</text>`
      : `<circle cx="200" cy="120" r="70" fill="#f2c9a0"/>
         <rect x="240" y="160" width="150" height="95" rx="8" fill="#cfd8e3"/>
         <text x="252" y="200" font-size="16">ID CARD</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="270">
    <rect width="420" height="270" rx="16" fill="${colour}"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

const logInStaff = async (context: BrowserContext, username: string, password: string) => {
  const page = await context.newPage();
  await page.goto(`${server.url}/#/pages/login/index`);
  await byId(page, 'login-username').fill(username);
  await byId(page, 'login-password').fill(password);
  await byId(page, 'login-submit').click();
  await byId(page, 'console-dashboard').waitFor();
  return page;
};

/** Fills the level 1 form and waits until both photos are up. */
const fillIdentity = async (page: Page, idNumber: string) => {
  await byId(page, 'identity-real-name').fill('Wang Fang');
  await byId(page, 'identity-country').selectOption('CN');
  await byId(page, 'identity-id-number').fill(idNumber);
  await byId(page, 'identity-document-file').setInputFiles({
    name: 'document.png',
    mimeType: 'image/png',
    buffer: await picture('document', '#e8eef6'),
  });
  await byId(page, 'identity-selfie-file').setInputFiles({
    name: 'selfie.png',
    mimeType: 'image/png',
    buffer: await picture('selfie', '#eef6e8'),
  });
  await expect.poll(() => byId(page, 'identity-document').getAttribute('data-uploaded')).toBe('true');
  await expect.poll(() => byId(page, 'identity-selfie').getAttribute('data-uploaded')).toBe('true');
};

describe('identity verification', () => {
  it('a member submits, staff rejects then approves in the console, the member sees level 1', {
    timeout: 300_000,
  }, async () => {
    const wang = await registerMember(server.api, 'Wang');
    const phone = await logInAs(server.url, await newPhone(browser), wang);

    // Me → Identity verification: level 0, what each level allows, the level 1 form.
    await byId(phone, 'tab-my').click();
    await byId(phone, 'my-identity').click();
    await byId(phone, 'identity-page').waitFor();
    expect(await byId(phone, 'identity-level').getAttribute('data-level')).toBe('0');
    expect(await byId(phone, 'identity-levels').textContent()).toContain('500.00 USDT / 24 h');
    await shot(phone, 'identity-01-level0-390-en');
    await fillIdentity(phone, 'E1234-0000');
    await shot(phone, 'identity-02-form-390-en');
    expect(await axeFailures(phone)).toEqual([]);
    await byId(phone, 'identity-submit').click();
    await expect.poll(() => byId(phone, 'identity-submission').getAttribute('data-status')).toBe('pending');
    await shot(phone, 'identity-03-pending-390-en');

    // The admin's console: the queue's badge, the queue, the submission with its files side by side.
    const admin = await logInStaff(await desktop(browser), 'admin', 'admin12345');
    await byId(admin, 'console-badge-kyc').waitFor();
    await byId(admin, 'console-menu-201').click();
    await byId(admin, 'identity-queue').waitFor();
    const first = (await phoneClient(server.url, phone).ok(kycApi.status, {})).submission!;
    await byId(admin, `identity-queue-row-${first.id}`).waitFor();
    await shot(admin, 'identity-10-console-queue-1280-en');
    await byId(admin, `identity-queue-row-${first.id}`).click();
    await byId(admin, 'identity-review').waitFor();
    expect(await byId(admin, 'identity-review-number').textContent()).toBe('E1234-0000');
    await expect.poll(() => byId(admin, 'identity-files').locator('img').count()).toBe(2);
    await expect
      .poll(() =>
        byId(admin, 'identity-files')
          .locator('img')
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await shot(admin, 'identity-11-console-review-1280-en');
    expect(await axeFailures(admin)).toEqual([]);

    // Rejected with a reason: the member reads it in their own language.
    await byId(admin, 'identity-reject-reason').selectOption('number_mismatch');
    await byId(admin, 'identity-review-note').fill('Last digits differ');
    await byId(admin, 'identity-reject').click();
    await byId(admin, 'identity-reject-confirm').click();
    await expect.poll(() => byId(admin, 'identity-review').getAttribute('data-status')).toBe('rejected');
    await expect.poll(() => byId(phone, 'identity-submission').getAttribute('data-status')).toBe('rejected');
    expect(await byId(phone, 'identity-reason').textContent()).toBe(
      'The document number you typed is not the one on the document.',
    );
    await shot(phone, 'identity-04-rejected-390-en');
    await inLanguage(phone, 'zh');
    await expect
      .poll(() => byId(phone, 'identity-reason').textContent())
      .toBe('填写的证件号码与证件不一致。');
    expect(await byId(phone, 'identity-note').textContent()).toContain('Last digits differ');
    await shot(phone, 'identity-05-rejected-390-zh');

    // Sent again (the form is offered after a rejection), approved in the console.
    await fillIdentity(phone, 'E12345678');
    await byId(phone, 'identity-submit').click();
    await expect.poll(() => byId(phone, 'identity-submission').getAttribute('data-status')).toBe('pending');
    await shot(phone, 'identity-06-pending-390-zh');
    const second = (await phoneClient(server.url, phone).ok(kycApi.status, {})).submission!;
    expect(second.id).not.toBe(first.id);

    await open(admin, '/admin/identity');
    await byId(admin, `identity-queue-row-${second.id}`).waitFor();
    await inLanguage(admin, 'zh');
    await byId(admin, `identity-queue-row-${second.id}`).waitFor();
    await shot(admin, 'identity-12-console-queue-1280-zh');
    await byId(admin, `identity-queue-row-${second.id}`).click();
    await byId(admin, 'identity-review').waitFor();
    await expect.poll(() => byId(admin, 'identity-files').locator('img').count()).toBe(2);
    await shot(admin, 'identity-13-console-review-1280-zh');
    await byId(admin, 'identity-approve').click();
    await byId(admin, 'identity-approve-confirm').click();
    await expect.poll(() => byId(admin, 'identity-review').getAttribute('data-status')).toBe('approved');

    // The member's page turns to level 1 without a reload, with the verified name; level 2 is next.
    await expect.poll(() => byId(phone, 'identity-level').getAttribute('data-level')).toBe('1');
    expect(await byId(phone, 'identity-verified-name').textContent()).toContain('Wang Fang');
    await byId(phone, 'identity-form-2').waitFor();
    await shot(phone, 'identity-07-level1-390-zh');
    await inLanguage(phone, 'en');
    await byId(phone, 'identity-verified-name').waitFor();
    await shot(phone, 'identity-08-level1-390-en');

    // The same pages at 1280 px (the member's app and the console in the other language), and the
    // console's queue at phone width.
    const wide = await (await desktop(browser)).newPage();
    await wide.goto(`${server.url}/#/pages/login/index`);
    await byId(wide, 'login-username').fill(wang.username);
    await byId(wide, 'login-password').fill(PASSWORD);
    await byId(wide, 'login-submit').click();
    await byId(wide, 'tab-chat').waitFor();
    await open(wide, '/pages/user/identity');
    await byId(wide, 'identity-verified-name').waitFor();
    await shot(wide, 'identity-09-level1-1280-en');
    await inLanguage(wide, 'zh');
    await byId(wide, 'identity-verified-name').waitFor();
    await shot(wide, 'identity-09b-level1-1280-zh');
    await inLanguage(admin, 'en');
    await open(admin, '/admin/identity');
    await byId(admin, 'identity-queue-status').selectOption('approved');
    await byId(admin, `identity-queue-row-${second.id}`).waitFor();
    await shot(admin, 'identity-14-console-approved-1280-en');
    const staffPhone = await logInStaffOnPhone(admin);
    await shot(staffPhone, 'identity-15-console-queue-390-en');
    await inLanguage(staffPhone, 'zh');
    await byId(staffPhone, 'console-identity').waitFor();
    await shot(staffPhone, 'identity-16-console-queue-390-zh');

    // The API says the same: the reviewer's view, and the member's level and verified name.
    const view = await phoneClient(server.url, admin).ok(adminKycApi.info, { id: second.id });
    expect(view).toMatchObject({ status: 'approved', realName: 'Wang Fang', idNumber: 'E12345678' });
    expect(await phoneClient(server.url, wide).ok(kycApi.status, {})).toMatchObject({
      level: 1,
      realName: 'Wang Fang',
      canSubmit: 2,
    });
  });
});

/** The console at phone width, in the admin's session (its token copied into a phone-sized page). */
const logInStaffOnPhone = async (desktopPage: Page) => {
  const token = await desktopPage.evaluate(() => ({ ...localStorage }));
  const context = await newPhone(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}/#/pages/login/index`);
  await page.evaluate((items) => {
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, token);
  await page.goto(`${server.url}/#/admin/identity`);
  await page.reload();
  await byId(page, 'console-identity').waitFor();
  await byId(page, 'identity-queue-status').selectOption('approved');
  await page.locator('[data-testid^="identity-queue-row-"]').first().waitFor();
  return page;
};
