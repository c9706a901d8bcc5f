/// <reference path="../apps/server/test/push/http_ece.d.ts" />
import {
  adminC2cApi,
  adminWalletApi,
  advertisingApi,
  bankApi,
  merchantApi,
  messageApi,
  PUSH_TAP_DELAY_MS,
  pushApi,
  transactionApi,
  userApi,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserKeys, type PushService, startPushService } from '../apps/server/test/push/push-service.ts';
import { axeFailures } from './axe.ts';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import {
  befriend,
  byId,
  logInAs,
  type Member,
  PASSWORD,
  phoneClient,
  registerMember,
  verifyMember,
} from './people.ts';

/**
 * A member whose app is in the background gets a Web Push through a push service on this
 * machine — the real server encrypts and signs it (RFC 8291/8292), the test push service decrypts it with
 * the subscription's keys and hands it to Chromium's service worker (CDP `ServiceWorker.deliverPushMessage`,
 * as a browser's push service would); the notification shows, and a tap opens the chat or the order after
 * about 1.5 s (docs/product.md#navigation). Headless Chromium has no push service of its own, so the
 * subscription is made with keys this test holds.
 */
let server: RunningServer;
let browser: Browser;
let svc: PushService;
const ADMIN_PASSWORD = 'admin-push-e2e-1';
const SUPPORT_PASSWORD = 'support-push-e2e-1';
const PIN = '135790';

beforeAll(async () => {
  svc = await startPushService();
  server = await startServer({
    PUSH_ALLOW_PRIVATE: 'true',
    NODE_EXTRA_CA_CERTS: svc.certFile,
    ADMIN_PASSWORD,
    SUPPORT_PASSWORD,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await svc?.close();
});

/** Logs in on a phone that allows notifications, subscribed through the page's session with test keys. */
const subscribedPhone = async (who: Member, device: string) => {
  const ctx = await newPhone(browser);
  await ctx.grantPermissions(['notifications'], { origin: new URL(server.url).origin });
  const page = await logInAs(server.url, ctx, who);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const keys = browserKeys();
  await phoneClient(server.url, page).ok(pushApi.subscribe, {
    endpoint: svc.endpoint(device),
    keys: keys.keys,
    deviceId: device,
  });
  return { ctx, page, keys };
};

/** The page goes to the background as when the member switches apps: the app tells the server. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
const show = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });

/** What the push service received for `device`, decrypted, handed to the phone's service worker. */
const deliver = async (
  ctx: BrowserContext,
  page: Page,
  device: string,
  keys: ReturnType<typeof browserKeys>,
) => {
  const [push] = await expect
    .poll(() => svc.to(device), { timeout: 20_000 })
    .toHaveLength(1)
    .then(() => svc.to(device));
  const payload = svc.decrypt(push!, keys);
  const cdp = await ctx.newCDPSession(page);
  // Chromium hands a push only to a registration with an activated worker (else it drops it silently): wait
  // for that version, not merely for a registration to exist.
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
      const active = e.versions.find((v) => v.status === 'activated');
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  // The CDP call answers before the worker runs its push event, and Chromium drops a push it cannot hand to a
  // running worker (under load, starting the worker can miss that). A push service redelivers what a browser
  // did not take; so does this stand-in, at most three times, until the worker has shown a notification.
  for (let attempt = 1; ; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(server.url).origin,
      registrationId: id,
      data: JSON.stringify(payload),
    });
    const shown = await expect
      .poll(async () => (await notifications(page)).length, { timeout: 10_000 })
      .toBeGreaterThan(0)
      .then(
        () => true,
        () => false,
      );
    if (shown) break;
    if (attempt === 3) throw new Error('the service worker showed no notification for the push');
  }
  await cdp.detach();
  return payload;
};

const notifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: string } | null)?.url ?? '',
    }));
  });

/** What a tap on the notification runs in the service worker (public/push-sw.js `openPushRoute`). */
const tap = async (ctx: BrowserContext, url: string) => {
  const [worker] = ctx.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(
    (u) => (self as unknown as { openPushRoute(u: string): Promise<void> }).openPushRoute(u),
    url,
  );
};

