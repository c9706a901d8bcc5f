import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  adminC2cApi,
  adminWalletApi,
  appGoodsApi,
  type MerchantPayOrder,
  merchantApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, PASSWORD, phoneClient, registerMember, verifyMember } from './people.ts';

/** What a member sees of money arriving and of prices. */
let server: RunningServer;
let browser: Browser;
/** The merchant's webhook endpoint: what it received, as a merchant's server would see it. */
const hooks: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let receiver: http.Server;
let receiverUrl = '';
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // The receiver is on this machine (a private address), and webhooks go out within a second.
  server = await startServer({ C2C_WEBHOOK_ALLOW_PRIVATE: 'true', SWEEP_INTERVAL_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => receiver?.close(r));
});

describe('money display', () => {
  it('a transfer by member id updates the open wallet live and names the sender; prices show USDT', async () => {
    const [ann, bob] = await Promise.all([
      registerMember(server.api, 'Ann'),
      registerMember(server.api, 'Bob'),
    ]);
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: ann.id, amount: '50', reason: 'e2e opening balance', requestId: `e2e-money-${ann.id}` },
      admin.token,
    );
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: '246810' }, ann.token);

    const phone = await newPhone(browser);
    const b = await logInAs(server.url, phone, bob);
    await b.goto(`${server.url}/#/pages/usdt/wallet`);
    await expect.poll(() => byId(b, 'wallet-available').textContent()).toBe('0.00');

    // Ann pays Bob by member id (through the API: the transfer page has its own test); Bob's open wallet moves.
    await server.api.ok(
      walletApi.transfer,
      { memberId: bob.memberId, amount: '7.5', pin: '246810', requestId: `e2e-money-t-${bob.id}` },
      ann.token,
    );
    await expect.poll(() => byId(b, 'wallet-available').textContent(), { timeout: 10_000 }).toBe('7.50');
    await expect
      .poll(
        () =>
          b
            .locator('.adm-toast-main')
            .textContent()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe('You received 7.50 USDT from Ann');
    await shot(b, 'money-01-transfer-in-live');

    // The cashier's goods list writes each price with its currency.
    await byId(b, 'wallet-store').click();
    await byId(b, 'paydesk-goods').waitFor();
    const goods = await phoneClient(server.url, b).ok(appGoodsApi.list, {});
    for (const g of goods) {
      await expect.poll(() => byId(b, `goods-price-${g.id}`).textContent()).toMatch(/^\d+\.\d{2,6} USDT$/);
    }
    await shot(b, 'money-02-cashier-prices');
    await phone.close();
  });

  it('a merchant checkout: paid in the browser with the PIN, half refunded, both in the wallet', {
    timeout: 120_000,
  }, async () => {
    const [shop, cara] = await Promise.all([
      registerMember(server.api, 'Shopkeeper'),
      registerMember(server.api, 'Cara'),
    ]);
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    for (const who of [shop, cara]) {
      await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: '135791' }, who.token);
    }
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: cara.id, amount: '30', reason: 'e2e opening balance', requestId: `e2e-checkout-${cara.id}` },
      admin.token,
    );
    await verifyMember(server.api, admin.token, shop, 2);
    await server.api.ok(merchantApi.apply, { name: 'Sunny Books' }, shop.token);
    await server.api.ok(adminC2cApi.merchantReview, { userId: shop.id, approve: true }, admin.token);
    const creds = await server.api.ok(merchantApi.apiKey, { pin: '135791' }, shop.token);

    /** A signed merchant API POST, as a merchant's server would send it. */
    const signedPost = async <T>(path: string, body: unknown) => {
      const text = JSON.stringify(body);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomUUID();
      const signature = createHmac('sha256', creds.merchantKey)
        .update(`POST\n${path}\n${timestamp}\n${nonce}\n${text}`)
        .digest('hex');
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-merchant-id': creds.merchantId,
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': signature,
        },
        body: text,
      });
      const envelope = (await res.json()) as { code: number; data: T };
      expect(envelope.code).toBe(1000);
      return envelope.data;
    };

    const created = await signedPost<{ cashierUrl: string; order: MerchantPayOrder }>(
      '/api/open/pay/order/create',
      {
        amount: '12.4',
        description: 'Novel: The Long Tide',
        merchantOrderRef: `book-${cara.id}`,
        returnUrl: 'https://books.example.test/thanks',
        notifyUrl: receiverUrl,
      },
    );
    const { orderNo } = created.order;
    expect(created.cashierUrl).toContain(`#/uni_modules/uni-pay/pages/pay-desk/pay-desk?orderNo=${orderNo}`);

    const phone = await newPhone(browser);
    const c = await logInAs(server.url, phone, cara);
    await c.goto(`${server.url}/${created.cashierUrl.slice(created.cashierUrl.indexOf('#'))}`);
    await expect.poll(() => byId(c, 'paydesk-merchant').textContent()).toBe('Sunny Books asks you to pay');
    expect(await byId(c, 'paydesk-description').textContent()).toBe('Novel: The Long Tide');
    await expect.poll(() => byId(c, 'paydesk-price').textContent()).toBe('USDT12.40');
    await shot(c, 'money-03-merchant-cashier');
    await byId(c, 'paydesk-pay').click();
    await byId(c, 'pay-pin').waitFor();
    await byId(c, 'pay-pin').fill('135791');
    await byId(c, 'pay-success').waitFor();
    expect(await byId(c, 'pay-success').getAttribute('data-status')).toBe('paid');
    expect(await byId(c, 'pay-success-merchant').textContent()).toBe('Sunny Books');
    expect(await byId(c, 'pay-success-return').count()).toBe(1);
    await shot(c, 'money-04-merchant-paid');

    // The merchant refunds half; Cara's wallet shows the payment and the refund.
    const refunded = await signedPost<MerchantPayOrder>('/api/open/pay/order/refund', {
      orderNo,
      refundRef: `refund-${orderNo}`,
      amount: '6.2',
      reason: 'damaged cover',
    });
    expect(refunded).toMatchObject({ status: 'partially_refunded', refunded: '6.20' });
    // The merchant's server was told of the payment and of the refund, signed with its key.
    await expect
      .poll(() => hooks.map((h) => (JSON.parse(h.body) as { event: string }).event).sort(), {
        timeout: 20_000,
      })
      .toEqual(['payment.paid', 'payment.refunded']);
    for (const h of hooks) {
      const expected = createHmac('sha256', creds.merchantKey)
        .update(`${h.headers['x-timestamp']}\n${h.body}`)
        .digest('hex');
      expect(h.headers['x-signature']).toBe(expected);
      expect((JSON.parse(h.body) as { orderNo: string }).orderNo).toBe(orderNo);
    }
    await byId(c, 'pay-success-wallet').click();
    await expect.poll(() => byId(c, 'wallet-available').textContent()).toBe('23.80');
    await expect.poll(() => byId(c, 'history-all').locator('[data-kind="paydesk"]').count()).toBe(1);
    await expect.poll(() => byId(c, 'history-all').locator('[data-kind="paydesk-refund"]').count()).toBe(1);
    await shot(c, 'money-05-wallet-paid-and-refunded');
    // Me → My purchases lists the shop's order, partly refunded.
    await c.goto(`${server.url}/#/uni_modules/uni-pay/pages/orders/orders`);
    await expect.poll(() => byId(c, `purchase-status-${orderNo}`).textContent()).toContain('Partly refunded');
    expect(await byId(c, `purchase-${orderNo}`).textContent()).toContain('12.40 USDT');
    await shot(c, 'money-06-my-purchases');
    await phone.close();
  });
});
