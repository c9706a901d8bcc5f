import fs from 'node:fs';
import path from 'node:path';
import {
  adminAdjustApi,
  adminWalletApi,
  consoleApi,
  ErrorCode,
  type FactorChallenge,
  securityApi,
  testClockApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, PASSWORD, phoneClient, registerMember } from './people.ts';

/**
 * Second factors in the browser (docs/security.md, "Second factors"): a member adds a passkey through
 * Chromium's virtual authenticator and an authenticator app (codes computed here), logs in again with each,
 * and is asked for the factor when withdrawing; staff cannot reach the console before enrolling. Together they
 * show that no single person and no single password moves money: a large credit waits for a second,
 * independent admin ("Separation of duties"), and a new withdrawal address asks for the factor and waits out
 * its delay ("Withdrawal address book").
 */
let server: RunningServer;
let browser: Browser;
/** Passkeys need a host name as their relying party: the app is opened at localhost, not 127.0.0.1. */
let base = '';
beforeAll(async () => {
  server = await startServer({
    STAFF_FACTOR_REQUIRED: 'true',
    SUPPORT_PASSWORD: 'support-pass-1',
    CHAIN_POLL_SECONDS: '1',
    // The default approval cap: the 5,000 USDT credit waits for a second admin. The daily cap leaves room for
    // the small set-up credits of the seeded admin on top of it.
    ADJUST_APPROVAL_CAP_USDT: '1000',
    ADJUST_DAILY_CAP_USDT: '10000',
    // The last test moves the clock past the new address's delay instead of waiting 24 hours.
    TEST_CLOCK: 'true',
  });
  base = server.url.replace('127.0.0.1', 'localhost');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PIN = '246810';
const STAFF_PASSWORD = 'staff-pass-e2e-7';
const OUTSIDE = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const docsShots = path.resolve(import.meta.dirname, '../docs/screenshots');

const STEP_MS = 30_000;
/** The last time step answered per secret: the server takes a code once (docs/security.md, "Factors"). */
const usedSteps = new Map<string, number>();

/**
 * A code of the authenticator app for `secret` that the server has not seen: this step's, else the next one
 * (it allows one step of drift), else the next one once it is within reach.
 */
const code = async (secret: string) => {
  const step = Math.max(Math.floor(Date.now() / STEP_MS), (usedSteps.get(secret) ?? 0) + 1);
  const early = (step - 1) * STEP_MS - Date.now();
  if (early > 0) await new Promise((resolve) => setTimeout(resolve, early + 1000));
  usedSteps.set(secret, step);
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: step * STEP_MS,
  });
};

const ADMIN = { username: 'admin', password: 'admin12345' };
/** The seeded admin's authenticator app, enrolled at its first API login here. */
let adminSecret = '';

/** An API session of the seeded admin, with its second factor. It ends the admin's browser sessions. */
const adminToken = async () => {
  if (!adminSecret) {
    const { token } = await server.api.ok(userApi.loginByName, ADMIN);
    const { secret } = await server.api.ok(securityApi.totpStart, {}, token);
    await server.api.ok(securityApi.totpConfirm, { code: await code(secret) }, token);
    adminSecret = secret;
    return token;
  }
  const asked = await server.api.fails(userApi.loginByName, ADMIN, null, ErrorCode.SecondFactorRequired);
  const { challengeId } = asked.data as FactorChallenge;
  return (await server.api.ok(securityApi.loginSecondFactor, { challengeId, code: await code(adminSecret) }))
    .token;
};

/** Chromium's virtual authenticator on this page: a platform passkey that verifies the user by itself. */
const addVirtualAuthenticator = async (page: Page) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
};

const logInWithPassword = async (page: Page, username: string, password: string) => {
  await page.goto(`${base}/#/pages/login/index`);
  await byId(page, 'login-username').fill(username);
  await byId(page, 'login-password').fill(password);
  await byId(page, 'login-submit').click();
};

/** The login completed: the app left the login page (for the page it came from). */
const leftLogin = (page: Page) =>
  expect.poll(() => new URL(page.url()).hash.startsWith('#/pages/login/')).toBe(false);

const logOut = async (page: Page) => {
  await page.goto(`${base}/#/pages/user/set`);
  await byId(page, 'set-logout').click();
  await byId(page, 'logout-confirm').click();
  await byId(page, 'login-username').waitFor();
};