describe('Web Push through a push service on this machine', () => {
  it('a chat message to a member in the background: notification with the name and text; a tap opens the chat', async () => {
    const [alice, bob] = await Promise.all([
      registerMember(server.api, 'Alice'),
      registerMember(server.api, 'Bob'),
    ]);
    const sessionId = await befriend(server.api, alice, bob);
    // A device name of its own per attempt: a retry must not read the first attempt's push.
    const device = `bob-phone-${Date.now()}`;
    const { ctx, page, keys } = await subscribedPhone(bob, device);
    // Bob leaves the chat list for his profile and switches to another app.
    await byId(page, 'tab-my').click();
    await hide(page);
    // Until the server knows, it would not push: wait for what the socket reported.
    await page.waitForTimeout(500);
    await server.api.ok(
      messageApi.send,
      {
        sessionId,
        clientMsgId: `push-${Date.now()}`,
        contentType: 'text',
        content: { text: 'see you at 8' },
      },
      alice.token,
    );
    const payload = await deliver(ctx, page, device, keys);
    expect(payload).toMatchObject({ title: 'Alice', body: 'see you at 8' });
    await expect
      .poll(() => notifications(page))
      .toEqual([{ title: 'Alice', body: 'see you at 8', url: `#/pages/chat/index?id=${sessionId}` }]);
    await shot(page, 'push-01-chat-background');

    // The tap: the app comes to the front and opens the chat after about 1.5 s.
    await show(page);
    const tapped = Date.now();
    await tap(ctx, `#/pages/chat/index?id=${sessionId}`);
    await byId(page, 'chat-input').waitFor({ timeout: 10_000 });
    const waited = Date.now() - tapped;
    expect(waited).toBeGreaterThanOrEqual(PUSH_TAP_DELAY_MS - 100);
    expect(page.url()).toContain(`#/pages/chat/index?id=${sessionId}`);
    await shot(page, 'push-02-chat-opened');
    await ctx.close();
  });

  it('the seller is notified when the buyer marks the order paid; a tap opens the order', async () => {
    const [seller, buyer] = await Promise.all([
      registerMember(server.api, 'Sella'),
      registerMember(server.api, 'Bayo'),
    ]);
    const admin = (await server.api.ok(userApi.loginByName, { username: 'admin', password: ADMIN_PASSWORD }))
      .token;
    const support = (
      await server.api.ok(userApi.loginByName, { username: 'support', password: SUPPORT_PASSWORD })
    ).token;
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, seller.token);
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: seller.id, amount: '500', reason: 'e2e credit', requestId: `push-credit-${Date.now()}` },
      admin,
    );
    await verifyMember(server.api, admin, seller, 2, 'Sella Ng');
    await verifyMember(server.api, admin, buyer, 1);
    await server.api.ok(merchantApi.apply, { name: 'Sella Shop' }, seller.token);
    await server.api.ok(adminC2cApi.merchantReview, { userId: seller.id, approve: true }, support);
    const card = await server.api.ok(
      bankApi.add,
      { type: 'bank', name: 'Sella Ng', cardNumber: '6222020200112233', bankName: 'ICBC' },
      seller.token,
    );
    const ad = await server.api.ok(
      advertisingApi.publish,
      {
        type: 'sell',
        paymentMethodId: card.id,
        price: '7.00',
        quantity: '100',
        minLimit: '10.00',
        maxLimit: '700.00',
        timeLimit: 15,
      },
      seller.token,
    );
    const order = await server.api.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, buyer.token);

    const device = `seller-phone-${Date.now()}`;
    const { ctx, page, keys } = await subscribedPhone(seller, device);
    await hide(page);
    await page.waitForTimeout(500);
    await server.api.ok(transactionApi.payment, { id: order.orderId }, buyer.token);
    const payload = await deliver(ctx, page, device, keys);
    expect(payload).toMatchObject({
      kind: 'c2c',
      body: 'The buyer has paid: check the payment and release the coins',
      url: `#/pages/c2c/detail?id=${order.orderId}`,
    });
    await expect.poll(async () => (await notifications(page)).map((n) => n.body)).toEqual([payload.body]);
    await shot(page, 'push-03-order-background');

    // The member is elsewhere now (a status event only offers the order: docs/product.md#navigation).
    await page.evaluate(() => {
      location.hash = '#/pages/index/my';
    });
    await byId(page, 'tab-my').waitFor();
    await expect.poll(() => byId(page, 'order-detail').count()).toBe(0);
    await show(page);
    const tapped = Date.now();
    await tap(ctx, String(payload.url));
    await byId(page, 'order-detail').waitFor({ timeout: 10_000 });
    expect(Date.now() - tapped).toBeGreaterThanOrEqual(PUSH_TAP_DELAY_MS - 100);
    expect(await byId(page, 'order-detail').getAttribute('data-status')).toBe('payment');
    await shot(page, 'push-04-order-opened');
    await ctx.close();
  });
});

