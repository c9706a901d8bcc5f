import { adminWalletApi, appGoodsApi, userApi, walletApi } from '@chatpay/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, PASSWORD, phoneClient, registerMember } from './people.ts';

/** Issue 17, "Money display": what a member sees of money arriving and of prices. */
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

describe('money display (issue 17)', () => {
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
});
