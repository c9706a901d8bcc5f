import path from 'node:path';
import {
  adminC2cApi,
  adminWalletApi,
  advertisingApi,
  bankApi,
  chatTransferApi,
  merchantApi,
  messageApi,
  redPacketApi,
  userApi,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFailures } from './axe.ts';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { befriend, byId, logInAs, type Member, PASSWORD, registerMember, verifyMember } from './people.ts';

/**
 * App-wide details: axe finds no critical or serious failure on the main pages in either
 * theme, the theme is chosen in settings and kept, and the page scales with the window
 * (docs/product.md#appearance).
 */

let server: RunningServer;
let browser: Browser;
const ADMIN_PASSWORD = 'admin-e2e-12345';
const SUPPORT_PASSWORD = 'support-e2e-1';
const PROMO_URL = 'https://promo.example.com/spring?ref=app';
beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, SUPPORT_PASSWORD, AD_INTERACTIVE_URL: PROMO_URL });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const staffToken = async (username: string, password: string) =>
  (await server.api.ok(userApi.loginByName, { username, password })).token;

/**
 * What the main pages show with data in them: a merchant's sell ad on the market and a credit in Alice's
 * wallet history (green amounts), messages both ways in the chat.
 */
const fillPages = async (alice: Member, sessionId: number) => {
  const merchant = await registerMember(server.api, `Mira${Date.now().toString(36).slice(-4)}`);
  const [admin, support] = await Promise.all([
    staffToken('admin', ADMIN_PASSWORD),
    staffToken('support', SUPPORT_PASSWORD),
  ]);
  for (const who of [merchant, alice]) {
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: who.id, amount: '500', reason: 'e2e credit', requestId: `ui-credit-${who.id}` },
      admin,
    );
  }
  await verifyMember(server.api, admin, merchant, 2, 'Mira Chen');
  await server.api.ok(merchantApi.apply, { name: 'Mira Exchange' }, merchant.token);
  await server.api.ok(adminC2cApi.merchantReview, { userId: merchant.id, approve: true }, support);
  const card = await server.api.ok(
    bankApi.add,
    { type: 'bank', name: 'Mira Chen', cardNumber: '6222 0200 1234 5678', bankName: 'ICBC' },
    merchant.token,
  );
  await server.api.ok(
    advertisingApi.publish,
    {
      type: 'sell',
      paymentMethodId: card.id,
      price: '7.20',
      quantity: '100',
      minLimit: '10',
      maxLimit: '720',
      timeLimit: 15,
    },
    merchant.token,
  );
  await server.api.ok(
    messageApi.send,
    { sessionId, clientMsgId: `ui-a-${alice.id}`, contentType: 'text', content: { text: 'Hi Bob' } },
    alice.token,
  );
  // Money bubbles in the chat: a transfer and a red packet.
  const pin = '135790';
  await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin }, alice.token);
  await server.api.ok(
    chatTransferApi.send,
    { sessionId, amount: '5', remark: 'Lunch', pin, requestId: `ui-transfer-${alice.id}` },
    alice.token,
  );
  await server.api.ok(
    redPacketApi.send,
    {
      sessionId,
      kind: 'equal',
      count: 1,
      amount: '2',
      greeting: 'Happy Friday',
      pin,
      requestId: `ui-packet-${alice.id}`,
    },
    alice.token,
  );
};

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);

/** Whatever the member's theme, the main pages: the page settles, its screenshot is kept, and axe is clean. */
const MAIN_PAGES = (sessionId: number) => [
  { name: 'chat-list', route: '/pages/index/chat', ready: 'session-list' },
  { name: 'chat', route: `/pages/chat/index?id=${sessionId}`, ready: 'chat-page' },
  { name: 'wallet', route: '/pages/usdt/wallet', ready: 'wallet-total' },
  { name: 'c2c-market', route: '/pages/c2c/index', ready: 'c2c-tab-market' },
  { name: 'contacts', route: '/pages/index/contact', ready: 'tab-contact' },
  { name: 'discovery', route: '/pages/index/discovery', ready: 'discovery-c2c' },
  { name: 'me', route: '/pages/index/my', ready: 'my-profile' },
  { name: 'settings', route: '/pages/user/set', ready: 'set-theme-dark' },
];

