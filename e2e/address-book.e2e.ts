import { adminWalletApi, testClockApi, userApi } from '@chatpay/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, PASSWORD, registerMember } from './people.ts';

/**
 * The withdrawal address book on the development chain: a member saves an address, turns the allowlist on,
 * renames it; the withdraw form offers it but the server refuses it until 24 hours have passed (the test
 * clock moves them); then the withdrawal goes, and the address is deleted.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ TEST_CLOCK: 'true', CHAIN_POLL_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);
/** An outside address (the BIP-39 test mnemonic's first, never this server's seed). */
const OUTSIDE = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const PIN = '135790';

describe('the withdrawal address book', () => {
  it('save, allowlist, rename, pick in the withdraw form, usable after the delay, delete', {
    timeout: 180_000,
  }, async () => {
    const member = await registerMember(server.api, 'Ada');
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, member.token);
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: member.id, amount: '200', reason: 'e2e credit', requestId: `e2e-${Date.now()}` },
      admin.token,
    );
    const phone = await newPhone(browser);
    const page = await logInAs(server.url, phone, member);

    await open(page, '/pages/usdt/address-book');
    await byId(page, 'book-empty').waitFor();
    await byId(page, 'book-address').fill(OUTSIDE);
    await byId(page, 'book-label').fill('My exchange');
    await byId(page, 'book-save').click();
    const card = page.locator('[data-testid^="saved-"][data-usable]').first();
    await card.waitFor();
    const id = (await card.getAttribute('data-testid'))!;
    expect(await card.getAttribute('data-usable')).toBe('false');
    await expect.poll(() => byId(page, `${id}-state`).textContent()).toMatch(/^Usable from /);
    await byId(page, 'allowlist-switch').click();
    await expect
      .poll(() => byId(page, 'allowlist-hint').textContent())
      .toBe('On: withdrawals go only to saved addresses that are ready.');
    await byId(page, `${id}-rename`).click();
    await byId(page, `${id}-label-input`).fill('Cold wallet');
    await byId(page, `${id}-save`).click();
    await expect.poll(() => byId(page, `${id}-label`).textContent()).toBe('Cold wallet');
    await shot(page, 'address-book-01-saved-390');

    // The withdraw form offers it; the server refuses it until its delay has passed, and says until when.
    await open(page, '/pages/usdt/usdt-out');
    const pick = page.locator('[data-testid^="withdraw-saved-"]').first();
    await pick.waitFor();
    expect(await pick.textContent()).toBe('Cold wallet (not ready)');
    await pick.click();
    expect(await byId(page, 'withdraw-address').inputValue()).toBe(OUTSIDE);
    await byId(page, 'withdraw-amount').fill('60');
    await byId(page, 'withdraw-total').waitFor();
    await byId(page, 'withdraw-submit').click();
    await byId(page, 'pay-pin').waitFor();
    await byId(page, 'pay-pin').fill(PIN);
    await expect
      .poll(() =>
        page
          .locator('.adm-toast-main')
          .textContent()
          .catch(() => ''),
      )
      .toMatch(/This address was saved recently: it can be used from /);
    await shot(page, 'address-book-02-not-yet-usable-390');

    await server.api.ok(testClockApi.advance, { seconds: 25 * 3600 }, admin.token);
    await open(page, '/pages/usdt/address-book');
    await page.reload();
    await expect.poll(() => byId(page, `${id}-state`).textContent()).toBe('Ready to use');
    await shot(page, 'address-book-03-ready-390');

    await open(page, '/pages/usdt/usdt-out');
    await page.locator('[data-testid^="withdraw-saved-"]').first().click();
    await byId(page, 'withdraw-amount').fill('60');
    await byId(page, 'withdraw-total').waitFor();
    await byId(page, 'withdraw-submit').click();
    await byId(page, 'pay-pin').waitFor();
    await byId(page, 'pay-pin').fill(PIN);
    await byId(page, 'withdraw-result').waitFor();

    await open(page, '/pages/usdt/address-book');
    await byId(page, `${id}-remove`).click();
    await byId(page, 'saved-remove-confirm').click();
    await byId(page, 'book-empty').waitFor();
    await phone.close();
  });
});
