import { adminChainApi, adminWalletApi, userApi } from '@chatpay/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, PASSWORD, registerMember } from './people.ts';

/**
 * Deposits and withdrawals on the embedded development chain (anvil, test USDT, 3 confirmations, 2-second
 * blocks): a member opens usdt-in, the faucet deposits 25 USDT and the page shows it confirming then
 * credited; after an admin credit the member withdraws 60 with the PIN and sees it complete.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ CHAIN_POLL_SECONDS: '1', SWEEP_INTERVAL_SECONDS: '1' });
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

const statusOf = (page: Page, testId: string) =>
  page
    .locator(`[data-testid="${testId}"] [data-testid^="chain-"][data-status]`)
    .first()
    .getAttribute('data-status');

describe('chain: deposit and withdrawal on the development chain', () => {
  it('deposit confirming then credited; withdrawal with the PIN completes', {
    timeout: 240_000,
  }, async () => {
    const member = await registerMember(server.api, 'Dora');
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, member.token);
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    const phone = await newPhone(browser);
    const page = await logInAs(server.url, phone, member);

    await open(page, '/pages/usdt/wallet');
    await byId(page, 'wallet-deposit').click();
    await byId(page, 'deposit-address').waitFor();
    const address = (await byId(page, 'deposit-address').textContent()) ?? '';
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect.poll(() => byId(page, 'deposit-notes').textContent()).toContain('10.00');
    await shot(page, 'chain-01-usdt-in-en');
    // The wallet's main screen open in a second tab, as a member waiting for the money would keep it: it
    // follows the credit live, without a reload (docs/design/chain.md).
    const walletTab = await phone.newPage();
    await open(walletTab, '/pages/usdt/wallet');
    await expect.poll(() => byId(walletTab, 'wallet-available').textContent()).toBe('0.00');
    await walletTab.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });

    const sent = await server.api.ok(
      adminChainApi.faucet,
      { userId: member.id, network: 'ERC20', amount: '25' },
      admin.token,
    );
    expect(sent.address).toBe(address);
    await expect.poll(() => statusOf(page, 'deposit-records'), { timeout: 30_000 }).toBe('confirming');
    await shot(page, 'chain-02-deposit-confirming-en');
    await expect.poll(() => statusOf(page, 'deposit-records'), { timeout: 60_000 }).toBe('credited');
    await shot(page, 'chain-03-deposit-credited-en');
    await expect
      .poll(() => byId(walletTab, 'wallet-available').textContent(), { timeout: 10_000 })
      .toBe('25.00');
    expect(await walletTab.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await shot(walletTab, 'chain-03b-wallet-credited-en');
    await walletTab.close();

    await server.api.ok(
      adminWalletApi.adjust,
      { userId: member.id, amount: '100', reason: 'e2e credit', requestId: `e2e-${Date.now()}` },
      admin.token,
    );
    await open(page, '/pages/usdt/wallet');
    await expect.poll(() => byId(page, 'wallet-available').textContent()).toBe('125.00');
    await byId(page, 'wallet-withdraw').click();
    // The form says why it cannot send yet: no address, a wrong one, then an amount below the minimum.
    await expect
      .poll(() => byId(page, 'withdraw-reason').textContent())
      .toBe('Enter or scan the address to withdraw to');
    expect(await byId(page, 'withdraw-address').getAttribute('placeholder')).toBe(
      'ERC20 address, starting with 0x',
    );
    await byId(page, 'withdraw-address').fill('0x1234');
    await expect
      .poll(() => byId(page, 'withdraw-reason').textContent())
      .toBe('This is not a valid ERC20 address');
    expect(await byId(page, 'withdraw-submit').isDisabled()).toBe(true);
    await byId(page, 'withdraw-address').fill(OUTSIDE);
    await byId(page, 'withdraw-amount').fill('30');
    await expect.poll(() => byId(page, 'withdraw-reason').textContent()).toBe('Minimum 50.00 USDT');
    await shot(page, 'chain-04a-usdt-out-why-disabled');
    await byId(page, 'withdraw-amount').fill('60');
    await expect.poll(() => byId(page, 'withdraw-reason').count()).toBe(0);
    await expect.poll(() => byId(page, 'withdraw-total').textContent()).toBe('65.06');
    await shot(page, 'chain-04-usdt-out-en');
    await byId(page, 'withdraw-submit').click();
    await byId(page, 'pay-pin').waitFor();
    await byId(page, 'pay-pin').fill(PIN);
    await byId(page, 'withdraw-result').waitFor();
    await expect
      .poll(() => byId(page, 'withdraw-result').getAttribute('data-status'), { timeout: 60_000 })
      .toBe('completed');
    await shot(page, 'chain-05-withdrawal-completed-en');

    // The same in Chinese: the wallet's on-chain tab, the deposit page.
    await page.evaluate(() => localStorage.setItem('locale', 'zh'));
    await open(page, '/pages/usdt/wallet');
    await page.reload();
    await byId(page, 'history-tab-chain').click();
    await byId(page, 'history-chain').waitFor();
    await expect.poll(() => byId(page, 'history-chain').textContent()).toContain('已完成');
    await shot(page, 'chain-06-wallet-history-zh');
    await open(page, '/pages/usdt/usdt-in');
    await byId(page, 'deposit-address').waitFor();
    await shot(page, 'chain-07-usdt-in-zh');
    await open(page, '/pages/usdt/usdt-out');
    await byId(page, 'withdraw-address').fill(OUTSIDE);
    await byId(page, 'withdraw-amount').fill('50');
    await byId(page, 'withdraw-total').waitFor();
    await shot(page, 'chain-08-usdt-out-zh');
    await phone.close();
  });
});
