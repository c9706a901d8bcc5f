import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import {
  adminC2cApi,
  adminWalletApi,
  advertisingApi,
  bankApi,
  merchantApi,
  testClockApi,
  transactionApi,
  userApi,
  walletApi,
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
  // TEST_CLOCK: the test moves the server's deadline clock past the release countdown instead of waiting.
  server = await startServer({
    SUPPORT_PASSWORD,
    ADMIN_PASSWORD,
    C2C_FEE_PERCENT: '0.1',
    TEST_CLOCK: 'true',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);
/** Logs in through the UI; the API token becomes the page's (a login ends the member's other sessions). */
const logIn = async (context: BrowserContext, who: Member) => {
  const page = await logInAs(server.url, context, who);
  who.token = (await page.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '';
  return page;
};
const logInSupport = async (context: BrowserContext) => {
  const page = await context.newPage();
  await page.goto(`${server.url}/#/pages/login/index`);
  await byId(page, 'login-username').fill('support');
  await byId(page, 'login-password').fill(SUPPORT_PASSWORD);
  await byId(page, 'login-submit').click();
  // Staff land in the operator console.
  await byId(page, 'console-shell').waitFor();
  return page;
};
const loginToken = async (username: string, password: string) =>
  (await server.api.ok(userApi.loginByName, { username, password })).token;

const balanceOf = (who: Member) => server.api.ok(walletApi.balance, {}, who.token);

/** A valid 2x2 red PNG made here, so the test needs no fixture file. */
const png = () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const text = (page: Page, id: string) => byId(page, id).innerText();

describe('C2C market: a sell ad, an order released with the PIN, an appeal resolved by support', () => {
  it('merchant publishes, buyer orders and pays, merchant releases; a second order is appealed and canceled by support', async () => {
    const [merchant, buyer] = await Promise.all([
      registerMember(server.api, 'Mira'),
      registerMember(server.api, 'Bao'),
    ]);
    const admin = await loginToken('admin', ADMIN_PASSWORD);
    const support = await loginToken('support', SUPPORT_PASSWORD);
    // API set-up: PIN, 1000 USDT credit, merchant application approved by support.
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, merchant.token);
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: merchant.id, amount: '1000', reason: 'e2e credit', requestId: `e2e-credit-${Date.now()}` },
      admin,
    );
    await verifyMember(server.api, admin, merchant, 2, 'Mira Chen');
    await verifyMember(server.api, admin, buyer, 1, 'Bao Tran');
    await server.api.ok(merchantApi.apply, { name: 'Mira Exchange' }, merchant.token);
    await server.api.ok(adminC2cApi.merchantReview, { userId: merchant.id, approve: true }, support);

    const m = await logIn(await newPhone(browser), merchant);
    const b = await logIn(await newPhone(browser), buyer);

    // The merchant adds a bank card (UI): its derived name is name(bankName)
    // (docs/product.md#payment-methods).
    await byId(m, 'tab-discovery').click();
    await byId(m, 'discovery-c2c').click();
    await byId(m, 'c2c-tab-my').click();
    await byId(m, 'merchant-name').waitFor();
    await byId(m, 'my-banks').click();
    await byId(m, 'banks-empty').waitFor();
    await byId(m, 'bank-add').click();
    await byId(m, 'bank-name').fill('Mira Chen');
    await byId(m, 'bank-bankName').fill('ICBC');
    await byId(m, 'bank-cardNumber').fill('6222 0200 1234 5678');
    await byId(m, 'bank-branch').fill('Shanghai Pudong');
    await shot(m, 'market-01-m-bank-add');
    await byId(m, 'bank-submit').click();
    await expect
      .poll(() => m.locator('[data-testid$="-name"]').first().textContent())
      .toBe('Mira Chen(ICBC)');
    await shot(m, 'market-02-m-bank-list');

    // The merchant publishes a sell ad of 100 USDT at 7.20 (UI).
    await open(m, '/pages/c2c/ad');
    await byId(m, 'ads-publish').click();
    const [card] = (await server.api.ok(bankApi.page, {}, merchant.token)).list;
    await byId(m, 'publish-type-sell').click();
    await byId(m, `publish-method-${card?.id}`).click();
    await byId(m, 'publish-price').fill('7.20');
    await byId(m, 'publish-quantity').fill('100');
    await byId(m, 'publish-minLimit').fill('10');
    await byId(m, 'publish-maxLimit').fill('720');
    await byId(m, 'publish-terms').fill('Bank transfer only, no third-party payments.');
    await shot(m, 'market-03-m-publish');
    await byId(m, 'publish-submit').click();
    const [ad] = (await server.api.ok(advertisingApi.myPage, {}, merchant.token)).list;
    const adId = ad?.id ?? 0;
    await expect.poll(() => text(m, `my-ad-${adId}-remaining`)).toContain('100');
    expect(await balanceOf(merchant)).toMatchObject({ available: '900.00', frozen: '100.00' });
    await shot(m, 'market-04-m-ads');

    // The buyer finds the ad on the market and orders 72.00 CNY = 10 USDT (UI).
    await byId(b, 'tab-discovery').click();
    await byId(b, 'discovery-c2c').click();
    await byId(b, `ad-${adId}`).waitFor();
    expect(await text(b, `ad-${adId}-merchant`)).toBe('Mira Exchange');
    await shot(b, 'market-05-b-market');
    await byId(b, `ad-${adId}-trade`).click();
    await byId(b, 'trans-amount').fill('72');
    await expect.poll(() => text(b, 'trans-coin')).toContain('10.00');
    expect(await text(b, 'trans-fee')).toContain('0.01');
    expect(await text(b, 'trans-receive')).toContain('9.99');
    await shot(b, 'market-06-b-trans');
    await byId(b, 'trans-submit').click();
    await byId(b, 'trans-confirm-confirm').click();
    await byId(b, 'order-detail').waitFor();
    const orderId = Number(new URL(b.url().replace('/#', '')).searchParams.get('id'));
    expect(orderId).toBeGreaterThan(0);
    // The payment countdown ticks.
    const first = await text(b, 'order-pay-countdown');
    expect(first).toMatch(/^1[45]:\d\d$/);
    await expect.poll(() => text(b, 'order-pay-countdown')).not.toBe(first);
    expect(await text(b, 'payee-cardNumber')).toBe('6222 0200 1234 5678');
    await shot(b, 'market-07-b-pending');

    // The new order does not take the merchant away from the page he is on: a banner offers it.
    const merchantWasOn = m.url();
    await byId(m, 'order-banner').waitFor();
    expect(await byId(m, 'order-banner').getAttribute('data-order')).toBe(String(orderId));
    expect(m.url()).toBe(merchantWasOn);
    await byId(m, 'order-banner-open').click();
    await expect.poll(() => m.url()).toContain(`/pages/c2c/detail?id=${orderId}`);
    await byId(m, 'order-detail').waitFor();

    // The buyer marks paid after the warning (UI).
    await byId(b, 'order-action-paid').click();
    await b.getByText('risks a ban').waitFor();
    await byId(b, 'order-paid-confirm').click();
    await expect.poll(() => byId(b, 'order-detail').getAttribute('data-status')).toBe('payment');
    await byId(b, 'order-release-countdown').waitFor();

    // The merchant releases with the PIN after the warning (UI).
    await expect.poll(() => byId(m, 'order-detail').getAttribute('data-status')).toBe('payment');
    await shot(m, 'market-08-m-paid');
    await byId(m, 'order-action-release').click();
    await m.getByText('Do not release before the payment').first().waitFor();
    await byId(m, 'order-release-confirm').click();
    // The release sheet behaves as every PIN sheet: focused, sent on the sixth digit, and a wrong
    // PIN answered in place with the tries left.
    await expect
      .poll(() => byId(m, 'release-pin').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await m.keyboard.type('000000');
    await expect.poll(() => byId(m, 'release-error').textContent()).toBe('Wrong payment PIN. Tries left: 4');
    await shot(m, 'market-09-m-release-pin');
    await m.keyboard.type(PIN);
    await expect.poll(() => byId(m, 'order-detail').getAttribute('data-status')).toBe('completed');
    await expect.poll(() => byId(b, 'order-detail').getAttribute('data-status')).toBe('completed');
    await shot(b, 'market-10-b-completed');

    // Balances, the ad's remaining quantity and the 30-day stats (API and UI).
    expect(await balanceOf(buyer)).toMatchObject({ available: '9.99', frozen: '0.00' });
    expect(await balanceOf(merchant)).toMatchObject({ available: '900.00', frozen: '90.00' });
    const adNow = await server.api.ok(advertisingApi.info, { id: adId }, merchant.token);
    expect(adNow.remaining).toBe('90.00');
    const detail = await server.api.ok(merchantApi.detail, {}, merchant.token);
    expect(detail.stats).toMatchObject({ completedOrders: 1, completionRate: '100.0' });

    await open(b, '/pages/c2c/my');
    await expect.poll(() => text(b, 'balance-available')).toBe('9.99');
    await open(b, '/pages/c2c/index');
    await expect.poll(() => text(b, `ad-${adId}-remaining`)).toBe('90.00');
    expect(await text(b, `ad-${adId}-stats`)).toContain('100.0%');
    await open(m, '/pages/c2c/my');
    await expect.poll(() => text(m, 'stat-completed')).toBe('1');
    expect(await text(m, 'stat-rate')).toBe('100.0%');
    // The page shows the balance it cached when the merchant was last here, then the fresh one.
    await expect.poll(() => text(m, 'balance-frozen')).toBe('90.00');
    await shot(m, 'market-11-m-my');
    // A guest account for a customer (mcc/createGuest): its password is shown once, and it can log in.
    await byId(m, 'my-guest').click();
    await byId(m, 'guest-nickname-input').fill('Walk-in customer');
    await byId(m, 'guest-create').click();
    await byId(m, 'guest-made').waitFor();
    const guestName = await text(m, 'guest-username');
    const guestPassword = await text(m, 'guest-password');
    expect(guestName).toMatch(/^g_[a-z0-9]{10}$/);
    expect(await text(m, 'guest-nickname')).toBe('Walk-in customer');
    await shot(m, 'market-11b-m-guest');
    const guest = await server.api.ok(userApi.loginByName, { username: guestName, password: guestPassword });
    expect((await server.api.ok(userApi.person, {}, guest.token)).nickName).toBe('Walk-in customer');
    await byId(m, 'guest-close').click();
    await open(m, '/pages/c2c/ad');
    await expect.poll(() => text(m, `my-ad-${adId}-remaining`)).toContain('90.00 / ');

    // A second order by quantity: paid, then appealed by the buyer with a picture (UI).
    await open(b, '/pages/c2c/index');
    await byId(b, `ad-${adId}-trade`).click();
    await byId(b, 'trans-mode-coin').click();
    await byId(b, 'trans-amount').fill('20');
    await expect.poll(() => text(b, 'trans-fiat')).toContain('144.00');
    await byId(b, 'trans-submit').click();
    await byId(b, 'trans-confirm-confirm').click();
    await byId(b, 'order-detail').waitFor();
    const order2 = Number(new URL(b.url().replace('/#', '')).searchParams.get('id'));
    expect(order2).toBeGreaterThan(orderId);
    await byId(b, 'order-action-paid').click();
    await byId(b, 'order-paid-confirm').click();
    await expect.poll(() => byId(b, 'order-detail').getAttribute('data-status')).toBe('payment');
    // The buyer may appeal once the release countdown (15 minutes) is over: the server's clock moves on,
    // and the buyer opens the order again.
    expect(await byId(b, 'order-action-appeal').count()).toBe(0);
    // When the release time is up the reminder job tells both parties in the open app, without moving them
    // (docs/product.md#navigation): the merchant reading Chinese on his ads page, the buyer in a chat.
    await m.evaluate(() => localStorage.setItem('locale', 'zh'));
    await m.reload();
    await byId(m, 'ads-publish').waitFor();
    await open(b, '/pages/index/chat');
    await byId(b, 'tab-chat').waitFor();
    await server.api.ok(testClockApi.advance, { seconds: 15 * 60 + 1 }, admin);
    // The job runs every 15 s (SWEEP_INTERVAL_SECONDS).
    const reminded = { timeout: 40_000 };
    await expect.poll(() => byId(m, 'order-banner').getAttribute('data-kind'), reminded).toBe('release-due');
    await expect.poll(() => byId(b, 'order-banner').getAttribute('data-kind'), reminded).toBe('release-due');
    expect(await byId(m, 'order-banner').textContent()).toContain('放币时间已到：请核对收款后放币');
    expect(await byId(b, 'order-banner').textContent()).toContain(
      'The seller has not released yet: you can now appeal',
    );
    expect(m.url()).toContain('/pages/c2c/ad');
    expect(b.url()).toContain('/pages/index/chat');
    await shot(m, 'market-12a-m-release-due-zh');
    await shot(b, 'market-12a-b-release-due-en');
    const axe = await new AxeBuilder({ page: b }).include('[data-testid="order-banner"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
    await m.evaluate(() => localStorage.setItem('locale', 'en'));
    await m.reload();
    // A tap on the banner opens the order, where the buyer may now appeal.
    await byId(b, 'order-banner-open').click();
    await expect.poll(() => b.url()).toContain(`/pages/c2c/detail?id=${order2}`);
    await byId(b, 'order-action-appeal').waitFor();
    await byId(b, 'order-action-appeal').click();
    await byId(b, 'appeal-reason').fill('I paid 144.00 but the seller does not release.');
    await byId(b, 'appeal-submit').click();
    await b.getByText('Please upload proof of payment').waitFor();
    await byId(b, 'appeal-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png() });
    await byId(b, 'appeal-proofs').locator('img').waitFor();
    await shot(b, 'market-12-b-appeal');
    await byId(b, 'appeal-submit').click();
    await expect.poll(() => byId(b, 'order-detail').getAttribute('data-status')).toBe('appealing');
    await byId(b, 'order-proofs').locator('img').waitFor();
    // More proof while support reviews (transaction/uploadFiles), each file with its upload row.
    await byId(b, 'order-proof-file').setInputFiles({
      name: 'receipt-2.png',
      mimeType: 'image/png',
      buffer: png(),
    });
    await expect.poll(() => byId(b, 'order-proofs').locator('img').count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => byId(b, 'upload-task').count()).toBe(0);
    await shot(b, 'market-12b-b-more-proof');
    // Appeal proof is private media: the order's other party loads it, a browser without a session does not.
    const proofSrc = String(await byId(b, 'order-proofs').locator('img').last().getAttribute('src'));
    const proofUrl = proofSrc.split('?')[0] ?? proofSrc;
    expect(await m.evaluate(async (u) => (await fetch(u)).status, proofUrl)).toBe(200);
    const stranger = await (await newPhone(browser)).newPage();
    await stranger.goto(`${server.url}/#/pages/login/index`);
    expect(await stranger.evaluate(async (u) => (await fetch(u)).status, proofUrl)).toBe(404);
    await stranger.context().close();

    // Support resolves on the support page: canceled, coins back to the seller, with a note (UI).
    const s = await logInSupport(await newPhone(browser));
    await open(s, '/pages/c2c/my');
    await byId(s, 'my-support').click();
    await byId(s, `appeals-row-${order2}`).click();
    await byId(s, 'appeal-detail').waitFor();
    // Support sees both pieces of proof (the appeal's and the one added later).
    await expect.poll(() => byId(s, 'order-proofs').locator('img').count()).toBe(2);
    await shot(s, 'market-13-s-appeal');
    await byId(s, 'resolve-note').fill('No payment reached the seller; order canceled.');
    await byId(s, 'resolve-cancel').click();
    await byId(s, 'resolve-canceled-confirm').click();
    await expect.poll(() => byId(s, 'appeal-detail').getAttribute('data-status')).toBe('canceled');
    await shot(s, 'market-14-s-resolved');

    await expect.poll(() => byId(b, 'order-detail').getAttribute('data-status')).toBe('canceled');
    expect(await text(b, 'order-resolution')).toContain('No payment reached the seller');
    await shot(b, 'market-15-b-canceled');
    // Coins back to the ad: the seller's frozen and the ad's remaining are as before the second order.
    expect(await balanceOf(merchant)).toMatchObject({ available: '900.00', frozen: '90.00' });
    expect(await balanceOf(buyer)).toMatchObject({ available: '9.99' });
    const adAfter = await server.api.ok(advertisingApi.info, { id: adId }, merchant.token);
    expect(adAfter.remaining).toBe('90.00');

    // The wallet history names what each did: the sale and the purchase with their order numbers,
    // the ad's freeze and the canceled order's escrow as grey lines that the totals leave out; a row opens
    // its record.
    const [no1, no2] = await Promise.all(
      [orderId, order2].map(
        async (id) => (await server.api.ok(transactionApi.detail, { id }, buyer.token)).orderNo,
      ),
    );
    await open(m, '/pages/usdt/wallet');
    const mRows = byId(m, 'history-all');
    const sold = mRows.locator('[data-action="c2c-sell"]');
    await sold.waitFor();
    expect(await sold.innerText()).toContain('Sold USDT');
    expect(await sold.innerText()).toContain(`Order #${no1}`);
    expect(await sold.locator('[data-testid="history-amount"]').innerText()).toBe('-10.00 USDT');
    const held = mRows.locator('[data-action="c2c-escrow"]');
    expect(await held.innerText()).toContain(`Order #${no2}`);
    expect(await held.locator('[data-testid="history-amount"]').innerText()).toBe('Frozen 20.00 USDT');
    const back = mRows.locator('[data-action="c2c-return"]');
    expect(await back.locator('[data-testid="history-amount"]').innerText()).toBe('Unfrozen 20.00 USDT');
    expect(await mRows.locator('[data-action="c2c-ad-freeze"]').first().innerText()).toContain('Frozen');
    expect(await mRows.locator('[data-action="other"]').count()).toBe(0);
    await expect.poll(() => text(m, 'wallet-expense')).toBe('10.00');
    expect(await text(m, 'wallet-income')).toBe('1000.00');
    await shot(m, 'market-15b-m-wallet-history');
    await sold.click();
    await byId(m, 'wallet-record').waitFor();
    expect(await text(m, 'record-type')).toBe('Sold USDT');
    expect(await text(m, 'record-amount')).toBe('-10.00 USDT');
    expect(await text(m, 'record-ref')).toBe(`Order #${no1}`);
    expect(await text(m, 'record-status')).toBe('Completed');
    expect(await text(m, 'record-counterparty')).toContain('Bao');
    await shot(m, 'market-15c-m-wallet-record');
    await open(b, '/pages/usdt/wallet');
    const bought = byId(b, 'history-all').locator('[data-action="c2c-buy"]');
    await bought.waitFor();
    expect(await bought.innerText()).toContain(`Order #${no1}`);
    expect(await bought.locator('[data-testid="history-amount"]').innerText()).toBe('+9.99 USDT');
    await expect.poll(() => text(b, 'wallet-income')).toBe('9.99');
    await bought.click();
    await byId(b, 'wallet-record').waitFor();
    expect(await text(b, 'record-fee')).toBe('0.01 USDT');
    expect(await text(b, 'record-balance')).toBe('9.99 USDT');

    // The same screens in Chinese.
    for (const page of [b, m]) {
      await page.evaluate(() => localStorage.setItem('locale', 'zh'));
    }
    await open(b, `/pages/c2c/detail?id=${orderId}`);
    await b.reload();
    await byId(b, 'order-detail').waitFor();
    await shot(b, 'market-16-b-detail-zh');
    await open(b, '/pages/c2c/index');
    await byId(b, `ad-${adId}`).waitFor();
    await shot(b, 'market-17-b-market-zh');
    await open(b, '/pages/c2c/order');
    await byId(b, `order-${order2}`).waitFor();
    await shot(b, 'market-18-b-orders-zh');
    await open(m, '/pages/c2c/my');
    await m.reload();
    await byId(m, 'merchant-name').waitFor();
    await shot(m, 'market-19-m-my-zh');
    await open(m, '/pages/c2c/api');
    await byId(m, 'api-rotate').click();
    await byId(m, 'api-rotate-confirm').click();
    // A key moves money: making one takes the PIN.
    await byId(m, 'api-pin').fill(PIN);
    await byId(m, 'api-key').waitFor();
    await shot(m, 'market-20-m-api-zh');
  }, 400_000);
});
