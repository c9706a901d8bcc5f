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
import { byId, logInAs, type Member, PASSWORD, registerMember } from './people.ts';

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
    // The release sheet sends itself on the sixth digit (issue 17).
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
});