const setUp = async (): Promise<{ alice: Member; bob: Member; sessionId: number }> => {
  const tag = Date.now().toString(36).slice(-4);
  const [alice, bob] = await Promise.all([
    registerMember(server.api, `Alice${tag}`),
    registerMember(server.api, `Bob${tag}`),
  ]);
  const sessionId = await befriend(server.api, alice, bob);
  await server.api.ok(
    messageApi.send,
    { sessionId, clientMsgId: `ui-${tag}`, contentType: 'text', content: { text: 'Hello from Bob' } },
    bob.token,
  );
  return { alice, bob, sessionId };
};

describe('accessibility and themes', () => {
  let phone: BrowserContext;
  afterAll(async () => phone?.close());

  it('the login page and the main pages have no critical or serious axe failure, in both themes', async () => {
    const { alice, sessionId } = await setUp();
    await fillPages(alice, sessionId);
    phone = await newPhone(browser);

    const login = await phone.newPage();
    await open(login, '/pages/login/index');
    await byId(login, 'login-username').waitFor();
    expect(await axeFailures(login), 'login').toEqual([]);
    await login.close();

    const page = await logInAs(server.url, phone, alice);
    // Alice has a picture: avatars are images on the Me tab and beside her messages.
    await open(page, '/pages/user/edit');
    await byId(page, 'edit-avatar-input').setInputFiles(
      path.resolve(import.meta.dirname, '../apps/web/public/icon-192.png'),
    );
    await byId(page, 'edit-avatar-image').locator('img').waitFor();
    const failures: Record<string, string[]> = {};
    for (const theme of ['default', 'dark'] as const) {
      await page.evaluate((name) => localStorage.setItem('theme', name), theme);
      for (const p of MAIN_PAGES(sessionId)) {
        await open(page, p.route);
        await page.reload();
        await byId(page, p.ready).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        // Loading indicators and entrance animations settle before the colours are measured.
        await page.waitForTimeout(600);
        await shot(page, `ui-${p.name}-${theme}`);
        const found = await axeFailures(page);
        if (found.length > 0) failures[`${p.name} (${theme})`] = found;
      }
    }
    expect(failures).toEqual({});
  });

  it('the dark theme is chosen in settings and kept across reloads and logins', async () => {
    const { alice } = await setUp();
    const context = await newPhone(browser);
    try {
      const page = await logInAs(server.url, context, alice);
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('default');
      const light = await background();

      await open(page, '/pages/user/set');
      await byId(page, 'set-theme-dark').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await background()).not.toBe(light);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await shot(page, 'ui-settings-dark-switched');

      await page.reload();
      await byId(page, 'set-theme-dark').waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await byId(page, 'set-theme-dark').getAttribute('aria-checked')).toBe('true');

      await byId(page, 'set-theme-dark').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('default');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('default');
      expect(await background()).toBe(light);
    } finally {
      await context.close();
    }
  });
});