const pushState = (page: Page) => byId(page, 'push-state').getAttribute('data-state');

describe('Settings shows whether notifications really reach this device', () => {
  it('the browser refuses: Settings says it is blocked there, with the notifications switch still on', async () => {
    const who = await registerMember(server.api, 'Pia');
    const ctx = await newPhone(browser);
    const page = await logInAs(server.url, ctx, who);
    await page.goto(`${server.url}/#/pages/user/set`);
    // Never asked: a tap asks; headless Chromium answers "denied", as a member refusing the prompt.
    await expect.poll(() => pushState(page)).toBe('ask');
    await byId(page, 'push-fix').click();
    await expect.poll(() => pushState(page)).toBe('denied');
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
    expect(await byId(page, 'push-state').textContent()).toContain('Blocked by the browser');
    expect(await byId(page, 'push-state').textContent()).toContain(
      "Allow them in the browser's site settings",
    );
    expect(await byId(page, 'push-fix').count()).toBe(0);
    expect(await byId(page, 'set-notify').getAttribute('aria-checked')).toBe('true');
    expect(await axeFailures(page)).toEqual([]);
    await shot(page, 'push-05-settings-denied-en');
    await page.evaluate(() => localStorage.setItem('locale', 'jp'));
    await page.reload();
    await expect
      .poll(() => byId(page, 'push-state').textContent())
      .toContain('ブラウザでブロックされています');
    await shot(page, 'push-06-settings-denied-jp');
    await ctx.close();
  });

  it('allowed, but the browser gave no subscription: Settings says so; a retry subscribes and shows it', async () => {
    const who = await registerMember(server.api, 'Quin');
    const ctx = await newPhone(browser);
    await ctx.grantPermissions(['notifications'], { origin: new URL(server.url).origin });
    const page = await logInAs(server.url, ctx, who);
    await page.goto(`${server.url}/#/pages/user/set`);
    // The login tried to subscribe; headless Chromium has no push service, so the browser refused.
    await expect.poll(() => pushState(page)).toBe('browser');
    expect(await byId(page, 'push-state').textContent()).toContain('Could not subscribe');
    expect(await axeFailures(page)).toEqual([]);
    await shot(page, 'push-07-settings-no-subscription-en');

    // A push service on this machine stands in for the browser's: the retry subscribes through it.
    const device = `quin-phone-${Date.now()}`;
    const keys = browserKeys();
    await page.evaluate(
      ({ endpoint, p256dh, auth }) => {
        let current: unknown = null;
        const sub = {
          endpoint,
          options: { applicationServerKey: null },
          toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        };
        PushManager.prototype.subscribe = async () => {
          current = sub;
          return sub as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
      },
      { endpoint: svc.endpoint(device), ...keys.keys },
    );
    await byId(page, 'push-fix').click();
    await expect.poll(() => pushState(page)).toBe('on');
    expect(await byId(page, 'push-state').textContent()).toContain('On for this device');
    // The server holds this device's subscription.
    const deviceId = String(await page.evaluate(() => localStorage.getItem('push-device')));
    expect(
      await phoneClient(server.url, page).ok(pushApi.status, { deviceId, endpoint: svc.endpoint(device) }),
    ).toEqual({ subscribed: true });
    expect(await axeFailures(page)).toEqual([]);
    await shot(page, 'push-08-settings-subscribed-en');
    // In Chinese, after a restart: the stand-in keeps the browser's subscription.
    await ctx.addInitScript(
      ({ endpoint, p256dh, auth }) => {
        const sub = {
          endpoint,
          options: { applicationServerKey: null },
          toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
        };
        PushManager.prototype.getSubscription = async () => sub as unknown as PushSubscription;
      },
      { endpoint: svc.endpoint(device), ...keys.keys },
    );
    await page.evaluate(() => localStorage.setItem('locale', 'zh'));
    await page.reload();
    await expect.poll(() => byId(page, 'push-state').textContent()).toContain('本设备已开启');
    await shot(page, 'push-09-settings-subscribed-zh');
    await ctx.close();
  });
});
