import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  adminWalletApi,
  advertisingApi,
  appComplainApi,
  bankApi,
  consoleApi,
  ErrorCode,
  merchantApi,
  messageApi,
  transactionApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, PASSWORD, phoneClient, registerMember, texts, verifyMember } from './people.ts';

/**
 * The operator console: support logs in on the normal login page and lands in the console, sees a new
 * merchant application arrive live (menu badge), approves it, approves a 1,500 USDT withdrawal waiting for
 * review; a member never reaches the console. Screenshots of every console page at 1280 px and at phone width.
 */
const SUPPORT_PASSWORD = 'support-e2e-console';
const OUTSIDE = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const PIN = '135790';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ SUPPORT_PASSWORD, CHAIN_POLL_SECONDS: '1', SWEEP_INTERVAL_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const desktop = (b: Browser): Promise<BrowserContext> =>
  b.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);

const logInStaff = async (context: BrowserContext, username: string, password: string) => {
  const page = await context.newPage();
  await page.goto(`${server.url}/#/pages/login/index`);
  await byId(page, 'login-username').fill(username);
  await byId(page, 'login-password').fill(password);
  await byId(page, 'login-submit').click();
  // Staff land in the console after the normal login.
  await byId(page, 'console-dashboard').waitFor();
  // In the console's own px layout at once, not at the phone app's root font until a reload.
  expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('');
  return page;
};

