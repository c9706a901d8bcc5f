import path from 'node:path';
import { userApi } from '@chatpay/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { PASSWORD, phoneClient, registerMember } from './people.ts';

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

const byId = (page: Page, id: string) => page.getByTestId(id);
const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];
/** The entry route / is an alias of the chat tab (docs/product.md#routes). */
const chatTab = (p: string | undefined) => (p === '/' || p === '' ? '/pages/index/chat' : p);

/** The member's profile, read with the token the page stored, to check what the server holds. */
const profileOf = (page: Page) => phoneClient(server.url, page).ok(userApi.person, {});

describe('a newcomer signs up and manages their account', () => {
  it('guards, signs up, edits the profile, sets a PIN, switches language, shows the QR code, logs out', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const username = `alice_${Date.now().toString(36)}`;
    const password = 'wonderland-rabbit-1';
    const newPassword = 'looking-glass-queen-2';

    // A guarded page without a token goes to login; so do home (the chat tab) and the old captcha route. The
    // last one asked for opens after sign-up (deep links survive login).
    for (const guarded of ['/pages/index/home', '/pages/user/captcha', '/pages/user/set']) {
      await page.goto(`${server.url}/#${guarded}`);
      await expect.poll(() => hashPath(page), { message: guarded }).toBe('/pages/login/index');
    }
    await byId(page, 'login-username').waitFor();
    await shot(page, 'account-01-login');

    // Sign-up refuses until the agreement is accepted.
    await byId(page, 'login-to-sign').click();
    await expect.poll(() => hashPath(page)).toBe('/pages/login/sign');
    await byId(page, 'sign-username').fill(username);
    await byId(page, 'sign-password').fill(password);
    await byId(page, 'sign-nickname').fill('Alice');
    await byId(page, 'sign-submit').click();
    await page.getByText('Please agree to the user agreement and privacy policy first').waitFor();
    await shot(page, 'account-02-sign-must-agree');
    expect(await page.evaluate(() => localStorage.getItem('uni_id_token'))).toBeNull();

    await byId(page, 'sign-agree').click();
    await byId(page, 'sign-submit').click();
    // The guarded page asked for before sign-up opens once the member is in, above the chat tab.
    await expect.poll(() => hashPath(page)).toBe('/pages/user/set');
    await byId(page, 'nav-back').click();
    await byId(page, 'chat-empty').waitFor();
    expect(chatTab(hashPath(page))).toBe('/pages/index/chat');
    await shot(page, 'account-03-chat-empty');

    // The Me tab shows who I am.
    await byId(page, 'tab-my').click();
    await expect.poll(() => byId(page, 'my-nickname').textContent()).toBe('Alice');
    const me = await profileOf(page);
    expect(await byId(page, 'my-member-id').textContent()).toContain(String(me.memberId));

    // Edit the nickname and upload an avatar.
    await byId(page, 'my-edit').click();
    await byId(page, 'edit-nickName').click();
    await byId(page, 'edit-input').fill('Alice Liddell');
    await byId(page, 'edit-save').click();
    await expect.poll(async () => (await profileOf(page)).nickName).toBe('Alice Liddell');
    await byId(page, 'edit-avatar-input').setInputFiles(
      path.resolve(import.meta.dirname, '../apps/web/public/icon-192.png'),
    );
    await expect
      .poll(async () => String((await profileOf(page)).avatar))
      .toMatch(/^\/uploads\/\d{4}-\d{2}-\d{2}\/[0-9a-f-]+\.png$/);
    const avatar = String((await profileOf(page)).avatar);
    await expect
      .poll(() => byId(page, 'edit-avatar-image').locator('img').getAttribute('src'))
      .toContain(avatar);
    const served = await fetch(`${server.url}${avatar}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    await shot(page, 'account-04-profile-edited');

    // Set the payment PIN, confirmed with the login password.
    await byId(page, 'nav-back').click();
    await byId(page, 'my-password2').click();
    await byId(page, 'password2-pin').fill('246810');
    await byId(page, 'password2-pin-confirm').fill('246810');
    await byId(page, 'password2-password').fill(password);
    await byId(page, 'password2-submit').click();
    await expect.poll(async () => (await profileOf(page)).hasPin).toBe(true);
    // Saving returns to the Me tab with a confirmation.
    await page.getByText('Payment PIN saved').waitFor();
    await expect.poll(() => hashPath(page)).toBe('/pages/index/my');
    await shot(page, 'account-05-pin-set');

    // Change it with the current PIN (no password needed); the member is told in the service chat.
    await byId(page, 'my-password2').click();
    await byId(page, 'password2-old-pin').fill('246810');
    await byId(page, 'password2-pin').fill('135790');
    await byId(page, 'password2-pin-confirm').fill('135790');
    await shot(page, 'account-05b-pin-change');
    await byId(page, 'password2-submit').click();
    await expect.poll(() => hashPath(page), { timeout: 15_000 }).toBe('/pages/index/my');
    await byId(page, 'my-password2').waitFor();

    // Switch language: the UI changes at once and the choice survives a reload.
    await byId(page, 'my-language').click();
    await byId(page, 'language-zh').click();
    await expect.poll(() => byId(page, 'language-zh').getAttribute('aria-selected')).toBe('true');
    await byId(page, 'nav-back').click();
    await expect.poll(() => byId(page, 'tab-my').textContent()).toContain('我的');
    await page.reload();
    await expect.poll(() => byId(page, 'tab-my').textContent()).toContain('我的');
    await byId(page, 'my-nickname').waitFor();
    await shot(page, 'account-06-me-zh');

    // My QR code encodes a link the app understands, with my invite code.
    await byId(page, 'my-qr').click();
    const link = await byId(page, 'qr-code').getAttribute('data-link');
    expect(link).toContain(`/pages/chat/user-detail?code=${me.shareCode}`);
    expect(await byId(page, 'qr-nickname').textContent()).toBe('Alice Liddell');
    await shot(page, 'account-07-qr-zh');

    // Back to English, then log out from settings.
    await byId(page, 'nav-back').click();
    await byId(page, 'my-language').click();
    await byId(page, 'language-en').click();
    await byId(page, 'nav-back').click();

    // Changing my own password keeps this phone signed in: the server announces the new session, and it is
    // this phone's own, not a login on another device.
    await page.goto(`${server.url}/#/pages/user/password`);
    await byId(page, 'password-current').fill(password);
    await byId(page, 'password-new').fill(newPassword);
    await byId(page, 'password-confirm').fill(newPassword);
    await byId(page, 'password-submit').click();
    // Done, the page goes back; a moment later this phone is still signed in and was told nothing.
    await expect.poll(() => hashPath(page)).not.toBe('/pages/user/password');
    await page.waitForTimeout(1500);
    expect(await byId(page, 'logged-out-kicked').count()).toBe(0);
    expect(hashPath(page)).not.toBe('/pages/login/index');
    await page.goto(`${server.url}/#/pages/index/my`);
    await byId(page, 'my-nickname').waitFor();
    await byId(page, 'my-settings').click();
    await byId(page, 'set-logout').click();
    await shot(page, 'account-08-logout-confirm');
    await byId(page, 'logout-confirm').click();
    await expect.poll(() => hashPath(page)).toBe('/pages/login/index');
    expect(await page.evaluate(() => localStorage.getItem('uni_id_token'))).toBeNull();

    // Guarded pages send me to login again; logging in brings my profile back.
    await page.goto(`${server.url}/#/pages/index/my`);
    await expect.poll(() => hashPath(page)).toBe('/pages/login/index');
    await byId(page, 'login-username').fill(username);
    await byId(page, 'login-password').fill(newPassword);
    await byId(page, 'login-submit').click();
    // The page asked for opens once I am in (deep links survive login).
    await expect.poll(() => hashPath(page)).toBe('/pages/index/my');
    await byId(page, 'tab-chat').click();
    // The chat list is not empty: the PIN change above left a notice in the customer-service chat.
    await byId(page, 'session-list').waitFor();
    await shot(page, 'account-09b-pin-notice');
    await byId(page, 'tab-my').click();
    await expect.poll(() => byId(page, 'my-nickname').textContent()).toBe('Alice Liddell');
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await shot(page, 'account-09-back-in');
    await context.close();
  });

  it('a second login elsewhere logs the first device out (single session)', async () => {
    const username = `bob_${Date.now().toString(36)}`;
    await server.api.ok(userApi.registerByName, {
      username,
      password: 'builder-pass-12',
      nickName: 'Bob',
      agree: true,
    });

    const login = async (page: Page) => {
      await page.goto(`${server.url}/#/pages/login/index`);
      await byId(page, 'login-username').fill(username);
      await byId(page, 'login-password').fill('builder-pass-12');
      await byId(page, 'login-submit').click();
      await byId(page, 'tab-chat').waitFor();
    };
    const first = await (await newPhone(browser)).newPage();
    await login(first);
    await byId(first, 'tab-my').click();
    await byId(first, 'my-nickname').waitFor();
    const second = await (await newPhone(browser)).newPage();
    await login(second);
    await expect.poll(() => hashPath(first), { timeout: 15_000 }).toBe('/pages/login/index');
    await shot(first, 'account-10-kicked');
    expect(chatTab(hashPath(second))).toBe('/pages/index/chat');
    // Both phones are new to the account (it signed up through the API): each sign-in leaves a notice in the
    // customer-service chat, which the second phone sees in its list.
    await expect
      .poll(() => second.locator('.session-preview').first().textContent())
      .toMatch(/^New sign-in on .+ from /);
    await shot(second, 'account-11-new-device-notice');
  });
});