/** The toast shown now ('' when none). */
const toast = (page: Page) =>
  page
    .locator('.adm-toast-main')
    .textContent({ timeout: 5_000 })
    .catch(() => '');

/** The toasts have gone: a screenshot shows the page under them. */
const toastGone = (page: Page) =>
  expect.poll(() => page.locator('.adm-toast-main').count(), { timeout: 10_000 }).toBe(0);

/** A console-sized window: each is a separate person (own storage). */
const desktop = (): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

/** Staff log in at 1280 px: with the app's code when they have one (then they land in the console). */
const logInStaff = async (username: string, password: string, secret?: string) => {
  const page = await (await desktop()).newPage();
  await logInWithPassword(page, username, password);
  if (!secret) return page;
  await byId(page, 'login-factor-code').fill(await code(secret));
  await byId(page, 'login-factor-submit').click();
  await byId(page, 'console-dashboard').waitFor();
  return page;
};

/** Staff without a factor, on the Security page they are sent to, enrol the app and open the console. */
const enrolApp = async (page: Page) => {
  await byId(page, 'totp-start').click();
  const secret = (await byId(page, 'totp-secret').textContent()) ?? '';
  await byId(page, 'totp-confirm-code').fill(await code(secret));
  await byId(page, 'totp-confirm').click();
  await byId(page, 'recovery-codes-done').click();
  await page.goto(`${base}/#/admin`);
  await byId(page, 'console-shell').waitFor();
  return secret;
};

describe('a member’s second factors', () => {
  it('adds a passkey and an authenticator app, logs in with each, and withdraws with a step-up', {
    timeout: 240_000,
  }, async () => {
    const member = await registerMember(server.api, 'Sec');
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, member.token);
    // The admin (staff) has an authenticator app, enrolled through the API, before crediting.
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: member.id, amount: '100', reason: 'e2e credit', requestId: `e2e-sec-${Date.now()}` },
      await adminToken(),
    );

    const phone = await newPhone(browser);
    const page = await phone.newPage();
    await addVirtualAuthenticator(page);
    await logInWithPassword(page, member.username, PASSWORD);
    await byId(page, 'tab-chat').waitFor();

    // A passkey first: it gives the 10 recovery codes, shown once.
    await page.goto(`${base}/#/pages/user/set`);
    await byId(page, 'set-security').click();
    await byId(page, 'security-page').waitFor();
    await byId(page, 'passkey-add-name').fill('This phone');
    await byId(page, 'passkey-add').click();
    await byId(page, 'recovery-codes').waitFor();
    expect(await page.locator('[data-testid="recovery-codes"] li').count()).toBe(10);
    await shot(page, 'security-01-recovery-codes');
    await byId(page, 'recovery-codes-done').click();
    await expect
      .poll(() => page.locator('[data-testid^="passkey-label-"]').allTextContents())
      .toEqual(['This phone']);

    // The authenticator app: with a passkey on, adding it asks for a step-up, answered with the passkey.
    await byId(page, 'totp-start').click();
    await byId(page, 'step-up-sheet').waitFor();
    await shot(page, 'security-02-step-up');
    await byId(page, 'step-up-passkey').click();
    await byId(page, 'totp-secret').waitFor();
    const secret = (await byId(page, 'totp-secret').textContent()) ?? '';
    await byId(page, 'totp-confirm-code').fill(await code(secret));
    await byId(page, 'totp-confirm').click();
    await expect.poll(() => byId(page, 'totp-state').textContent()).toBe('On');
    await expect.poll(() => byId(page, 'recovery-left').textContent()).toBe('10 left');
    // The page as it stays, once the confirmation toast has gone.
    await toastGone(page);
    fs.mkdirSync(docsShots, { recursive: true });
    await page.screenshot({ path: path.join(docsShots, 'security.png'), fullPage: true });

    // Log out and in: the password asks for the second step; the next step's code completes it.
    await logOut(page);
    await logInWithPassword(page, member.username, PASSWORD);
    await byId(page, 'login-factor').waitFor();
    await shot(page, 'security-03-login-second-step');
    await byId(page, 'login-factor-code').fill(await code(secret));
    await byId(page, 'login-factor-submit').click();
    await leftLogin(page);

    // Log out and in with the passkey alone.
    await logOut(page);
    await byId(page, 'login-passkey').click();
    await leftLogin(page);
    expect((await phoneClient(server.url, page).ok(userApi.person, {})).id).toBe(member.id);

    // A withdrawal asks for the second factor after the PIN, then goes through.
    await page.goto(`${base}/#/pages/usdt/wallet`);
    await expect.poll(() => byId(page, 'wallet-available').textContent()).toBe('100.00');
    await byId(page, 'wallet-withdraw').click();
    await byId(page, 'withdraw-address').fill(OUTSIDE);
    await byId(page, 'withdraw-amount').fill('60');
    await expect.poll(() => byId(page, 'withdraw-reason').count()).toBe(0);
    await byId(page, 'withdraw-submit').click();
    await byId(page, 'pay-pin').waitFor();
    await byId(page, 'pay-pin').fill(PIN);
    await byId(page, 'step-up-sheet').waitFor();
    await shot(page, 'security-04-withdraw-step-up');
    await byId(page, 'step-up-passkey').click();
    await byId(page, 'withdraw-result').waitFor();
  });
});