describe('operator console', () => {
  it('support approves a merchant application and a withdrawal; a member is refused', {
    timeout: 240_000,
  }, async () => {
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    const applicant = await registerMember(server.api, 'Mia');
    const saver = await registerMember(server.api, 'Sam');
    await verifyMember(server.api, admin.token, applicant, 2);
    await verifyMember(server.api, admin.token, saver, 1);
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, saver.token);
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: saver.id, amount: '2000', reason: 'e2e credit', requestId: randomUUID() },
      admin.token,
    );
    const withdrawal = await server.api.ok(
      walletApi.withdrawal,
      { network: 'ERC20', address: OUTSIDE, amount: '1500', pin: PIN, requestId: randomUUID() },
      saver.token,
    );
    expect(withdrawal.status).toBe('reviewing');

    const support = await logInStaff(await desktop(browser), 'support', SUPPORT_PASSWORD);
    await byId(support, 'dash-withdrawalsWaiting').waitFor();
    await shot(support, 'console-01-dashboard-1280');

    // A new application arrives live: the menu entry shows a badge.
    await server.api.ok(
      merchantApi.apply,
      { name: 'Mia Shop', intro: 'Bank transfers within 5 minutes', note: 'I trade every day' },
      applicant.token,
    );
    await byId(support, 'console-badge-merchant').waitFor();
    await shot(support, 'console-02-badge-1280');
    await byId(support, 'console-menu-22').click();
    await byId(support, `merchants-row-${applicant.id}`).waitFor();
    // Support reads the applicant's introduction beside the application note.
    expect(await byId(support, `merchant-intro-${applicant.id}`).textContent()).toBe(
      'Bank transfers within 5 minutes',
    );
    await shot(support, 'console-03-merchants-1280');
    await byId(support, 'merchant-note').fill('Welcome aboard');
    await byId(support, `merchant-approve-${applicant.id}`).click();
    await byId(support, 'merchants-empty').waitFor();
    const info = await server.api.ok(merchantApi.info, {}, applicant.token);
    expect(info).toMatchObject({ status: 'approved', reviewNote: 'Welcome aboard' });

    // The withdrawal waiting for review is approved; the broadcaster sends it on the development chain.
    await byId(support, 'console-menu-23').click();
    await byId(support, `withdrawals-row-${withdrawal.id}`).waitFor();
    await shot(support, 'console-04-withdrawals-1280');
    await byId(support, `withdrawal-approve-${withdrawal.id}`).click();
    await byId(support, 'withdrawal-approve-confirm').click();
    await byId(support, 'withdrawals-empty').waitFor();
    await expect
      .poll(
        async () =>
          (
            await server.api.ok(walletApi.records, { page: 1, size: 10, type: 'withdrawal' }, saver.token)
          ).list.find((r) => r.id === withdrawal.id)?.status,
        { timeout: 60_000 },
      )
      .toBe('completed');

    // The other pages support may open; the admin-only ones are not in its menu.
    for (const [id, name] of [
      [21, 'members'],
      [24, 'appeals'],
      [25, 'complaints'],
    ] as const) {
      await byId(support, `console-menu-${id}`).click();
      await support.locator('.console-page').first().waitFor();
      await shot(support, `console-05-${name}-1280`);
    }
    expect(await byId(support, 'console-menu-41').count()).toBe(0);

    // A member never sees the console: the address leads back to the app, and the calls are refused.
    const memberPage = await logInAs(server.url, await newPhone(browser), applicant);
    await open(memberPage, '/admin/dashboard');
    await byId(memberPage, 'tab-chat').waitFor();
    expect(await byId(memberPage, 'console-shell').count()).toBe(0);
    const memberToken = (await memberPage.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '';
    const refused = await server.api.call(consoleApi.menu, {}, memberToken);
    expect(refused.code).toBe(ErrorCode.Forbidden);

    // Phone width: the sidebar is a drawer.
    const phone = await logInStaff(await newPhone(browser), 'support', SUPPORT_PASSWORD);
    await shot(phone, 'console-06-dashboard-390');
    await byId(phone, 'console-burger').click();
    await byId(phone, 'console-menu-23').waitFor();
    // The drawer has slid in.
    await expect.poll(async () => (await byId(phone, 'console-sidebar').boundingBox())?.x).toBe(0);
    await shot(phone, 'console-07-menu-390');
    await byId(phone, 'console-menu-23').click();
    await byId(phone, 'withdrawals-status').selectOption('completed');
    await byId(phone, `withdrawals-row-${withdrawal.id}`).waitFor();
    await shot(phone, 'console-08-withdrawals-390');
  });

  it('admin: every console page at 1280 px, and a member freeze from the member file', {
    timeout: 180_000,
  }, async () => {
    const member = await registerMember(server.api, 'Fred');
    const page = await logInStaff(await desktop(browser), 'admin', 'admin12345');
    for (const [route, name] of [
      ['/admin/members', 'members'],
      ['/admin/adjustments', 'adjustments'],
      ['/admin/books', 'books'],
      ['/admin/audit', 'audit'],
      ['/admin/staff', 'staff'],
      ['/admin/tickets/feedback', 'feedback'],
    ] as const) {
      await open(page, route);
      await page.locator('.console-page').first().waitFor();
      await page
        .locator('.adm-spin-loading, .loading')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => {});
      await shot(page, `console-10-${name}-1280`);
    }
    // An adjustment names the member by the member id the app shows: the form says whom it resolved to first;
    // a name nobody has is said so and posts nothing.
    await open(page, '/admin/adjustments');
    await byId(page, 'adjust-user').fill('nobody_has_this_name');
    await expect.poll(() => byId(page, 'adjust-user-resolved').getAttribute('data-state')).toBe('missing');
    await byId(page, 'adjust-user').fill(member.memberId);
    await expect
      .poll(() => byId(page, 'adjust-user-resolved').textContent())
      .toBe(`Fred · @${member.username} · member ID ${member.memberId}`);
    await byId(page, 'adjust-amount').fill('12.5');
    await byId(page, 'adjust-reason').fill('e2e goodwill credit');
    await shot(page, 'console-10b-adjust-resolved-1280');
    await byId(page, 'adjust-submit').click();
    await expect
      .poll(async () => (await server.api.ok(walletApi.balance, {}, member.token)).available)
      .toBe('12.50');
    // Development: the member file sends test USDT from the faucet; a real deposit is on its way.
    await open(page, `/admin/members?id=${member.id}`);
    await byId(page, 'test-usdt-amount').fill('5');
    await byId(page, 'test-usdt-send').click();
    await expect.poll(() => byId(page, 'test-usdt-tx').textContent()).toMatch(/^Transaction 0x[0-9a-f]{64}$/);
    await shot(page, 'console-10d-test-usdt-1280');
    // The audit log filters by the admin's user name, resolved the same way.
    await open(page, '/admin/audit');
    await byId(page, 'audit-actor').fill('admin');
    await expect.poll(() => byId(page, 'audit-actor-resolved').getAttribute('data-state')).toBe('found');
    await byId(page, 'audit-target').fill(member.username);
    await expect.poll(() => page.locator('.console-list').textContent()).toContain('e2e goodwill credit');
    // The action reads as words, not as its code.
    const auditText = await page.locator('.console-list').textContent();
    expect(auditText).toContain('Adjusted a balance');
    expect(auditText).not.toContain('usdt:wallet:adjust');
    await shot(page, 'console-10c-audit-by-name-1280');

    // The member has the app open; a complaint of theirs waits for an answer.
    const app = await logInAs(server.url, await newPhone(browser), member);
    const complaint = await server.api.ok(
      appComplainApi.submit,
      { type: 'fraud', text: 'Someone asked me for my PIN' },
      // The browser login replaced the registration's session (one session per member).
      (await app.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '',
    );
    await open(page, '/admin/tickets/complain');
    await byId(page, `ticket-reply-${complaint.id}`).click();
    await byId(page, 'ticket-reply-text').fill('We blocked that account, thank you');
    await byId(page, 'ticket-reply-send').click();
    await byId(page, 'tickets-empty').waitFor();
    await open(app, `/uni_modules/cool-app/pages/complain/detail?id=${complaint.id}`);
    await expect.poll(() => byId(app, 'ticket-reply').textContent()).toContain('We blocked that account');
    await shot(app, 'console-14-complaint-answered-390');

    await open(page, `/admin/members?id=${member.id}`);
    await byId(page, 'member-detail').waitFor();
    await byId(page, 'member-ledger').or(byId(page, 'member-ledger-empty')).first().waitFor();
    await byId(page, 'member-sessions').waitFor();
    await byId(page, 'member-reason').fill('e2e check');
    await byId(page, 'member-freeze').click();
    await byId(page, 'freeze-confirm').click();
    await expect.poll(() => byId(page, 'member-state').getAttribute('data-frozen')).toBe('true');
    await shot(page, 'console-11-member-frozen-1280');
    const login = await server.api.call(userApi.loginByName, {
      username: member.username,
      password: PASSWORD,
    });
    expect(login.code).toBe(ErrorCode.AccountFrozen);
    // The open app was logged out: its next call lands on the login page.
    await open(app, '/pages/user/about');
    await byId(app, 'login-username').waitFor({ timeout: 30_000 });
    await shot(app, 'console-15-frozen-app-390');

    // Unfreeze: the member logs in again.
    await byId(page, 'member-reason').fill('checked, all fine');
    await byId(page, 'member-freeze').click();
    await expect.poll(() => byId(page, 'member-state').getAttribute('data-frozen')).toBe('false');
    await logInAs(server.url, await newPhone(browser), member);

    // Content: the dictionary and the documents.
    await open(page, '/admin/dictionary');
    await byId(page, 'dict').waitFor();
    await shot(page, 'console-17-dictionary-1280');
    await open(page, '/admin/documents');
    await byId(page, 'doc-text').waitFor();
    await byId(page, 'doc-lang').selectOption('zh');
    await byId(page, 'doc-key').selectOption('aboutUs');
    await byId(page, 'doc-text').fill('关于我们：测试文本');
    await byId(page, 'doc-save').click();
    await expect.poll(() => byId(page, 'doc-state').textContent()).not.toContain('default');
    await shot(page, 'console-18-documents-1280');

    // The pay desk's goods: the VIP month gets a Chinese name and a 31-day VIP grant.
    await open(page, '/admin/goods');
    const vipRow = page.locator('[data-testid^="goods-row-"]', { hasText: 'VIP membership · 1 month' });
    await vipRow.waitFor();
    const vipId = Number((await vipRow.getAttribute('data-testid'))?.replace('goods-row-', ''));
    await byId(page, `goods-edit-${vipId}`).click();
    await byId(page, 'goods-name-zh').fill('VIP 月卡');
    await byId(page, 'goods-grant').selectOption('vip');
    await byId(page, 'goods-days').fill('31');
    await byId(page, 'goods-save').click();
    await expect.poll(() => byId(page, `goods-${vipId}-name-zh`).textContent()).toContain('VIP 月卡');
    expect(await byId(page, `goods-${vipId}-grant`).textContent()).toBe('VIP badge, 31 days');
    await shot(page, 'console-19-goods-1280');

    // Phone width in Chinese.
    const zh = await logInStaff(await newPhone(browser), 'admin', 'admin12345');
    await zh.evaluate(() => localStorage.setItem('locale', 'zh'));
    await open(zh, `/admin/members?id=${member.id}`);
    await zh.reload();
    await byId(zh, 'member-detail').waitFor();
    await shot(zh, 'console-13-member-390-zh');

    // A member reading Chinese buys the VIP month: the cashier names it as staff wrote it, and the Me tab
    // shows the VIP badge with its end date, 31 days on (the grant set above). The API login of admin comes
    // last: it ends the browser sessions of admin (one session per member).
    const vera = await registerMember(server.api, 'Vera');
    const buyer = await logInAs(server.url, await newPhone(browser), vera);
    await phoneClient(server.url, buyer).ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN });
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: vera.id, amount: '50', reason: 'e2e credit', requestId: randomUUID() },
      admin.token,
    );
    await buyer.evaluate(() => localStorage.setItem('locale', 'zh'));
    await open(buyer, `/uni_modules/uni-pay/pages/pay-desk/pay-desk?goodsId=${vipId}`);
    await buyer.reload();
    await expect.poll(() => byId(buyer, 'paydesk-description').textContent()).toBe('VIP 月卡');
    await shot(buyer, 'console-29-vip-cashier-390-zh');
    await byId(buyer, 'paydesk-pay').click();
    await byId(buyer, 'pay-pin').fill(PIN);
    await byId(buyer, 'pay-success').waitFor();
    await open(buyer, '/pages/index/my');
    await byId(buyer, 'my-vip').waitFor();
    const end = new Date(Date.now() + 31 * 86_400_000);
    expect(await byId(buyer, 'my-vip').textContent()).toContain(String(end.getDate()));
    await shot(buyer, 'console-30-me-vip-390-zh');
    await open(buyer, '/uni_modules/uni-pay/pages/orders/orders');
    await expect.poll(() => byId(buyer, 'purchases-list').textContent()).toContain('VIP 31');
    await shot(buyer, 'console-31-purchases-granted-390-zh');
  });

  it('live merchant approval, the customer-service round trip, an appeal resolved, the market pages', {
    timeout: 240_000,
  }, async () => {
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    const nora = await registerMember(server.api, 'Nora');
    const buyer = await registerMember(server.api, 'Ben');
    await verifyMember(server.api, admin.token, nora, 2, 'Nora Li');
    await verifyMember(server.api, admin.token, buyer, 1);
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: PIN }, buyer.token);

    // The member applies on her merchant page and keeps it open.
    const app = await logInAs(server.url, await newPhone(browser), nora);
    const noraApi = phoneClient(server.url, app);
    await open(app, '/pages/c2c/my');
    await byId(app, 'apply-name').fill('Nora Trades');
    await byId(app, 'apply-intro').fill('USDT for CNY, fast release');
    await byId(app, 'apply-submit').click();
    await byId(app, 'merchant-pending').waitFor();
    await shot(app, 'console-20-apply-pending-390');

    // Support approves in the console; her page turns to approved without a reload.
    const support = await logInStaff(await desktop(browser), 'support', SUPPORT_PASSWORD);
    await byId(support, 'console-badge-merchant').waitFor();
    await byId(support, 'console-menu-22').click();
    await byId(support, `merchants-row-${nora.id}`).waitFor();
    await byId(support, 'merchant-note').fill('Approved, welcome');
    await byId(support, `merchant-approve-${nora.id}`).click();
    await byId(support, 'merchants-empty').waitFor();
    await byId(app, 'merchant-profile').waitFor({ timeout: 15_000 });
    expect(await byId(app, 'merchant-name').textContent()).toContain('Nora Trades');
    await shot(app, 'console-21-approved-live-390');

    // Customer service: the member opens it from the Me tab and writes.
    await open(app, '/pages/index/my');
    await byId(app, 'my-service').click();
    await byId(app, 'chat-input').waitFor();
    await byId(app, 'chat-input').fill('Hello, how do I publish my first ad?');
    await byId(app, 'chat-send').click();
    await expect.poll(() => texts(app)).toEqual(['Hello, how do I publish my first ad?']);

    // The unread conversation shows live on the menu of every staff member. Sara, a support account made by
    // admin, answers it as the shared service account, with text and a picture; the console names her.
    await byId(support, 'console-badge-service').waitFor();
    await shot(support, 'console-22-service-badge-1280');
    await server.api.ok(
      consoleApi.staffAdd,
      { username: 'sara_cs', password: 'sara-pass-12', nickName: 'Sara', roles: ['support'] },
      admin.token,
    );
    const sara = await logInStaff(await desktop(browser), 'sara_cs', 'sara-pass-12');
    await byId(sara, 'console-badge-service').waitFor();
    await byId(sara, 'console-menu-27').click();
    const row = sara.locator('[data-testid^="service-row-"]').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Nora');
    await row.click();
    await byId(sara, 'service-conversation').waitFor();
    await expect
      .poll(() => byId(sara, 'service-messages').textContent())
      .toContain('how do I publish my first ad');
    // Opening it reads it for every staff member: the badge goes on the other console too.
    await byId(sara, 'console-badge-service').waitFor({ state: 'detached' });
    await byId(support, 'console-badge-service').waitFor({ state: 'detached' });
    await byId(sara, 'service-reply-text').fill('Open Market, then Ads, then Publish. Happy trading!');
    await byId(sara, 'service-reply-send').click();
    await byId(sara, 'service-reply-file').setInputFiles(
      path.resolve(import.meta.dirname, '../apps/web/public/icon-192.png'),
    );
    await sara.locator('.service-image img').waitFor();
    await expect
      .poll(() => byId(sara, 'service-messages').textContent())
      .toContain('Sara (customer service)');
    await shot(sara, 'console-23-service-1280');

    // The member sees both answers from customer service in her chat, never the staff member's name.
    await expect
      .poll(() => texts(app))
      .toEqual([
        'Hello, how do I publish my first ad?',
        'Open Market, then Ads, then Publish. Happy trading!',
      ]);
    await expect.poll(() => app.locator('[data-type="image"] img').count()).toBe(1);
    expect(await app.locator('body').textContent()).not.toContain('Sara');
    await shot(app, 'console-24-service-member-390');

    // An appeal: Nora sells, the buyer marks paid, Nora appeals; support resolves it in the console.
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: nora.id, amount: '200', reason: 'e2e credit', requestId: randomUUID() },
      admin.token,
    );
    const bank = await noraApi.ok(bankApi.add, {
      type: 'bank',
      name: 'Nora Li',
      cardNumber: '6222020200112233',
      bankName: 'ICBC',
    });
    const ad = await noraApi.ok(advertisingApi.publish, {
      type: 'sell',
      paymentMethodId: bank.id,
      price: '7.00',
      quantity: '100',
      minLimit: '10.00',
      maxLimit: '700.00',
      timeLimit: 15,
    });
    const order = await server.api.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, buyer.token);
    await server.api.ok(transactionApi.payment, { id: order.orderId }, buyer.token);
    await noraApi.ok(transactionApi.appealing, {
      id: order.orderId,
      reasonCode: 'other',
      reason: 'No money arrived on my card',
    });
    // The buyer edits what they said in the order chat: support sees it was edited and its earlier text.
    const said = await server.api.ok(
      messageApi.send,
      {
        sessionId: order.sessionId!,
        clientMsgId: randomUUID(),
        contentType: 'text',
        content: { text: 'I sent 70 CNY' },
      },
      buyer.token,
    );
    await server.api.ok(messageApi.edit, { id: said.id, text: 'I sent 7 CNY' }, buyer.token);
    await byId(support, 'console-badge-appeal').waitFor();
    await byId(support, 'console-menu-24').click();
    await byId(support, `appeals-row-${order.orderId}`).click();
    await byId(support, 'appeal-detail').waitFor();
    await byId(support, `appeal-versions-${said.id}`).click();
    await expect
      .poll(() => byId(support, `appeal-versions-list-${said.id}`).textContent())
      .toContain('I sent 70 CNY');
    expect(await byId(support, 'appeal-messages').textContent()).toContain('I sent 7 CNY');
    await byId(support, `appeal-versions-list-${said.id}`).scrollIntoViewIfNeeded();
    await shot(support, 'chatedit-08-console-versions-1280');
    await byId(support, 'resolve-note').fill('No payment reached the seller; order canceled.');
    await byId(support, 'resolve-fault').getByText('Buyer').click();
    await byId(support, 'resolve-cancel').click();
    await byId(support, 'resolve-canceled-confirm').click();
    await expect.poll(() => byId(support, 'appeal-detail').getAttribute('data-status')).toBe('canceled');
    await byId(support, 'appeal-resolved-by').waitFor();
    // Resolved, it leaves the queue: the appeals badge goes.
    await byId(support, 'console-badge-appeal').waitFor({ state: 'detached' });
    await shot(support, 'console-25-appeal-resolved-1280');
    const resolved = await server.api.ok(transactionApi.detail, { id: order.orderId }, buyer.token);
    expect(resolved.status).toBe('canceled');

    // The market pages: support lists traders with strikes; admin sets the reference rate.
    // The buyer at fault has a strike: listed with all strikes, not yet among the suspended.
    await byId(support, 'console-menu-28').click();
    await byId(support, 'traders-empty').waitFor();
    await byId(support, 'traders-show').selectOption('struck');
    await byId(support, `traders-row-${buyer.id}`).waitFor();
    await shot(support, 'console-26-traders-1280');
    await byId(support, 'trader-note').fill('Warned by phone');
    await byId(support, `trader-lift-${buyer.id}`).click();
    await byId(support, 'trader-lift-confirm').click();
    await byId(support, 'traders-empty').waitFor();
    expect(await byId(support, 'console-menu-29').count()).toBe(0);
    const page = await logInStaff(await desktop(browser), 'admin', 'admin12345');
    await open(page, '/admin/rate');
    await byId(page, 'rate-current').waitFor();
    await byId(page, 'rate-input').fill('7.35');
    await byId(page, 'rate-save').click();
    await byId(page, 'rate-set-confirm').click();
    await expect.poll(() => byId(page, 'rate-current').textContent()).toContain('7.35');
    await shot(page, 'console-27-rate-1280');
    expect((await server.api.ok(advertisingApi.rate, {}, buyer.token)).rate).toBe('7.35');

    // The inbox at phone width: the list, then the conversation.
    const phone = await logInStaff(await newPhone(browser), 'support', SUPPORT_PASSWORD);
    await open(phone, '/admin/service');
    await phone.locator('[data-testid^="service-row-"]').first().click();
    await byId(phone, 'service-conversation').waitFor();
    await shot(phone, 'console-28-service-390');
  });
  it('a second admin asks for a staff account; the first approves it in the staff requests panel', {
    timeout: 180_000,
  }, async () => {
    const first = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    // While the install has one admin, that admin adds the second at once.
    const added = await server.api.ok(
      consoleApi.staffAdd,
      { username: 'bea_admin', password: 'bea-admin-pass-7', nickName: 'Bea', roles: ['admin'] },
      first.token,
    );
    expect(added.status).toBe('done');
    const bea = await logInStaff(await desktop(browser), 'bea_admin', 'bea-admin-pass-7');
    await open(bea, '/admin/staff');
    await byId(bea, 'staff-username').fill('carl_cs');
    await byId(bea, 'staff-password').fill('carl-staff-pass-7');
    await byId(bea, 'staff-nickname').fill('Carl');
    await byId(bea, 'staff-create').click();
    const approveButton = bea.locator('[data-testid^="staff-request-approve-"]').first();
    await approveButton.waitFor();
    await shot(bea, 'console-30-staff-requests-1280');
    // Carl does not exist until another admin approves.
    const early = await server.api.call(userApi.loginByName, {
      username: 'carl_cs',
      password: 'carl-staff-pass-7',
    });
    expect(early.code).toBe(ErrorCode.InvalidCredentials);
    const id = (await approveButton.getAttribute('data-testid'))!.replace('staff-request-approve-', '');

    const admin = await logInStaff(await desktop(browser), 'admin', 'admin12345');
    await byId(admin, 'console-badge-staffRequest').waitFor();
    await open(admin, '/admin/staff');
    await byId(admin, `staff-request-approve-${id}`).click();
    await byId(admin, 'staff-requests-empty').waitFor();
    const carl = await server.api.call(userApi.loginByName, {
      username: 'carl_cs',
      password: 'carl-staff-pass-7',
    });
    expect(carl.code).toBe(ErrorCode.Success);
    // The dashboard lists staff money actions of the last 24 hours.
    await open(admin, '/admin/dashboard');
    await byId(admin, 'dash-money').or(byId(admin, 'dash-money-none')).first().waitFor();
    await shot(admin, 'console-31-dashboard-money-1280');
  });

  // Last: a forced web version blocks every member page of this server from then on.
  it('admin publishes a forced web version: an open member app is blocked at its next check', {
    timeout: 180_000,
  }, async () => {
    const member = await registerMember(server.api, 'Otto');
    const app = await logInAs(server.url, await newPhone(browser), member);
    const page = await logInStaff(await desktop(browser), 'admin', 'admin12345');

    // Admin publishes a version; the list shows it as the latest.
    await open(page, '/admin/versions');
    await byId(page, 'version-version').fill('9.1.0');
    await byId(page, 'version-code').fill('910');
    await byId(page, 'version-forced').selectOption('yes');
    await byId(page, 'version-publish').click();
    await expect.poll(() => byId(page, 'version-web').textContent()).toContain('9.1.0');
    await shot(page, 'console-12-versions-1280');
    // The member's About page checks: a forced update replaces the app at once; the only way on is the update
    // (no download address: a reload that fetches the new build from this site).
    await open(app, '/pages/user/about');
    await byId(app, 'update-block').waitFor();
    expect(await byId(app, 'update-block').textContent()).toContain('9.1.0');
    expect(await byId(app, 'update-block-reload').count()).toBe(1);
    expect(await byId(app, 'about-check').count()).toBe(0);
    await shot(app, 'console-16-about-update-390');
    // The console itself is not blocked.
    await open(page, '/admin/dashboard');
    await byId(page, 'console-dashboard').waitFor();
  });
});
