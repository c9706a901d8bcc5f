import {
  adminWalletApi,
  appGoodsApi,
  micro as asMicro,
  formatUsdt,
  groupApi,
  parseSignedUsdt,
  parseUsdt,
  userApi,
  walletApi,
} from '@chatpay/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { befriend, byId, logInAs, type Member, PASSWORD, phoneClient, registerMember } from './people.ts';

/** Red packets expire this fast here, and the sweeper looks every second, so the refund is seen in the test. */
const TTL_SECONDS = 40;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ RED_PACKET_TTL_SECONDS: String(TTL_SECONDS), SWEEP_INTERVAL_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);

const balanceOf = (who: Member) => server.api.ok(walletApi.balance, {}, who.token);

/**
 * Reads with the token a phone holds. Logging in through the UI ends the member's API session (one session
 * per member), so once the phones are logged in, the books are read through them.
 */
const phoneBalance = (page: Page) => phoneClient(server.url, page).ok(walletApi.balance, {});
const micro = parseSignedUsdt;

/** Types the PIN into the sheet; the payment goes with the sixth digit and the sheet closes. */
const payWithPin = async (page: Page, pin: string) => {
  await byId(page, 'pay-pin').waitFor();
  await byId(page, 'pay-pin').fill(pin);
  await byId(page, 'pay-sheet').waitFor({ state: 'detached' });
};

/** What the wallet page shows as the total, once it has loaded. */
const shownTotal = async (page: Page) => {
  await expect.poll(() => byId(page, 'wallet-total').textContent()).not.toBe('--');
  return (await byId(page, 'wallet-total').textContent()) ?? '';
};

const PINS = { a: '135790', b: '246802', c: '112233' };