describe('page scale', () => {
  it('sizes follow the root font size at 320, 375, 414 and 1280 px, the page at most 960 wide and centred', async () => {
    const { alice } = await setUp();
    const context = await newPhone(browser);
    try {
      const page = await logInAs(server.url, context, alice);
      await open(page, '/pages/index/my');
      await byId(page, 'tab-my').waitFor();
      const measures = () =>
        page.evaluate(() => {
          const px = (el: Element | null) => (el ? Number.parseFloat(getComputedStyle(el).fontSize) : 0);
          const shell = document.querySelector('.app-shell')?.getBoundingClientRect();
          const tabBar = document.querySelector('.app-tab-bar')?.getBoundingClientRect();
          return {
            root: px(document.documentElement),
            body: px(document.body),
            tabTitle: px(document.querySelector('.app-tab-bar .adm-tab-bar-item-title')),
            tabBarHeight: tabBar?.height ?? 0,
            shellLeft: shell?.left ?? -1,
            shellWidth: shell?.width ?? 0,
          };
        });
      for (const width of [320, 375, 414, 1280]) {
        await page.setViewportSize({ width, height: width > 960 ? 900 : 780 });
        const scale = Math.min(width, 960) / 375;
        await expect.poll(async () => (await measures()).root).toBeCloseTo(16 * scale, 1);
        const m = await measures();
        expect(m.body, `body text at ${width}`).toBeCloseTo(14 * scale, 1);
        expect(m.tabTitle, `tab title at ${width}`).toBeCloseTo(10 * scale, 1);
        // The 50px tab bar at the base width, plus its 1px top line that stays a hairline.
        expect(m.tabBarHeight, `tab bar at ${width}`).toBeCloseTo(50 * scale + 1, 0);
        expect(m.shellWidth).toBeCloseTo(Math.min(width, 960), 0);
        expect(m.shellLeft).toBeCloseTo((width - Math.min(width, 960)) / 2, 0);
        await shot(page, `ui-scale-me-${width}`);
      }
      await open(page, '/pages/index/chat');
      await byId(page, 'session-list').waitFor();
      for (const width of [320, 414, 1280]) {
        await page.setViewportSize({ width, height: width > 960 ? 900 : 780 });
        await expect
          .poll(async () => (await measures()).root)
          .toBeCloseTo((16 * Math.min(width, 960)) / 375, 1);
        await shot(page, `ui-scale-chat-${width}`);
      }
    } finally {
      await context.close();
    }
  });
});

describe('product details: ad web view, merchant detail, abnormal session', () => {
  it("the ad web view frames the operator's page, under the h5 view's rules, whatever the link says", async () => {
    const { alice } = await setUp();
    const context = await newPhone(browser);
    try {
      const page = await logInAs(server.url, context, alice);
      // Nothing leaves the machine: the promotional site answers here.
      await context.route('https://promo.example.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Spring offer</h1>' }),
      );
      await open(
        page,
        '/uni_modules/uni-pay/pages/ad-interactive-webview/ad-interactive-webview?url=https%3A%2F%2Fevil.example%2F',
      );
      await byId(page, 'h5-frame').waitFor();
      expect(await byId(page, 'h5-frame').getAttribute('src')).toBe(PROMO_URL);
      expect(await byId(page, 'h5-frame').getAttribute('sandbox')).toBe(
        'allow-scripts allow-same-origin allow-forms allow-popups',
      );
      expect(await byId(page, 'h5-host').textContent()).toBe('Page from promo.example.com');
      await expect
        .poll(() => page.frameLocator('[data-testid="h5-frame"]').locator('h1').textContent())
        .toBe('Spring offer');
      await shot(page, 'ui-ad-webview');
    } finally {
      await context.close();
    }
  });

  it('a failed merchant-detail fetch relaunches the login page', async () => {
    const merchant = await registerMember(server.api, `Mera${Date.now().toString(36).slice(-4)}`);
    const support = await staffToken('support', SUPPORT_PASSWORD);
    await verifyMember(server.api, await staffToken('admin', ADMIN_PASSWORD), merchant, 2);
    await server.api.ok(merchantApi.apply, { name: 'Mera Exchange' }, merchant.token);
    await server.api.ok(adminC2cApi.merchantReview, { userId: merchant.id, approve: true }, support);
    const context = await newPhone(browser);
    try {
      const page = await logInAs(server.url, context, merchant);
      await open(page, '/pages/c2c/my');
      await byId(page, 'merchant-profile').waitFor();
      // The next detail fetch fails on the server's side.
      await context.route('**/api/app/c2c/merchant/detail**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"code":1001,"message":"Request failed","data":null}',
        }),
      );
      await page.reload();
      await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/pages\/login\/index/);
      await byId(page, 'login-username').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a session whose data does not hold together says "Abnormal session" and leaves the chat', async () => {
    const { alice, sessionId } = await setUp();
    const context = await newPhone(browser);
    try {
      const page = await logInAs(server.url, context, alice);
      // The server answers the chat's detail with another session's id.
      await context.route('**/api/app/chat/session/detail**', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.data.id += 1000;
        await route.fulfill({ response, json: body });
      });
      await open(page, `/pages/chat/index?id=${sessionId}`);
      await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('Abnormal session');
      await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/(pages\/index\/chat)?$/);
    } finally {
      await context.close();
    }
  });
});
