import path from 'node:path';
import {
  adminC2cApi,
  adminRateApi,
  adminWalletApi,
  advertisingApi,
  bankApi,
  merchantApi,
  transactionApi,
  userApi,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, type Member, PASSWORD, registerMember, verifyMember } from './people.ts';

const SUPPORT_PASSWORD = 'support-e2e-1';
const ADMIN_PASSWORD = 'admin-e2e-12345';
const PIN = '246810';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ SUPPORT_PASSWORD, ADMIN_PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);
const logIn = async (context: BrowserContext, who: Member) => {
  const page = await logInAs(server.url, context, who);
  who.token = (await page.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '';
  return page;
};
const loginToken = async (username: string, password: string) =>
  (await server.api.ok(userApi.loginByName, { username, password })).token;
const text = (page: Page, id: string) => byId(page, id).innerText();
/** The chat list renders only what is near the screen: scroll to the newest message until `words` show. */
const seeInChat = (page: Page, words: string) =>
  expect
    .poll(
      async () => {
        await byId(page, 'msg-list').evaluate((el) => el.scrollTo(0, el.scrollHeight));
        return page.getByText(words).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);

describe('C2C trust: feedback on the merchant card, taker requirements', () => {
  it('two traders complete an order and rate each other; the card shows it; a taker below an ad’s rule is told why', async () => {
    const [merchant, buyer] = await Promise.all([
      registerMember(server.api, 'Rosa'),
      registerMember(server.api, 'Tam'),
    ]);
    const admin = await loginToken('admin', ADMIN_PASSWORD);
    const support = await loginToken('support', SUPPORT_PASSWORD);
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, merchant.token);
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: merchant.id, amount: '500', reason: 'e2e credit', requestId: `e2e-trust-${Date.now()}` },
      admin,
    );
    await verifyMember(server.api, admin, merchant, 2, 'Rosa Lim');
    await verifyMember(server.api, admin, buyer, 1);
    await server.api.ok(merchantApi.apply, { name: 'Rosa Trade' }, merchant.token);
    await server.api.ok(adminC2cApi.merchantReview, { userId: merchant.id, approve: true }, support);
    const card = await server.api.ok(
      bankApi.add,
      { type: 'bank', name: 'Rosa Lim', cardNumber: '6222020200115555', bankName: 'BOC' },
      merchant.token,
    );
    const ad = await server.api.ok(
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
    const strict = await server.api.ok(
      advertisingApi.publish,
      {
        type: 'sell',
        paymentMethodId: card.id,
        price: '7.10',
        quantity: '50',
        minLimit: '10',
        maxLimit: '355',
        timeLimit: 15,
        takerMinOrders: 3,
      },
      merchant.token,
    );

    const m = await logIn(await newPhone(browser), merchant);
    const b = await logIn(await newPhone(browser), buyer);

    // The buyer orders 72.00 = 10 USDT on the open ad and pays (UI); the merchant releases (UI, PIN).
    await open(b, '/pages/c2c/index');
    await byId(b, `ad-${ad.id}-badges`).waitFor();
    expect(await text(b, `ad-${ad.id}-badges`)).toContain('Verified merchant');
    await byId(b, `ad-${ad.id}-trade`).click();
    await byId(b, 'trans-amount').fill('72');
    await expect.poll(() => text(b, 'trans-coin')).toContain('10.00');
    await byId(b, 'trans-submit').click();
    await byId(b, 'trans-confirm-confirm').click();
    await byId(b, 'order-detail').waitFor();
    const orderId = Number(new URL(b.url().replace('/#', '')).searchParams.get('id'));
    await byId(b, 'order-action-paid').click();
    await byId(b, 'order-paid-confirm').click();
    await expect.poll(() => byId(b, 'order-detail').getAttribute('data-status')).toBe('payment');
    await open(m, `/pages/c2c/detail?id=${orderId}`);
    await expect.poll(() => byId(m, 'order-detail').getAttribute('data-status')).toBe('payment');
    await byId(m, 'order-action-release').click();
    await byId(m, 'order-release-confirm').click();
    // The release sheet sends itself on the sixth digit.
    await byId(m, 'release-pin').fill(PIN);
    await expect.poll(() => byId(m, 'order-detail').getAttribute('data-status')).toBe('completed');

    // Both leave feedback on the completed order (UI).
    await b.reload();
    await byId(b, 'feedback-form').waitFor();
    await byId(b, 'feedback-positive').click();
    await byId(b, 'feedback-comment').fill('Released in a minute, thanks!');
    await shot(b, 'trust-01-b-feedback-form');
    await byId(b, 'feedback-submit').click();
    await byId(b, 'feedback-mine').waitFor();
    expect(await byId(b, 'feedback-mine').getAttribute('data-positive')).toBe('true');
    await m.reload();
    await byId(m, 'feedback-theirs').waitFor();
    expect(await text(m, 'feedback-theirs')).toContain('Released in a minute');
    await byId(m, 'feedback-positive').click();
    await byId(m, 'feedback-submit').click();
    await byId(m, 'feedback-mine').waitFor();
    await shot(m, 'trust-02-m-feedback-both');
    const both = await server.api.ok(transactionApi.detail, { id: orderId }, buyer.token);
    expect(both.sellerFeedback?.positive).toBe(true);

    // The merchant's card in the market shows the positive rate; the profile lists ads and the feedback.
    await open(b, '/pages/c2c/index');
    await expect.poll(() => text(b, `ad-${ad.id}-stats`)).toContain('100.0% positive (1)');
    await shot(b, 'trust-03-b-market-card');
    await byId(b, `ad-${ad.id}-merchant`).click();
    await byId(b, 'profile').waitFor();
    expect(await text(b, 'profile-name')).toBe('Rosa Trade');
    expect(await text(b, 'stat-positive')).toBe('100.0%');
    expect(await text(b, 'stat-orders30')).toBe('1');
    await b.getByText('Released in a minute, thanks!').waitFor();
    await byId(b, `ad-${strict.id}`).waitFor();
    expect(await text(b, `ad-${strict.id}-requirements`)).toContain('3+ completed orders');
    await shot(b, 'trust-04-b-profile');
    // Every feedback, page by page, filtered: the positive tab has it, the negative tab is empty.
    await byId(b, 'profile-feedback-all').click();
    await byId(b, 'feedback-list').waitFor();
    await b.getByText('Released in a minute, thanks!').waitFor();
    await byId(b, 'feedback-tab-negative').click();
    await byId(b, 'feedback-empty').waitFor();
    await shot(b, 'trust-04b-b-all-feedback');
    await b.goBack();
    await byId(b, 'profile').waitFor();

    // The strict ad asks for 3 completed orders; the buyer has 1 and is told so (UI).
    await byId(b, `ad-${strict.id}-trade`).click();
    await byId(b, 'trans-requirements').waitFor();
    await byId(b, 'trans-amount').fill('71');
    await expect.poll(() => text(b, 'trans-coin')).toContain('10.00');
    await byId(b, 'trans-submit').click();
    await b.getByText('This ad needs takers with at least 3 completed orders; you have 1').waitFor();
    await shot(b, 'trust-05-b-refused');
    const still = await server.api.ok(advertisingApi.info, { id: strict.id }, merchant.token);
    expect(still.remaining).toBe('50.00');
  });

  it('a floating-price ad re-prices when the reference rate changes; an open order keeps its price', async () => {
    const [merchant, buyer] = await Promise.all([
      registerMember(server.api, 'Flora'),
      registerMember(server.api, 'Quan'),
    ]);
    const admin = await loginToken('admin', ADMIN_PASSWORD);
    const support = await loginToken('support', SUPPORT_PASSWORD);
    await server.api.ok(adminRateApi.update, { rate: '7.20' }, admin);
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: merchant.id, amount: '300', reason: 'e2e credit', requestId: `e2e-float-${Date.now()}` },
      admin,
    );
    await verifyMember(server.api, admin, merchant, 2, 'Flora Ng');
    await verifyMember(server.api, admin, buyer, 1);
    await server.api.ok(merchantApi.apply, { name: 'Flora Float' }, merchant.token);
    await server.api.ok(adminC2cApi.merchantReview, { userId: merchant.id, approve: true }, support);
    await server.api.ok(
      bankApi.add,
      { type: 'bank', name: 'Flora Ng', cardNumber: '6222020200117777', bankName: 'CCB' },
      merchant.token,
    );
    const [card] = (await server.api.ok(bankApi.page, {}, merchant.token)).list;

    // The merchant publishes a floating ad at 101.5 % of the rate (UI): 7.20 → 7.31.
    const m = await logIn(await newPhone(browser), merchant);
    await open(m, '/pages/c2c/publish');
    await byId(m, 'publish-type-sell').click();
    await byId(m, `publish-method-${card?.id}`).click();
    await byId(m, 'publish-priceType-floating').click();
    await byId(m, 'publish-floatPercent').fill('101.5');
    await m.getByText('price now 7.31').waitFor();
    await byId(m, 'publish-quantity').fill('100');
    await byId(m, 'publish-minLimit').fill('10');
    await byId(m, 'publish-maxLimit').fill('700');
    await shot(m, 'trust-06-m-publish-floating');
    await byId(m, 'publish-submit').click();
    await expect
      .poll(async () => (await server.api.ok(advertisingApi.myPage, {}, merchant.token)).list.length)
      .toBe(1);
    const [ad] = (await server.api.ok(advertisingApi.myPage, {}, merchant.token)).list;
    expect(ad).toMatchObject({ priceType: 'floating', floatPercent: '101.50', price: '7.31' });

    // The buyer opens an order at 7.31 (UI).
    const b = await logIn(await newPhone(browser), buyer);
    await open(b, '/pages/c2c/index');
    await expect.poll(() => text(b, `ad-${ad!.id}-price`)).toContain('7.31');
    expect(await text(b, `ad-${ad!.id}-floating`)).toContain('101.50%');
    await byId(b, `ad-${ad!.id}-trade`).click();
    await byId(b, 'trans-mode-coin').click();
    await byId(b, 'trans-amount').fill('10');
    await expect.poll(() => text(b, 'trans-fiat')).toContain('73.10');
    await byId(b, 'trans-submit').click();
    await byId(b, 'trans-confirm-confirm').click();
    await byId(b, 'order-detail').waitFor();
    const orderId = Number(new URL(b.url().replace('/#', '')).searchParams.get('id'));

    // The operator moves the rate to 7.50: the ad follows (7.61), the open order keeps 7.31.
    expect(await server.api.ok(adminRateApi.update, { rate: '7.50' }, admin)).toMatchObject({ repriced: 1 });
    await open(b, '/pages/c2c/index');
    await expect.poll(() => text(b, `ad-${ad!.id}-price`)).toContain('7.61');
    await shot(b, 'trust-07-b-market-repriced');
    await open(b, `/pages/c2c/detail?id=${orderId}`);
    await expect.poll(() => text(b, 'order-price')).toContain('7.31');
    expect(await text(b, 'order-amount-fiat')).toContain('73.10');
    await shot(b, 'trust-08-b-order-keeps-price');
  });
  it('an order chat is titled by its order, carries payment details, welcome and terms, and labels support', async () => {
    const [merchant, rival, buyer] = await Promise.all([
      registerMember(server.api, 'Mei'),
      registerMember(server.api, 'Nina'),
      registerMember(server.api, 'Bao'),
    ]);
    const admin = await loginToken('admin', ADMIN_PASSWORD);
    const support = await loginToken('support', SUPPORT_PASSWORD);
    await verifyMember(server.api, admin, merchant, 2, 'Mei Chen');
    await verifyMember(server.api, admin, rival, 2, 'Nina Ho');
    await verifyMember(server.api, admin, buyer, 1);
    for (const [who, name] of [
      [merchant, 'Mei Market'],
      [rival, 'Nina Desk'],
    ] as const) {
      await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, who.token);
      await server.api.ok(
        adminWalletApi.adjust,
        {
          userId: who.id,
          amount: '300',
          reason: 'e2e credit',
          requestId: `e2e-chat-${who.id}-${Date.now()}`,
        },
        admin,
      );
      await server.api.ok(merchantApi.apply, { name }, who.token);
      await server.api.ok(adminC2cApi.merchantReview, { userId: who.id, approve: true }, support);
    }
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, buyer.token);
    const rivalCard = await server.api.ok(
      bankApi.add,
      { type: 'bank', name: 'Nina Ho', cardNumber: '6222020200118888', bankName: 'ABC' },
      rival.token,
    );
    const rivalAd = await server.api.ok(
      advertisingApi.publish,
      {
        type: 'sell',
        paymentMethodId: rivalCard.id,
        price: '7.40',
        quantity: '50',
        minLimit: '10',
        maxLimit: '370',
        timeLimit: 15,
      },
      rival.token,
    );

    // The merchant adds the only payment method (UI: the form shows what each field wants).
    const m = await logIn(await newPhone(browser), merchant);
    await open(m, '/pages/c2c/bank-add');
    await byId(m, 'bank-name').waitFor();
    expect(await byId(m, 'bank-name').getAttribute('placeholder')).toBe('Full name on the account');
    expect(await byId(m, 'bank-cardNumber').getAttribute('placeholder')).toBe('Card or account number');
    const box = await byId(m, 'bank-cardNumber').evaluate((el) => getComputedStyle(el).borderTopWidth);
    expect(box).toBe('1px');
    await shot(m, 'trade-01-m-bank-form');
    await byId(m, 'bank-name').fill('Mei Chen');
    await byId(m, 'bank-bankName').fill('CMB');
    await byId(m, 'bank-cardNumber').fill('6225880099887766');
    await byId(m, 'bank-submit').click();
    await expect
      .poll(async () => (await server.api.ok(bankApi.page, {}, merchant.token)).list.length)
      .toBe(1);
    // The saved form goes back by itself once the app has the answer: wait for that, or its "back" could
    // land after the next page is opened and leave it.
    await m.waitForURL((url) => !url.hash.includes('bank-add'));

    // Posting an ad: the only method is already chosen; terms and a welcome message (UI).
    await open(m, '/pages/c2c/publish');
    await byId(m, 'publish-price').fill('7.10');
    await byId(m, 'publish-quantity').fill('100');
    await byId(m, 'publish-minLimit').fill('10');
    await byId(m, 'publish-maxLimit').fill('710');
    await byId(m, 'publish-terms').fill('Pay only from an account in your own name.');
    await byId(m, 'publish-autoReply').fill('Hi, Mei here. I release within 5 minutes of your payment.');
    await shot(m, 'trade-02-m-publish');
    await byId(m, 'publish-submit').click();
    await expect
      .poll(async () => (await server.api.ok(advertisingApi.myPage, {}, merchant.token)).list.length)
      .toBe(1);
    const [ad] = (await server.api.ok(advertisingApi.myPage, {}, merchant.token)).list;

    // The buyer marks Mei as trusted on her profile and filters the market to trusted traders (UI).
    const b = await logIn(await newPhone(browser), buyer);
    await open(b, `/pages/c2c/merchant?userId=${merchant.id}`);
    await byId(b, 'profile-trust').click();
    await expect.poll(() => byId(b, 'profile-trust').getAttribute('data-trusted')).toBe('true');
    expect(await byId(b, 'profile-online').getAttribute('data-online')).toBe('true');
    await open(b, '/pages/c2c/index');
    await byId(b, `ad-${rivalAd.id}`).waitFor();
    await byId(b, 'market-trusted').click();
    await expect.poll(() => b.locator(`[data-testid="ad-${rivalAd.id}"]`).count()).toBe(0);
    await byId(b, `ad-${ad!.id}-trusted`).waitFor();
    await shot(b, 'trade-03-b-market-trusted');
    await byId(b, 'market-trusted').click();
    // The trusted list on the market's My page names Mei; taking her off empties it.
    await open(b, '/pages/c2c/my');
    await byId(b, 'my-trusted').click();
    await byId(b, `trusted-${merchant.id}`).waitFor();
    await shot(b, 'trade-03b-b-trusted-list');
    await byId(b, `trusted-remove-${merchant.id}`).click();
    await byId(b, 'trusted-remove-confirm').click();
    await byId(b, 'trusted-empty').waitFor();
    await open(b, '/pages/c2c/index');

    // Mei goes offline on her merchant page (UI): her cheaper ad now comes after Nina's, marked offline.
    await open(m, '/pages/c2c/my');
    await byId(m, 'merchant-presence').waitFor();
    await shot(m, 'trade-04-m-presence');
    await byId(m, 'presence-online').click();
    await expect
      .poll(async () => (await server.api.ok(merchantApi.info, {}, merchant.token))?.online)
      .toBe(false);
    await b.reload();
    await byId(b, `ad-${ad!.id}`).waitFor();
    // Earlier tests' ads are listed too: the two merchants here, in the order shown.
    const mine = [`ad-${rivalAd.id}-online`, `ad-${ad!.id}-online`];
    const order = async () =>
      (
        await b
          .locator('[data-testid^="ad-"][data-testid$="-online"]')
          .evaluateAll((els) =>
            els.map((el) => `${el.getAttribute('data-testid')}:${el.getAttribute('data-online')}`),
          )
      ).filter((x) => mine.includes(x.split(':')[0] ?? ''));
    await expect.poll(order).toEqual([`ad-${rivalAd.id}-online:true`, `ad-${ad!.id}-online:false`]);
    await shot(b, 'trade-05-b-market-offline-last');
    await byId(m, 'presence-online').click();
    await expect
      .poll(async () => (await server.api.ok(merchantApi.info, {}, merchant.token))?.online)
      .toBe(true);

    // Two orders with Mei: two chats, each titled by its order and tagged as a trade chat.
    const first = await server.api.ok(transactionApi.start, { adId: ad!.id, amountCoin: '10' }, buyer.token);
    const second = await server.api.ok(transactionApi.start, { adId: ad!.id, amountCoin: '12' }, buyer.token);
    for (const o of [first, second]) expect(o.orderNo).toMatch(/^\d{18}$/);
    // A new order made elsewhere is offered by a banner (onC2COrderStatus, docs/product.md#navigation): the
    // latest one; then the chat tab.
    await expect
      .poll(() => byId(b, 'order-banner').getAttribute('data-order'), { timeout: 15_000 })
      .toBe(String(second.orderId));
    await byId(b, 'order-banner-open').click();
    await expect.poll(() => b.url()).toContain(`/pages/c2c/detail?id=${second.orderId}`);
    await byId(b, 'order-detail').waitFor();
    await open(b, '/pages/index/chat');
    for (const o of [first, second]) {
      await expect
        .poll(() => text(b, `session-${o.sessionId}`))
        .toContain(`Order #…${o.orderNo.slice(-6)} · Mei`);
      await byId(b, `session-trade-${o.sessionId}`).waitFor();
    }
    await shot(b, 'trade-06-b-session-list');

    // The chat opens with the payment details card, the terms and Mei's welcome (UI).
    await byId(b, `session-${first.sessionId}`).click();
    await byId(b, 'chat-payee-card').waitFor();
    expect(await text(b, 'chat-payee-cardNumber')).toBe('6225880099887766');
    expect(await text(b, 'chat-payee-amount')).toContain('71.00');
    await b.getByText('Terms: Pay only from an account in your own name.').waitFor();
    await b.getByText('Hi, Mei here. I release within 5 minutes of your payment.').waitFor();
    expect(await text(b, 'chat-trade-order')).toContain(first.orderNo);

    // The buyer sends a receipt picture and a line; both show Unread until Mei opens the chat, then Read.
    await byId(b, 'chat-attach').click();
    await byId(b, 'file-photo').setInputFiles(
      path.resolve(import.meta.dirname, '../apps/web/public/icon-192.png'),
    );
    await byId(b, 'chat-input').fill('Paid, receipt above.');
    await byId(b, 'chat-send').click();
    const reads = () =>
      b
        .locator('[data-testid="msg-read"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-read')));
    await expect.poll(reads).toEqual(['false', 'false']);
    await shot(b, 'trade-07-b-order-chat');
    await open(m, `/pages/chat/index?id=${first.sessionId}`);
    await m.locator('[data-type="image"][data-status="sent"] img').waitFor();
    await m.getByText('Paid, receipt above.').waitFor();
    await expect.poll(reads).toEqual(['true', 'true']);
    await shot(m, 'trade-07b-m-order-chat');

    // Mei appeals a paid order; support writes and decides: labelled, with its own avatar, for both.
    await server.api.ok(transactionApi.payment, { id: first.orderNo }, buyer.token);
    await server.api.ok(
      transactionApi.appealing,
      { id: first.orderNo, reason: 'Nothing arrived yet', reasonCode: 'not_received' },
      merchant.token,
    );
    await server.api.ok(
      adminC2cApi.appealMessage,
      { id: first.orderId, text: 'Customer service here: please both send your receipts.' },
      support,
    );
    // A status change while the buyer is in the order chat shows the order banner over it and leaves the chat
    // open (docs/product.md#navigation).
    await expect.poll(() => byId(b, 'order-banner').getAttribute('data-status')).toBe('appealing');
    expect(await byId(b, 'order-banner').getAttribute('data-order')).toBe(String(first.orderId));
    expect(await byId(b, 'chat-input').isVisible()).toBe(true);
    await seeInChat(b, 'Seller appealed: Payment not received · Nothing arrived yet');
    await seeInChat(b, 'please both send your receipts');
    const staffRow = b.locator('[data-staff="true"]').filter({ hasText: 'please both send your receipts' });
    await staffRow.waitFor();
    expect(await staffRow.getByTestId('msg-sender').innerText()).toBe('Customer service');
    expect(await staffRow.locator('.trade-staff-avatar').count()).toBe(1);
    await staffRow.scrollIntoViewIfNeeded();
    await shot(b, 'trade-08-b-support-labelled');
    await server.api.ok(
      adminC2cApi.appealResolve,
      { id: first.orderId, result: 'completed', note: 'The bank receipt matches.', fault: 'none' },
      support,
    );
    // The banner follows the order's latest status; its button opens the order.
    await expect.poll(() => byId(b, 'order-banner').getAttribute('data-status')).toBe('completed');
    await byId(b, 'order-banner-open').click();
    await expect.poll(() => byId(b, 'order-detail').getAttribute('data-status')).toBe('completed');
    await open(b, `/pages/chat/index?id=${first.sessionId}`);
    await seeInChat(b, 'Support decided: coins released to the buyer. The bank receipt matches.');
    await b.getByText('Support decided: coins released to the buyer.').scrollIntoViewIfNeeded();
    await shot(b, 'trade-08b-b-support-decided');
    const evidence = await server.api.ok(adminC2cApi.appealMessages, { id: first.orderId }, support);
    expect(evidence.list.map((x) => x.content.type ?? x.content.text)).toEqual(
      expect.arrayContaining([
        'c2c.payee',
        'c2c.terms',
        'Hi, Mei here. I release within 5 minutes of your payment.',
      ]),
    );
    expect(evidence.list.some((x) => x.contentType === 'image')).toBe(true);
    await server.api.ok(transactionApi.canceled, { id: second.orderNo }, buyer.token);
  });

  it('staff do not see "Become a merchant"; members do', async () => {
    const member = await registerMember(server.api, 'Lin');
    const p = await logIn(await newPhone(browser), member);
    await open(p, '/pages/c2c/my');
    await byId(p, 'merchant-apply').waitFor();
    const staff = await (await newPhone(browser)).newPage();
    await staff.goto(`${server.url}/#/pages/login/index`);
    await byId(staff, 'login-username').fill('support');
    await byId(staff, 'login-password').fill(SUPPORT_PASSWORD);
    await byId(staff, 'login-submit').click();
    // Staff land in the console after the normal login; then they open the market's My page.
    await byId(staff, 'console-dashboard').waitFor();
    await open(staff, '/pages/c2c/my');
    await byId(staff, 'c2c-balance').waitFor();
    expect(await staff.locator('[data-testid="merchant-apply"]').count()).toBe(0);
    await shot(staff, 'trade-09-staff-no-apply');
  });
});