describe('wallet: chat transfer, lucky red packet with refund, pay desk', () => {
  it('moves money between A, B and C exactly as the books say', { timeout: 300_000 }, async () => {
    const [alice, bob, carol] = await Promise.all([register('Alice'), register('Bob'), register('Carol')]);
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    for (const [who, amount] of [
      [alice, '100'],
      [bob, '5'],
    ] as const) {
      await server.api.ok(
        adminWalletApi.adjust,
        { userId: who.id, amount, reason: 'e2e opening balance', requestId: `e2e-credit-${who.id}` },
        admin.token,
      );
    }
    for (const [who, pin] of [
      [alice, PINS.a],
      [bob, PINS.b],
      [carol, PINS.c],
    ] as const) {
      await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin }, who.token);
    }
    const single = await befriend(server.api, alice, bob);
    await befriend(server.api, alice, carol);
    const group = await server.api.ok(
      groupApi.create,
      { userIds: [bob.id, carol.id], name: 'Lunch club' },
      alice.token,
    );
    const start = { a: micro((await balanceOf(alice)).total), b: micro((await balanceOf(bob)).total) };
    expect(formatUsdt(start.a)).toBe('100.00');

    const phone = async (who: Member) => logInAs(server.url, await newPhone(browser), who);
    const [a, b, c] = await Promise.all([phone(alice), phone(bob), phone(carol)]);
    // Carol reads the app in Chinese.
    await c.evaluate(() => localStorage.setItem('locale', 'zh'));
    await c.reload();
    await byId(c, 'tab-chat').waitFor();

    // A opens the wallet from the Discovery tab: 100.00, the credit in the history.
    await byId(a, 'tab-discovery').click();
    await byId(a, 'discovery-wallet').click();
    expect(await shownTotal(a)).toBe('100.00');
    await expect.poll(() => byId(a, 'history-all').locator('[data-kind="adjust"]').count()).toBe(1);
    // The tabs carry their counts (wallet/count): one entry, money in.
    await expect.poll(async () => (await byId(a, 'history-count-all').textContent())?.trim()).toBe('1');
    expect((await byId(a, 'history-count-income').textContent())?.trim()).toBe('1');
    expect((await byId(a, 'history-count-expense').textContent())?.trim()).toBe('0');
    await shot(a, 'wallet-01-a-wallet');

    // A sends B 12.5 USDT in their chat, with a remark and the PIN.
    await open(a, `/pages/chat/index?id=${single}`);
    await byId(a, 'chat-attach').click();
    await shot(a, 'wallet-02-a-attach-menu');
    await byId(a, 'attach-transfer').click();
    await byId(a, 'chat-transfer-amount').fill('0.5');
    await a.getByText('The minimum transfer is 1.00 USDT').waitFor();
    await byId(a, 'chat-transfer-amount').fill('12.5');
    await byId(a, 'chat-transfer-remark').fill('Lunch on Friday');
    await shot(a, 'wallet-03-a-transfer-form');
    await byId(a, 'chat-transfer-submit').click();
    await byId(a, 'pay-pin').waitFor();
    // The sheet slides up: wait until it has settled before the picture.
    await a.waitForTimeout(500);
    await shot(a, 'wallet-04-a-pin-sheet');
    // A wrong PIN is answered in the sheet; the right one pays (the same request id, one movement).
    await byId(a, 'pay-pin').fill('000000');
    await byId(a, 'pay-sheet-error').waitFor();
    await payWithPin(a, PINS.a);
    await byId(a, 'chat-page').waitFor();
    const tfA = a.locator('[data-testid^="tf-bubble-"]');
    await expect.poll(() => tfA.locator('[data-testid="tf-amount"]').textContent()).toBe('12.50 USDT');
    expect(await tfA.locator('[data-testid="tf-status"]').textContent()).toBe('Transfer to Bob');
    await shot(a, 'wallet-05-a-transfer-sent');

    // B sees the bubble as received, and the income in the wallet.
    await open(b, `/pages/chat/index?id=${single}`);
    const tfB = b.locator('[data-testid^="tf-bubble-"]');
    await expect.poll(() => tfB.locator('[data-testid="tf-status"]').textContent()).toBe('Received');
    await shot(b, 'wallet-06-b-transfer-received');
    await byId(b, 'nav-back').click();
    await expect.poll(() => byId(b, `session-preview-${single}`).textContent()).toBe('[Transfer]');
    await open(b, '/pages/usdt/wallet');
    expect(await shownTotal(b)).toBe('17.50');
    await expect.poll(() => byId(b, 'wallet-income').textContent()).toBe('17.50');
    await expect.poll(() => byId(b, 'history-all').locator('[data-kind="chat-transfer"]').count()).toBe(1);
    await shot(b, 'wallet-07-b-wallet-income');

    // A sends a 3-way lucky red packet of 3.00 in the group.
    await open(a, `/pages/chat/index?id=${group.sessionId}`);
    await byId(a, 'chat-page').waitFor();
    await byId(a, 'chat-attach').click();
    expect(await byId(a, 'attach-transfer').count()).toBe(0);
    await byId(a, 'attach-redPacket').click();
    await byId(a, 'rp-count').fill('3');
    await byId(a, 'rp-amount').fill('3');
    await byId(a, 'rp-greeting').fill('Happy Friday!');
    await a.waitForTimeout(300);
    await expect.poll(() => byId(a, 'rp-total').textContent()).toBe('USDT3.00');
    await shot(a, 'wallet-08-a-redpacket-form');
    await byId(a, 'rp-submit').click();
    await payWithPin(a, PINS.a);
    await byId(a, 'chat-page').waitFor();
    const bubbleA = a.locator('[data-testid^="rp-bubble-"]');
    await bubbleA.waitFor();
    const packetId = Number((await bubbleA.getAttribute('data-testid'))?.replace('rp-bubble-', ''));
    expect(packetId).toBeGreaterThan(0);
    await shot(a, 'wallet-09-a-redpacket-sent');

    // B and C open it in their phones at the same time.
    const claim = async (page: Page) => {
      await open(page, `/pages/chat/index?id=${group.sessionId}`);
      await byId(page, `rp-bubble-${packetId}`).click();
      await byId(page, 'rp-open-button').click();
      await byId(page, 'rp-open-amount').waitFor();
      // The amount counts up to its exact value.
      await expect
        .poll(async () => {
          const shown = await byId(page, 'rp-open-amount').textContent();
          const exact = await byId(page, 'rp-open-amount').getAttribute('data-amount');
          return shown === `${formatUsdt(parseUsdt(exact ?? '0'))}USDT`;
        })
        .toBe(true);
      return (await byId(page, 'rp-open-amount').getAttribute('data-amount')) ?? '0';
    };
    const [bShare, cShare] = await Promise.all([claim(b), claim(c)]);
    await shot(b, 'wallet-10-b-opened');
    await shot(c, 'wallet-11-c-opened-zh');
    expect(micro(bShare) > 0n && micro(cShare) > 0n).toBe(true);
    expect(micro(bShare) + micro(cShare) < parseUsdt('3')).toBe(true);

    // The claim list: both claims, my amount highlighted.
    await byId(b, 'rp-open-detail').click();
    await byId(b, `rp-claim-${carol.id}`).waitFor();
    expect(await byId(b, `rp-claim-${bob.id}`).getAttribute('data-amount')).toBe(bShare);
    expect(await byId(b, 'rp-detail-mine').textContent()).toBe(`${formatUsdt(micro(bShare))}USDT`);
    await shot(b, 'wallet-12-b-claim-list');
    await byId(c, 'rp-open-detail').click();
    await byId(c, `rp-claim-${bob.id}`).waitFor();
    await shot(c, 'wallet-13-c-claim-list-zh');

    // Back in the chat, the bubble says opened and is greyed for B.
    await open(b, `/pages/chat/index?id=${group.sessionId}`);
    await expect.poll(() => byId(b, `rp-bubble-${packetId}`).getAttribute('data-state')).toBe('opened');

    // B buys at the pay desk: the wallet's Store entry, goods, PIN, success page.
    await open(b, '/pages/usdt/wallet');
    await byId(b, 'wallet-store').click();
    await byId(b, 'paydesk-goods').waitFor();
    const goods = await phoneClient(server.url, b).ok(appGoodsApi.list, {});
    const item = goods.find((g) => g.price === '1.99') ?? goods[0]!;
    await byId(b, `goods-${item.id}`).click();
    await expect.poll(() => byId(b, 'paydesk-price').textContent()).toBe(`USDT${item.price}`);
    await shot(b, 'wallet-14-b-cashier');
    await byId(b, 'paydesk-pay').click();
    await payWithPin(b, PINS.b);
    await byId(b, 'pay-success').waitFor();
    expect(await byId(b, 'pay-success').getAttribute('data-status')).toBe('paid');
    expect(await byId(b, 'pay-success-goods').textContent()).toBe(item.name);
    await shot(b, 'wallet-15-b-pay-success');
    // The cashier opened for a paid order shows it paid and cannot take it again.
    const orderNo = new URL(b.url().replace('#', '')).searchParams.get('orderNo');
    await open(b, `/uni_modules/uni-pay/pages/pay-desk/pay-desk?orderNo=${orderNo}`);
    await expect.poll(() => byId(b, 'paydesk-order-state').getAttribute('data-status')).toBe('paid');
    expect(await byId(b, 'paydesk-pay').count()).toBe(0);
    await open(b, `/uni_modules/uni-pay/pages/success/success?orderNo=${orderNo}`);
    await byId(b, 'pay-success-wallet').click();
    const bExpected = start.b + parseUsdt('12.5') + micro(bShare) - parseUsdt(item.price);
    await expect.poll(() => byId(b, 'wallet-total').textContent()).toBe(formatUsdt(asMicro(bExpected)));
    await expect.poll(() => byId(b, 'history-all').locator('[data-kind="paydesk"]').count()).toBe(1);

    // A too-expensive item: the cashier says so and points to the wallet.
    const dear = goods.find((g) => parseUsdt(g.price) > bExpected);
    if (dear) {
      await open(b, `/uni_modules/uni-pay/pages/pay-desk/pay-desk?goodsId=${dear.id}`);
      await byId(b, 'paydesk-insufficient').waitFor();
      await shot(b, 'wallet-16-b-cashier-insufficient');
    }

    // After the packet's time the sweeper returns the unclaimed rest to A.
    const rest = parseUsdt('3') - micro(bShare) - micro(cShare);
    await open(a, '/pages/usdt/wallet');
    const aExpected = start.a - parseUsdt('12.5') - parseUsdt('3') + rest;
    await expect
      .poll(
        async () => {
          await byId(a, 'wallet-total').waitFor();
          const refunds = await byId(a, 'history-all').locator('[data-kind="redpacket-refund"]').count();
          if (refunds === 0) await a.reload();
          return refunds;
        },
        { timeout: (TTL_SECONDS + 30) * 1000, interval: 2000 },
      )
      .toBe(1);
    await expect.poll(() => byId(a, 'wallet-total').textContent()).toBe(formatUsdt(asMicro(aExpected)));
    await shot(a, 'wallet-17-a-wallet-refunded');
    await open(a, `/pages/chat/red-packet?id=${packetId}`);
    await byId(a, 'rp-detail-refund').waitFor();
    await shot(a, 'wallet-18-a-claim-list-expired');
    await open(a, `/pages/chat/index?id=${group.sessionId}`);
    await expect.poll(() => byId(a, `rp-bubble-${packetId}`).getAttribute('data-state')).toBe('expired');
    await shot(a, 'wallet-19-a-bubble-expired');

    // The pages show the books, and no money appeared or vanished.
    const end = await Promise.all([phoneBalance(a), phoneBalance(b), phoneBalance(c)]);
    await open(c, '/pages/usdt/wallet');
    expect(await shownTotal(c)).toBe(end[2].total);
    await shot(c, 'wallet-20-c-wallet-zh');
    // Carol's list shows the packet in her language; her composers too (not sent).
    await byId(c, 'nav-back').click();
    await open(c, '/pages/index/chat');
    await expect
      .poll(() => byId(c, `session-preview-${group.sessionId}`).textContent())
      .toBe('[红包] Happy Friday!');
    await open(c, `/pages/chat/red-packet-send?id=${group.sessionId}`);
    await byId(c, 'rp-count').fill('4');
    await byId(c, 'rp-amount').fill('0.5');
    await byId(c, 'rp-kind-switch').click();
    await byId(c, 'rp-problem').waitFor();
    await c.waitForTimeout(300);
    await shot(c, 'wallet-20b-c-redpacket-form-zh');
    await open(c, '/pages/usdt/transfer');
    await byId(c, 'transfer-member-id').fill('0000');
    await byId(c, 'transfer-next').click();
    await byId(c, 'transfer-lookup-error').waitFor();
    await shot(c, 'wallet-20c-c-transfer-unknown-zh');
    await open(a, '/pages/usdt/wallet');
    expect(await shownTotal(a)).toBe(end[0].total);
    await open(b, '/pages/usdt/wallet');
    expect(await shownTotal(b)).toBe(end[1].total);
    expect(micro(end[0].total)).toBe(aExpected);
    expect(micro(end[1].total)).toBe(bExpected);
    expect(micro(end[2].total)).toBe(micro(cShare));
    const endSum = micro(end[0].total) + micro(end[1].total) + micro(end[2].total);
    expect(endSum + parseUsdt(item.price)).toBe(start.a + start.b);

    // A pays C by member id on the transfer page: the recipient is shown before paying.
    await open(a, '/pages/usdt/transfer');
    await byId(a, 'transfer-member-id').fill(carol.memberId);
    await byId(a, 'transfer-next').click();
    await expect.poll(() => byId(a, 'transfer-recipient-name').textContent()).toBe('Carol');
    await byId(a, 'transfer-amount').fill('2.000001');
    await a.waitForTimeout(300);
    await shot(a, 'wallet-21-a-transfer-page');
    await byId(a, 'transfer-submit').click();
    await payWithPin(a, PINS.a);
    await byId(a, 'transfer-result').waitFor();
    await shot(a, 'wallet-22-a-transfer-done');
    await expect
      .poll(async () => (await phoneBalance(c)).total)
      .toBe(formatUsdt(asMicro(micro(cShare) + parseUsdt('2.000001'))));
  });
});

const register = (nickName: string) => registerMember(server.api, nickName);
