import fs from 'node:fs';
import path from 'node:path';
import {
  adminC2cApi,
  adminWalletApi,
  advertisingApi,
  bankApi,
  groupApi,
  merchantApi,
  messageApi,
  momentsApi,
  SOCKET_NAMESPACE,
  sessionApi,
  transactionApi,
  userApi,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { befriend, byId, logInAs, longPress, type Member, registerMember, verifyMember } from './people.ts';

/**
 * Screenshots of the chat features: every feature group at phone width, in English and Chinese (light) and
 * English dark. State is seeded once through the API; each variant is one browser context that visits every
 * screen, waits for the screen's ready element and for a known label in the variant's language (so a broken
 * screen, or one left in English under zh, fails), and keeps a screenshot `gallery-<variant>-<screen>.png`.
 */
const ADMIN_PASSWORD = 'admin-e2e-gallery-1';
const SUPPORT_PASSWORD = 'support-e2e-gallery-1';
const PROMO_URL = 'https://promo.example.com/spring';
/** The narrowest common phone (iPhone SE / most Android phones are 360–390 wide). */
const PHONE = { width: 375, height: 740 };

type Locale = 'en' | 'zh';
const dictionaries: Record<Locale, Record<string, unknown>> = {
  en: JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/lib/i18n/locales/en.json'), 'utf8'),
  ),
  zh: JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/lib/i18n/locales/zh.json'), 'utf8'),
  ),
};
/** A label's text in a language, straight from the app's own locale files. */
const tr = (locale: Locale, key: string): string => {
  let node: unknown = dictionaries[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no ${locale} text for ${key}`);
  return node;
};

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD, SUPPORT_PASSWORD, AD_INTERACTIVE_URL: PROMO_URL });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const token = async (username: string, password: string) =>
  (await server.api.ok(userApi.loginByName, { username, password })).token;

interface World {
  alice: Member;
  bob: Member;
  carol: Member;
  bobChat: number;
  carolChat: number;
  group: number;
  orderId: number;
  aliceCode: string;
  bobCode: string;
}

/**
 * Alice (the member on screen) is a merchant with a sell ad; Dan bought from it, paid, and Alice appealed.
 * Bob and Carol are her friends; the three share a pinned group; Carol's chat is muted. Bob asked about the
 * lighthouse, Alice answered quoting him, and Bob read it. Alice has an auto-reply and a credit in her wallet.
 */
const seed = async (): Promise<World> => {
  const api = server.api;
  const [alice, bob, carol, dan] = (await Promise.all(
    ['Alice', 'Bob', 'Carol', 'Dan'].map((n) => registerMember(api, n)),
  )) as [Member, Member, Member, Member];
  const [bobChat, carolChat] = await Promise.all([befriend(api, alice, bob), befriend(api, alice, carol)]);
  const { sessionId: group } = await api.ok(
    groupApi.create,
    { userIds: [bob.id, carol.id], name: 'Lighthouse trip' },
    alice.token,
  );
  const asked = await api.ok(
    messageApi.send,
    {
      sessionId: bobChat,
      clientMsgId: 'gallery-ask',
      contentType: 'text',
      content: { text: 'Shall we visit the lighthouse museum on Sunday?' },
    },
    bob.token,
  );
  const answer = await api.ok(
    messageApi.send,
    {
      sessionId: bobChat,
      clientMsgId: 'gallery-answer',
      contentType: 'text',
      content: { text: 'Saturday works better for me', quoteId: asked.id },
    },
    alice.token,
  );
  await api.ok(messageApi.read, { sessionId: bobChat, seq: answer.seq }, bob.token);
  await api.ok(
    messageApi.send,
    {
      sessionId: carolChat,
      clientMsgId: 'gallery-carol',
      contentType: 'text',
      content: { text: 'See you soon' },
    },
    carol.token,
  );
  await api.ok(sessionApi.setChat, { id: group, action: 'chat.top' }, alice.token);
  await api.ok(sessionApi.setChat, { id: carolChat, action: 'notify.off' }, alice.token);
  await api.ok(
    messageApi.setReply,
    { enabled: true, contentType: 'text', content: { text: 'Away until Monday' } },
    alice.token,
  );

  // Alice the merchant: a credit, an approved application, a card and a sell ad.
  const [admin, support] = await Promise.all([
    token('admin', ADMIN_PASSWORD),
    token('support', SUPPORT_PASSWORD),
  ]);
  await api.ok(
    adminWalletApi.adjust,
    { userId: alice.id, amount: '500', reason: 'e2e credit', requestId: `gallery-credit-${alice.id}` },
    admin,
  );
  await verifyMember(api, admin, alice, 2, 'Alice Chen');
  await verifyMember(api, admin, dan, 1);
  await api.ok(merchantApi.apply, { name: 'Alice Exchange' }, alice.token);
  await api.ok(adminC2cApi.merchantReview, { userId: alice.id, approve: true }, support);
  const card = await api.ok(
    bankApi.add,
    { type: 'bank', name: 'Alice Chen', cardNumber: '6222 0200 1234 5678', bankName: 'ICBC' },
    alice.token,
  );
  const ad = await api.ok(
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
    alice.token,
  );
  const order = await api.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, dan.token);
  await api.ok(transactionApi.payment, { id: order.orderId }, dan.token);
  await api.ok(
    transactionApi.appealing,
    { id: order.orderId, reason: 'The payment has not reached my card.' },
    alice.token,
  );
  const [aliceCode, bobCode] = await Promise.all(
    [alice, bob].map(async (m) => (await api.ok(userApi.person, {}, m.token)).shareCode),
  );
  return {
    alice,
    bob,
    carol,
    bobChat,
    carolChat,
    group,
    orderId: order.orderId,
    aliceCode,
    bobCode,
  } as World;
};

interface Variant {
  name: string;
  locale: Locale;
  theme: 'default' | 'dark';
}
const VARIANTS: Variant[] = [
  { name: 'en', locale: 'en', theme: 'default' },
  { name: 'zh', locale: 'zh', theme: 'default' },
  { name: 'en-dark', locale: 'en', theme: 'dark' },
];

/** A phone in the variant's language and theme, signed in as whoever `storage` (a localStorage copy) holds. */
const phoneFor = async (variant: Variant, storage: Record<string, string>): Promise<BrowserContext> => {
  const context = await newPhone(browser);
  await context.addInitScript(
    ({ stored, locale, theme }) => {
      for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
      localStorage.setItem('locale', locale);
      localStorage.setItem('theme', theme);
    },
    { stored: storage, locale: variant.locale, theme: variant.theme },
  );
  // Nothing leaves the machine: the operator's promotional page answers here.
  await context.route('https://promo.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Spring offer</h1><p>Trade fee 0% this week.</p>' }),
  );
  return context;
};

/** Pulls down with a finger (the list's pull-to-refresh listens to touch only); answers the lift. */
const pullDown = async (page: Page, x: number, y: number, distance: number) => {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number | null) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at === null ? [] : [{ x, y: at }] });
  await touch('touchStart', y);
  // Small steps a frame apart, as a finger moves (one big jump is not seen as a pull).
  for (let dy = 5; dy <= distance; dy += 5) {
    await touch('touchMove', y + dy);
    await page.waitForTimeout(16);
  }
  return async () => {
    await touch('touchEnd', null);
    await cdp.detach();
  };
};

/** Bob's own socket, to type in his chat with Alice (the typing indicator needs a live peer). */
const socketOf = (who: Member): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = io(`${server.url}${SOCKET_NAMESPACE}`, {
      auth: { token: who.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

describe('chat features gallery: phone width, English and Chinese, light and dark', () => {
  it('every feature screen settles in the chosen language and theme', async () => {
    const w = await seed();
    const bobSocket = await socketOf(w.bob);
    // Alice signs in once; each variant's phone starts from a copy of her storage (one session, no kick-out).
    const first = await newPhone(browser);
    const login = await logInAs(server.url, first, w.alice);
    const stored = JSON.parse(await login.evaluate(() => JSON.stringify(localStorage))) as Record<
      string,
      string
    >;
    await first.close();

    // The variants only read Alice's state (nothing is saved, sent or pinned), so they run side by side.
    const visitAll = async (variant: Variant) => {
      const context = await phoneFor(variant, stored);
      const page = await context.newPage();
      await page.setViewportSize(PHONE);
      const tx = (key: string) => tr(variant.locale, key);
      const open = (route: string) => page.goto(`${server.url}/#${route}`);
      /**
       * The screen is there, labelled in the variant's language (a text, or `placeholder:` an input's
       * placeholder) and drawn in its theme: keep its picture.
       */
      const settle = async (name: string, ready: string, label: string) => {
        await byId(page, ready).first().waitFor();
        const labelled = label.startsWith('placeholder:')
          ? page.getByPlaceholder(tx(label.slice('placeholder:'.length)), { exact: true })
          : page.getByText(tx(label), { exact: true });
        await labelled.first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(variant.theme);
        // Entrance animations and loading indicators settle before the picture.
        await page.waitForTimeout(250);
        await shot(page, `gallery-${variant.name}-${name}`);
      };

      // The list: the group pinned on top, Carol's chat muted; the long-press menu; pull to refresh.
      await open('/pages/index/chat');
      await byId(page, `session-${w.group}`).waitFor();
      expect(await byId(page, `session-${w.group}`).getAttribute('class')).toContain('is-top');
      await byId(page, `session-${w.carolChat}`).getByLabel(tx('chat.muted')).waitFor();
      await settle('01-list-pinned-muted', 'session-list', 'tabs.chat');
      const list = await page.locator('.adm-pull-to-refresh').boundingBox();
      if (!list) throw new Error('no pull-to-refresh');
      const release = await pullDown(page, list.x + list.width / 2, list.y + 30, 160);
      await settle('02-pull-to-refresh', 'session-list', 'chat.pull.release');
      await release();
      // The refresh runs and the list springs back before the next gesture.
      await page.waitForTimeout(800);
      await longPress(page, byId(page, `session-${w.carolChat}`));
      await byId(page, 'session-menu-top').waitFor();
      await settle('03-list-menu', 'session-menu-top', 'chat.pin');
      await page.locator('.adm-action-sheet-cancel .adm-action-sheet-button-item').click();
      await page.locator('.adm-action-sheet').waitFor({ state: 'detached' });

      // A friend's new moment: a dot on Discovery, live.
      await server.api.ok(momentsApi.post, { text: `Sunset (${variant.name})` }, w.bob.token);
      await page.locator('[data-testid="tab-discovery"] .adm-badge-dot').waitFor();
      await byId(page, 'tab-discovery').click();
      await expect.poll(() => byId(page, 'discovery-moments-news').getAttribute('data-badge')).toBe('dot');
      await settle('04-discovery-moments-badge', 'discovery-moments-news', 'tabs.discovery');

      // The chat with Bob: Alice's reply quotes him, "Read" under it, and Bob typing in the title.
      await open(`/pages/chat/index?id=${w.bobChat}`);
      await byId(page, 'msg-quote').waitFor();
      await byId(page, 'msg-read').waitFor();
      await expect
        .poll(async () => {
          bobSocket.emit('typing', { sessionId: w.bobChat });
          return page.locator('.adm-nav-bar-title').textContent();
        })
        .toBe(tx('chat.typing'));
      await settle('05-chat-quote-read-typing', 'msg-read', 'chat.read');

      // Forward: the picker of chats.
      await longPress(page, page.locator('.msg-bubble', { hasText: 'lighthouse museum' }).first());
      await byId(page, 'msg-menu-forward').click();
      await byId(page, `forward-to-${w.group}`).click();
      await settle('06-forward-picker', 'forward-list', 'chat.forwardTo');

      // Search across chats, then the chat opened at the message found.
      await open('/pages/chat/search');
      await byId(page, 'search-input').locator('input').fill('lighthouse');
      await byId(page, 'search-messages').locator('mark.search-hit').first().waitFor();
      await settle('07-search', 'search-messages', 'search.messages');
      await byId(page, 'search-messages')
        .locator('.adm-list-item', { hasText: 'lighthouse museum' })
        .first()
        .click();
      await page.locator('.msg-line[data-highlight="1"]').waitFor();
      await settle('08-search-opened', 'chat-page', 'placeholder:chat.inputPlaceholder');

      // The chat's settings: search, pin, mute, clear (with its confirmation).
      await open(`/pages/chat/user-detail?id=${w.carol.id}`);
      await expect.poll(() => byId(page, 'chat-setting-mute').getAttribute('aria-checked')).toBe('true');
      await settle('09-chat-settings', 'chat-setting-clear', 'chat.clear');
      await byId(page, 'chat-setting-clear').click();
      await byId(page, 'chat-clear-confirm').waitFor();
      await settle('10-chat-clear-confirm', 'chat-clear-confirm', 'chat.clearConfirm');
      await byId(page, 'chat-clear-cancel').click();
      await page.locator('.adm-dialog').waitFor({ state: 'detached' });

      // The group: "@" offers its members.
      await open(`/pages/chat/index?id=${w.group}`);
      await byId(page, 'chat-input').pressSequentially('@');
      await byId(page, `mention-pick-${w.bob.id}`).waitFor();
      await settle('11-mention-picker', 'mention-pick-all', 'chat.mentionPick');
      await page.keyboard.press('Escape');

      // A draft survives a reload.
      await open(`/pages/chat/index?id=${w.carolChat}`);
      await byId(page, 'chat-input').fill('Half a thought about the trip');
      await page.reload();
      await expect.poll(() => byId(page, 'chat-input').inputValue()).toBe('Half a thought about the trip');
      await settle('12-draft-after-reload', 'chat-input', 'placeholder:chat.inputPlaceholder');

      // Me: contact customer service.
      await open('/pages/index/my');
      await byId(page, 'my-service').click();
      await byId(page, 'chat-page').waitFor();
      await settle('13-customer-service', 'chat-input', 'chat.serviceName');

      // The auto-reply page, filled.
      await open('/pages/user/reply');
      await expect.poll(() => byId(page, 'reply-enabled').getAttribute('aria-checked')).toBe('true');
      await settle('14-auto-reply', 'reply-text', 'reply.content');

      // Settings: the theme switch, and binding an inviter later.
      await open('/pages/user/set');
      await settle('15-settings-theme', 'set-theme-dark', 'titles.userSet');
      await byId(page, 'set-inviter').click();
      await byId(page, 'inviter-code').fill(w.bobCode);
      await expect.poll(() => byId(page, 'inviter-check').getAttribute('data-valid')).toBe('true');
      await settle('16-bind-inviter', 'inviter-check', 'invite.bindTitle');

      // Wallet history: the counts on the tabs.
      await open('/pages/usdt/wallet');
      await expect
        .poll(async () => (await byId(page, 'history-count-income').textContent())?.trim())
        .toBe('1');
      await settle('17-wallet-counts', 'history-count-all', 'wallet.income');

      // The appealed order: more proof, and a chat with the trade partner.
      await open(`/pages/c2c/detail?id=${w.orderId}`);
      await byId(page, 'order-message-counterparty').waitFor();
      await settle('18-order-message-partner', 'order-counterparty', 'c2c.detail.messageCounterparty');
      await byId(page, 'order-add-proof').scrollIntoViewIfNeeded();
      await settle('18b-order-appeal-proof', 'order-add-proof', 'c2c.appeal.addProof');

      // The merchant's guest accounts.
      await open('/pages/c2c/my');
      await byId(page, 'my-guest').click();
      await settle('19-guest-account', 'guest-create', 'c2c.guest.title');

      // The promotional web view (its address is the operator's, whatever the link says).
      await open('/uni_modules/uni-pay/pages/ad-interactive-webview/ad-interactive-webview');
      await expect
        .poll(() => page.frameLocator('[data-testid="h5-frame"]').locator('h1').textContent())
        .toBe('Spring offer');
      await settle('20-ad-webview', 'h5-frame', 'titles.adWebview');
      await context.close();

      // Sign-up (nobody signed in) with an invite code, checked while it is typed.
      const guest = await phoneFor(variant, {});
      const sign = await guest.newPage();
      await sign.setViewportSize(PHONE);
      await sign.goto(`${server.url}/#/pages/login/sign`);
      await byId(sign, 'sign-share-code').fill(w.aliceCode);
      await expect.poll(() => byId(sign, 'sign-share-code-check').textContent()).toContain('Alice');
      await byId(sign, 'sign-share-code-check').waitFor();
      await sign.getByText(tx('titles.sign'), { exact: true }).first().waitFor();
      expect(await sign.evaluate(() => document.documentElement.dataset.theme)).toBe(variant.theme);
      await shot(sign, `gallery-${variant.name}-21-sign-up-invite`);
      await guest.close();
    };
    try {
      await Promise.all(VARIANTS.map(visitAll));
    } finally {
      bobSocket.disconnect();
    }
  });
});