describe('staff', () => {
  it('are sent to enrol a second factor before the console', async () => {
    const phone = await newPhone(browser);
    const page = await phone.newPage();
    await logInWithPassword(page, 'support', 'support-pass-1');
    await byId(page, 'security-must-enrol').waitFor();
    expect(new URL(page.url()).hash).toBe('#/pages/user/security');
    const api = phoneClient(server.url, page);
    await api.fails(consoleApi.menu, {}, null, ErrorCode.StaffFactorRequired);
    await shot(page, 'security-05-staff-must-enrol');
    // Typing a console address leads back to enrolment.
    await page.goto(`${base}/#/admin/adjustments`);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/pages/user/security');
    await byId(page, 'security-must-enrol').waitFor();
    expect(await byId(page, 'console-shell').count()).toBe(0);
    await enrolApp(page);
    await api.ok(consoleApi.menu, {});
  });
});

describe('separation of duties', () => {
  it('a large credit by one admin waits for an admin it did not create, who approves it', {
    timeout: 240_000,
  }, async () => {
    const member = await registerMember(server.api, 'Mo');
    if (!adminSecret) await adminToken();
    const a = await logInStaff(ADMIN.username, ADMIN.password, adminSecret);
    const addAdmin = async (page: Page, username: string) => {
      await page.goto(`${base}/#/admin/staff`);
      await byId(page, 'staff-username').fill(username);
      await byId(page, 'staff-password').fill(STAFF_PASSWORD);
      await byId(page, 'staff-nickname').fill(username);
      await byId(page, 'staff-new-role').selectOption('admin');
      await byId(page, 'staff-create').click();
    };
    // While A is the only admin, the admin B it adds exists at once, created by A ("The lone admin").
    const stamp = Date.now().toString(36);
    await addAdmin(a, `bo_${stamp}`);
    const b = await logInStaff(`bo_${stamp}`, STAFF_PASSWORD);
    await byId(b, 'security-must-enrol').waitFor();
    await enrolApp(b);
    // B asks for C; A approves: C is created by B, so it may check A ("The checker").
    await addAdmin(b, `cy_${stamp}`);
    const request = b.locator('[data-testid^="staff-request-approve-"]').first();
    await request.waitFor();
    const requestId = (await request.getAttribute('data-testid'))!.replace('staff-request-approve-', '');
    await a.reload();
    await byId(a, `staff-request-approve-${requestId}`).click();
    await byId(a, 'staff-requests-empty').waitFor();
    const c = await logInStaff(`cy_${stamp}`, STAFF_PASSWORD);
    await byId(c, 'security-must-enrol').waitFor();
    await enrolApp(c);

    // A credits 5,000 USDT, above the approval cap: it waits, and the member has nothing yet.
    await a.goto(`${base}/#/admin/adjustments`);
    await byId(a, 'adjust-user').fill(member.memberId);
    await expect.poll(() => byId(a, 'adjust-user-resolved').getAttribute('data-state')).toBe('found');
    await byId(a, 'adjust-amount').fill('5000');
    await byId(a, 'adjust-reason').fill('e2e large credit');
    await byId(a, 'adjust-submit').click();
    const approve = a.locator('[data-testid^="adjust-approve-"]');
    await approve.waitFor();
    const id = Number((await approve.getAttribute('data-testid'))!.replace('adjust-approve-', ''));
    await expect.poll(() => toast(a)).toBe('Waiting for a second admin');
    const balance = async () => (await server.api.ok(walletApi.balance, {}, member.token)).available;
    // Neither A nor the admin A created may approve it.
    for (const page of [a, b])
      await phoneClient(server.url, page).fails(
        adminAdjustApi.approve,
        { id },
        null,
        ErrorCode.DutySeparation,
      );
    expect(await balance()).toBe('0.00');
    await toastGone(a);
    await shot(a, 'security-06-adjustment-pending-1280');

    // C, whom A did not create, approves it in its own window: the credit is posted.
    await c.goto(`${base}/#/admin/adjustments`);
    await byId(c, `adjust-approve-${id}`).click();
    await byId(c, 'adjustments-empty').waitFor();
    await expect.poll(balance).toBe('5000.00');
    await byId(c, 'adjust-status').selectOption('approved');
    await byId(c, `adjustments-row-${id}`).waitFor();
    await toastGone(c);
    await shot(c, 'security-07-adjustment-approved-1280');
  });
});