describe('invites', () => {
  it('an invite link survives sign-up with its code prefilled and checked; a member binds one later', async () => {
    const api = server.api;
    const alice = await registerMember(api, 'Alice');
    const aliceProfile = await api.ok(userApi.person, {}, alice.token);
    const link = `${server.url}/#/pages/chat/user-detail?code=${aliceProfile.shareCode}`;

    // A newcomer opens Alice's link: the login page, then sign-up with Alice's code filled in and named.
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    const opened = page.waitForRequest((r) => r.url().includes(userApi.useDownloadLog.path));
    await page.goto(link);
    const log = await opened;
    expect(log.postDataJSON()).toMatchObject({ platform: 'web', shareCode: aliceProfile.shareCode });
    await byId(page, 'login-submit').waitFor();
    await byId(page, 'login-to-sign').click();
    await expect.poll(() => byId(page, 'sign-share-code').inputValue()).toBe(aliceProfile.shareCode);
    await expect.poll(() => byId(page, 'sign-share-code-check').textContent()).toContain('Alice');
    await shot(page, 'invite-01-sign-prefilled');
    await byId(page, 'sign-username').fill(`newbie_${Date.now().toString(36)}`);
    await byId(page, 'sign-password').fill(PASSWORD);
    await byId(page, 'sign-nickname').fill('Newbie');
    await byId(page, 'sign-agree').click();
    await byId(page, 'sign-submit').click();
    // Lands on the link (Alice's card), not the chat tab; back leads to the chat tab.
    await expect.poll(() => hashPath(page)).toBe('/pages/chat/user-detail');
    expect(page.url()).toContain(`code=${aliceProfile.shareCode}`);
    await shot(page, 'invite-02-landed-on-link');
    expect((await profileOf(page)).invitedBy).toBe(alice.memberId);

    // The newcomer's chat list is empty; contacting customer service from Me puts that chat in it at once.
    await page.goto(`${server.url}/#/pages/index/chat`);
    await byId(page, 'chat-empty').waitFor();
    await byId(page, 'tab-my').click();
    await byId(page, 'my-service').click();
    await expect.poll(() => hashPath(page)).toBe('/pages/chat/index');
    await byId(page, 'nav-back').click();
    await byId(page, 'tab-chat').click();
    await expect.poll(() => page.locator('[data-testid^="session-preview-"]').count()).toBe(1);

    // A wrong code is named as such while typing.
    const other = await ctx.newPage();
    await other.goto(`${server.url}/#/pages/login/sign`);
    await byId(other, 'sign-share-code').fill('ZZZZ9999');
    await expect.poll(() => byId(other, 'sign-share-code-check').getAttribute('data-valid')).toBe('false');
    await ctx.close();

    // An existing member signed out follows the link: after login it opens, not the chat tab.
    const bob = await registerMember(api, 'Bob');
    const bobCtx = await newPhone(browser);
    const bobPage = await bobCtx.newPage();
    await bobPage.goto(link);
    await byId(bobPage, 'login-username').fill(bob.username);
    await byId(bobPage, 'login-password').fill(PASSWORD);
    await byId(bobPage, 'login-submit').click();
    await expect.poll(() => hashPath(bobPage)).toBe('/pages/chat/user-detail');

    // Bob signed up without a code: he binds Alice's later, from Settings.
    await bobPage.goto(`${server.url}/#/pages/user/set`);
    await byId(bobPage, 'set-inviter').click();
    await byId(bobPage, 'inviter-code').fill(aliceProfile.shareCode);
    await expect.poll(() => byId(bobPage, 'inviter-check').getAttribute('data-valid')).toBe('true');
    await shot(bobPage, 'invite-03-bind-later');
    await byId(bobPage, 'inviter-save').click();
    await expect.poll(async () => (await profileOf(bobPage)).invitedBy).toBe(alice.memberId);
    await expect.poll(() => byId(bobPage, 'set-inviter').textContent()).toContain(alice.memberId);
    await bobCtx.close();
  });
});