describe('a new withdrawal address', () => {
  it('asks for the second factor, and a withdrawal to it waits out the delay', {
    timeout: 180_000,
  }, async () => {
    const member = await registerMember(server.api, 'Wes');
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, member.token);
    const admin = await adminToken();
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: member.id, amount: '100', reason: 'e2e credit', requestId: `e2e-book-${Date.now()}` },
      admin,
    );
    const page = await logInAs(base, await newPhone(browser), member);
    await addVirtualAuthenticator(page);

    // A passkey, then the app (a step-up answered with the passkey).
    await page.goto(`${base}/#/pages/user/security`);
    await byId(page, 'passkey-add-name').fill('This phone');
    await byId(page, 'passkey-add').click();
    await byId(page, 'recovery-codes-done').click();
    await byId(page, 'totp-start').click();
    await byId(page, 'step-up-passkey').click();
    const secret = (await byId(page, 'totp-secret').textContent()) ?? '';
    await byId(page, 'totp-confirm-code').fill(await code(secret));
    await byId(page, 'totp-confirm').click();
    await expect.poll(() => byId(page, 'totp-state').textContent()).toBe('On');

    // The allowlist on, a new address: saving it asks for the factor (here the app's code).
    await page.goto(`${base}/#/pages/usdt/address-book`);
    await byId(page, 'allowlist-switch').click();
    await expect
      .poll(() => byId(page, 'allowlist-hint').textContent())
      .toBe('On: withdrawals go only to saved addresses that are ready.');
    await byId(page, 'book-address').fill(OUTSIDE);
    await byId(page, 'book-label').fill('Exchange');
    await byId(page, 'book-save').click();
    await byId(page, 'step-up-code').fill(await code(secret));
    await byId(page, 'step-up-submit').click();
    const card = page.locator('[data-testid^="saved-"][data-usable]');
    await card.waitFor();
    const saved = (await card.getAttribute('data-testid'))!;
    expect(await card.getAttribute('data-usable')).toBe('false');
    await expect.poll(() => byId(page, `${saved}-state`).textContent()).toMatch(/^Usable from /);

    // A withdrawal to it asks for the PIN and the factor, and is refused until the delay has passed.
    const withdraw = async () => {
      await page.goto(`${base}/#/pages/usdt/usdt-out`);
      await page.locator('[data-testid^="withdraw-saved-"]').click();
      await byId(page, 'withdraw-amount').fill('60');
      await byId(page, 'withdraw-total').waitFor();
      await byId(page, 'withdraw-submit').click();
      await byId(page, 'pay-pin').fill(PIN);
      await byId(page, 'step-up-passkey').click();
    };
    await withdraw();
    await expect.poll(() => toast(page)).toMatch(/This address was saved recently: it can be used from /);
    expect((await phoneClient(server.url, page).ok(walletApi.balance, {})).available).toBe('100.00');

    // Past WITHDRAWAL_ADDRESS_DELAY_HOURS (24 by default) on the test clock, it goes.
    await server.api.ok(testClockApi.advance, { seconds: 25 * 3600 }, admin);
    await page.goto(`${base}/#/pages/usdt/address-book`);
    await page.reload();
    await expect.poll(() => byId(page, `${saved}-state`).textContent()).toBe('Ready to use');
    await withdraw();
    await byId(page, 'withdraw-result').waitFor();
  });
});
