import {
  adminC2cApi,
  adminMemberApi,
  adminWalletApi,
  advertisingApi,
  bankApi,
  friendApi,
  groupApi,
  merchantApi,
  messageApi,
  transactionApi,
  uploadAccept,
  userApi,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import {
  befriend,
  byId,
  logInAs,
  longPress,
  type Member,
  PASSWORD,
  registerMember,
  sendFailures,
  texts,
  verifyMember,
} from './people.ts';

/** The chat features members expect, each seen by two members at phone width. */
const ADMIN_PASSWORD = 'admin-e2e-chat-1';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ ADMIN_PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);
const register = (nickName: string) => registerMember(server.api, nickName);
/** Logs in through the UI; the API token becomes the page's (a login ends the member's other sessions). */
const logIn = async (who: Member, locale?: string, prepare?: (context: BrowserContext) => Promise<void>) => {
  const context = await newPhone(browser);
  await prepare?.(context);
  if (locale) await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const page = await logInAs(server.url, context, who);
  who.token = (await page.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '';
  return page;
};
const adminToken = async () =>
  (await server.api.ok(userApi.loginByName, { username: 'admin', password: ADMIN_PASSWORD })).token;

const sheetGone = (page: Page) => page.locator('.adm-action-sheet').waitFor({ state: 'detached' });
const send = async (page: Page, text: string) => {
  await byId(page, 'chat-input').fill(text);
  await byId(page, 'chat-send').click();
};

describe('failed messages, the muted composer, drafts and the file picker', () => {
  it('a failed message stays where it was written and can be retried or deleted; a refusal says so at once', async () => {
    const [alice, bob, carol] = await Promise.all([register('Alice'), register('Bob'), register('Carol')]);
    const single = await befriend(server.api, alice, bob);
    await befriend(server.api, alice, carol);
    const group = await server.api.ok(
      groupApi.create,
      { userIds: [bob.id, carol.id], name: 'Project' },
      alice.token,
    );
    const a = await logIn(alice);
    let failures: Awaited<ReturnType<typeof sendFailures>> | undefined;
    const b = await logIn(bob, undefined, async (context) => {
      failures = await sendFailures(context);
    });
    await open(a, `/pages/chat/index?id=${single}`);
    await open(b, `/pages/chat/index?id=${single}`);
    await byId(b, 'msg-list').waitFor();

    // The pickers offer only what the server accepts (the shared list): no SVG, no HTML.
    await byId(b, 'chat-attach').click();
    expect(await byId(b, 'file-any').getAttribute('accept')).toBe(uploadAccept());
    expect(await byId(b, 'file-any').getAttribute('accept')).toContain('.pdf');
    expect(await byId(b, 'file-any').getAttribute('accept')).not.toContain('svg');
    expect(await byId(b, 'file-photo').getAttribute('accept')).not.toContain('video/');
    await byId(b, 'chat-attach').click();

    // The server fails for a while: Bob's message fails after its retries; Alice writes meanwhile.
    await failures!.start();
    await send(b, 'Written first');
    await a.waitForTimeout(300);
    await send(a, 'Written later by Alice');
    await b.locator('.msg-failed').waitFor({ timeout: 30_000 });
    await expect.poll(() => texts(b)).toEqual(['Written first', 'Written later by Alice']);
    await shot(b, 'chatfx-01-b-failed-in-place');

    // Bob sends it again once the server is back: stored, and Alice sees it.
    await failures!.stop();
    await b.locator('.msg-failed').click();
    await byId(b, 'failed-menu-delete').waitFor();
    await shot(b, 'chatfx-02-b-failed-menu');
    await byId(b, 'failed-menu-retry').click();
    await expect.poll(() => texts(a)).toEqual(['Written later by Alice', 'Written first']);
    await expect.poll(() => b.locator('[data-status="failed"]').count()).toBe(0);
    await sheetGone(b);

    // A message that fails for good (no longer friends) says why at once, offers no retry, and can be deleted.
    await server.api.ok(friendApi.delFriend, { userId: bob.id }, alice.token);
    await send(b, 'Are we still friends?');
    const refused = b.locator('[data-testid^="msg-refused-"]');
    await refused.waitFor({ timeout: 5_000 });
    expect(await refused.textContent()).toMatch(/^Not sent: /);
    await shot(b, 'chatfx-03-b-refused');
    await b.locator('.msg-failed').click();
    await byId(b, 'failed-menu-delete').waitFor();
    expect(await byId(b, 'failed-menu-retry').count()).toBe(0);
    await byId(b, 'failed-menu-delete').click();
    await expect.poll(() => texts(b)).toEqual(['Written later by Alice', 'Written first']);
    await sheetGone(b);

    // A draft is kept per chat, across another chat and a reload.
    await byId(b, 'chat-input').fill('Half a thought');
    await open(b, `/pages/chat/index?id=${group.sessionId}`);
    await byId(b, 'msg-list').waitFor();
    expect(await byId(b, 'chat-input').inputValue()).toBe('');
    await open(b, `/pages/chat/index?id=${single}`);
    await expect.poll(() => byId(b, 'chat-input').inputValue()).toBe('Half a thought');
    await b.reload();
    await expect.poll(() => byId(b, 'chat-input').inputValue()).toBe('Half a thought');
    await shot(b, 'chatfx-04-b-draft-after-reload');

    // Muted in the group: the input is replaced by a disabled "Muted" bar, live both ways.
    await open(b, `/pages/chat/index?id=${group.sessionId}`);
    await byId(b, 'chat-input').waitFor();
    await server.api.ok(groupApi.mute, { groupId: group.groupId, userId: bob.id }, alice.token);
    await byId(b, 'chat-input-muted').waitFor();
    expect(await byId(b, 'chat-input-muted').getAttribute('placeholder')).toBe('Muted');
    expect(await byId(b, 'chat-input-muted').isDisabled()).toBe(true);
    await shot(b, 'chatfx-05-b-muted');
    await server.api.ok(groupApi.unmute, { groupId: group.groupId, userId: bob.id }, alice.token);
    await byId(b, 'chat-input').waitFor();
    expect(await byId(b, 'chat-input-muted').count()).toBe(0);
  });
});

describe('orders while typing, a chat with a trade partner, being logged out', () => {
  it('a new order shows a banner instead of taking the typing merchant away; the buyer messages by member id', async () => {
    const [merchant, buyer, other] = await Promise.all([register('Mira'), register('Bao'), register('Otto')]);
    const admin = await adminToken();
    await server.api.ok(userApi.setPayPassword, { password: PASSWORD, pin: '135790' }, merchant.token);
    await server.api.ok(
      adminWalletApi.adjust,
      { userId: merchant.id, amount: '500', reason: 'e2e credit', requestId: `chatfx-${Date.now()}` },
      admin,
    );
    await verifyMember(server.api, admin, merchant, 2, 'Mira Chen');
    await verifyMember(server.api, admin, buyer, 1);
    await verifyMember(server.api, admin, other, 1);
    await server.api.ok(merchantApi.apply, { name: 'Mira Exchange' }, merchant.token);
    await server.api.ok(adminC2cApi.merchantReview, { userId: merchant.id, approve: true }, admin);
    const card = await server.api.ok(
      bankApi.add,
      { type: 'bank', name: 'Mira Chen', cardNumber: '6222020200112233', bankName: 'ICBC' },
      merchant.token,
    );
    const ad = await server.api.ok(
      advertisingApi.publish,
      {
        type: 'sell',
        paymentMethodId: card.id,
        price: '7.00',
        quantity: '100',
        minLimit: '10.00',
        maxLimit: '700.00',
        timeLimit: 15,
      },
      merchant.token,
    );
    const m = await logIn(merchant);
    const first = await server.api.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, buyer.token);
    // The first order is offered to the idle merchant by a banner, without moving him (docs/product.md#navigation).
    const idleOn = m.url();
    await byId(m, 'order-banner').waitFor();
    expect(await byId(m, 'order-banner').getAttribute('data-order')).toBe(String(first.orderId));
    expect(m.url()).toBe(idleOn);
    await byId(m, 'order-banner-open').click();
    await expect.poll(() => m.url()).toContain(`/pages/c2c/detail?id=${first.orderId}`);
    await expect.poll(() => byId(m, 'order-banner').count()).toBe(0);

    // The merchant is writing in the order's chat when a second order comes in: a banner, no navigation.
    const orderChat = first.sessionId;
    if (!orderChat) throw new Error('the order has no chat');
    await open(m, `/pages/chat/index?id=${orderChat}`);
    await byId(m, 'chat-input').fill('Please pay to the ICBC card');
    const second = await server.api.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, other.token);
    await byId(m, 'order-banner').waitFor();
    expect(await byId(m, 'order-banner').getAttribute('data-order')).toBe(String(second.orderId));
    expect(m.url()).toContain(`/pages/chat/index?id=${orderChat}`);
    expect(await byId(m, 'chat-input').inputValue()).toBe('Please pay to the ICBC card');
    await shot(m, 'chatfx-06-m-order-banner');
    await byId(m, 'order-banner-open').click();
    await expect.poll(() => m.url()).toContain(`/pages/c2c/detail?id=${second.orderId}`);
    // The half-written reply is still there when the merchant comes back.
    await m.goBack();
    await expect.poll(() => byId(m, 'chat-input').inputValue()).toBe('Please pay to the ICBC card');

    // The buyer, not a friend, messages the merchant from the order page (session/toMccId).
    const b = await logIn(buyer);
    await open(b, `/pages/c2c/detail?id=${first.orderId}`);
    await byId(b, 'order-message-counterparty').click();
    await byId(b, 'chat-page').waitFor();
    const direct = Number(new URL(b.url().replace('/#', '')).searchParams.get('id'));
    expect(direct).not.toBe(orderChat);
    await send(b, 'Is the card in your own name?');
    await expect.poll(() => b.locator('[data-status="sent"]').count()).toBe(1);
    await shot(b, 'chatfx-07-b-direct-chat');

    // An operator freezes the merchant: the open app says why, in the member's language.
    await server.api.ok(adminMemberApi.freeze, { userId: merchant.id, frozen: true, reason: 'e2e' }, admin);
    await byId(m, 'logged-out-frozen').waitFor();
    await shot(m, 'chatfx-08-m-frozen');
  });

  it('a device that was closed when the account signed in elsewhere says so when it opens (Chinese)', async () => {
    const carl = await register('Carl');
    const page = await logIn(carl, 'zh');
    const context = page.context();
    await byId(page, 'tab-chat').waitFor();
    await page.close();
    await server.api.ok(userApi.loginByName, { username: carl.username, password: PASSWORD });
    const again = await context.newPage();
    await again.goto(`${server.url}/#/pages/index/chat`);
    await byId(again, 'logged-out-kicked').waitFor();
    expect(await byId(again, 'logged-out-kicked').textContent()).toBe(
      '你的账号已在其他设备登录，本设备已退出。',
    );
    await shot(again, 'chatfx-09-kicked-zh');
  });
});

describe('auto-reply, forward, clear, pin and mute', () => {
  it('members set an auto-reply, forward to several chats, clear a chat and pin and mute sessions', async () => {
    const [alice, bob, carol] = await Promise.all([register('Alice'), register('Bob'), register('Carol')]);
    const ab = await befriend(server.api, alice, bob);
    await befriend(server.api, alice, carol);
    const bc = await befriend(server.api, bob, carol);
    const group = await server.api.ok(
      groupApi.create,
      { userIds: [bob.id, carol.id], name: 'Trip' },
      alice.token,
    );
    const a = await logIn(alice);
    const b = await logIn(bob);

    // Alice turns on a text auto-reply from the Me tab.
    await byId(a, 'tab-my').click();
    await byId(a, 'my-reply').click();
    await byId(a, 'reply-enabled').click();
    await byId(a, 'reply-text').locator('textarea:not([readonly])').fill('Away until Monday');
    await shot(a, 'chatfx-10-a-auto-reply');
    await byId(a, 'reply-save').click();
    await a.getByText('Saved').waitFor();

    // Bob writes to Alice and gets her auto-reply.
    await open(b, `/pages/chat/index?id=${ab}`);
    await send(b, 'Lunch tomorrow?');
    await expect.poll(() => texts(b)).toEqual(['Lunch tomorrow?', 'Away until Monday']);

    // Bob forwards his message to the group and to Carol at once.
    await longPress(b, b.locator('.msg-bubble', { hasText: 'Lunch tomorrow?' }));
    await byId(b, 'msg-menu-forward').click();
    await byId(b, `forward-to-${group.sessionId}`).click();
    await byId(b, `forward-to-${bc}`).click();
    await shot(b, 'chatfx-11-b-forward');
    await byId(b, 'forward-send').click();
    await b.getByText('Forwarded').waitFor();
    const c = await logIn(carol);
    await open(c, `/pages/chat/index?id=${bc}`);
    await expect.poll(() => texts(c)).toEqual(['Lunch tomorrow?']);
    await open(c, `/pages/chat/index?id=${group.sessionId}`);
    await expect.poll(() => texts(c)).toEqual(['Lunch tomorrow?']);

    // Alice clears her chat with Bob from its settings; Bob keeps his.
    await open(a, `/pages/chat/index?id=${ab}`);
    await expect.poll(() => texts(a)).toEqual(['Lunch tomorrow?', 'Away until Monday']);
    await byId(a, 'chat-detail').click();
    await byId(a, 'chat-setting-clear').click();
    await byId(a, 'chat-clear-confirm').click();
    await a.getByText('Chat history cleared').waitFor();
    await a.goBack();
    await byId(a, 'msg-list').waitFor();
    await expect.poll(() => texts(a)).toEqual([]);
    await a.reload();
    await byId(a, 'msg-list').waitFor();
    expect(await texts(a)).toEqual([]);
    expect(await texts(b)).toEqual(['Lunch tomorrow?', 'Away until Monday']);

    // Alice pins the group from the session list's long-press menu: it goes to the top.
    await open(a, '/pages/index/chat');
    await byId(a, `session-${group.sessionId}`).waitFor();
    await longPress(a, byId(a, `session-${group.sessionId}`));
    await byId(a, 'session-menu-top').click();
    await expect.poll(() => byId(a, `session-${group.sessionId}`).getAttribute('class')).toContain('is-top');
    await expect
      .poll(() =>
        a.locator('[data-testid="session-list"] > .session-item').first().getAttribute('data-testid'),
      )
      .toBe(`session-${group.sessionId}`);
    await sheetGone(a);

    // And mutes it from the group's settings; the list shows it muted, and unpins it there.
    await open(a, `/pages/chat/detail?id=${group.sessionId}`);
    await byId(a, 'chat-setting-mute').click();
    await expect.poll(() => byId(a, 'chat-setting-mute').getAttribute('aria-checked')).toBe('true');
    await byId(a, 'chat-setting-top').click();
    await expect.poll(() => byId(a, 'chat-setting-top').getAttribute('aria-checked')).toBe('false');
    await shot(a, 'chatfx-12-a-group-settings');
    await open(a, '/pages/index/chat');
    await byId(a, `session-${group.sessionId}`).getByLabel('Muted').waitFor();
    expect(await byId(a, `session-${group.sessionId}`).getAttribute('class')).not.toContain('is-top');
    await shot(a, 'chatfx-13-a-list');
  });
});

describe('read receipts and the typing indicator', () => {
  it('Bob sees Alice typing, then "Read" under his message once she opened the chat', async () => {
    const [alice, bob] = await Promise.all([register('Alice'), register('Bob')]);
    const single = await befriend(server.api, alice, bob);
    const a = await logIn(alice);
    const b = await logIn(bob);
    await open(b, `/pages/chat/index?id=${single}`);
    await send(b, 'Are you there?');
    // Sent: Bob's text (the "now friends" notice may show above it, depending on when the page loaded).
    await expect.poll(() => b.locator('[data-status="sent"][data-type="text"]').count()).toBe(1);
    expect(await byId(b, 'msg-read').count()).toBe(0);

    // Alice opens the chat: her read reaches Bob live.
    await open(a, `/pages/chat/index?id=${single}`);
    await expect.poll(() => texts(a)).toEqual(['Are you there?']);
    await byId(b, 'msg-read').waitFor();
    expect(await byId(b, 'msg-read').textContent()).toBe('Read');

    // Alice types: Bob's title says so; her message ends it.
    await byId(a, 'chat-input').fill('Yes, one');
    await byId(a, 'chat-input').press('Space');
    await expect.poll(() => b.locator('.adm-nav-bar-title').textContent()).toBe('Typing…');
    await shot(b, 'chatfx-14-b-read-typing');
    await byId(a, 'chat-send').click();
    await expect.poll(() => texts(b)).toEqual(['Are you there?', 'Yes, one']);
    await expect.poll(() => b.locator('.adm-nav-bar-title').textContent()).toBe('Alice');
    // Bob's newer message is not read until Alice sees it; she is on the chat, so it is at once.
    await send(b, 'Great');
    await expect.poll(() => texts(a)).toContain('Great');
    await expect
      .poll(() => b.locator('[data-testid="msg-read"]').locator('xpath=..').getAttribute('data-seq'))
      .toBe(String(await b.locator('.msg-line', { hasText: 'Great' }).getAttribute('data-seq')));
  });
});

describe('reply with a quote', () => {
  it('Alice replies quoting an older message; Bob taps the quote and the chat shows the original', async () => {
    const [alice, bob] = await Promise.all([register('Alice'), register('Bob')]);
    const single = await befriend(server.api, alice, bob);
    const a = await logIn(alice);
    const b = await logIn(bob);
    await open(a, `/pages/chat/index?id=${single}`);
    await open(b, `/pages/chat/index?id=${single}`);
    await send(b, 'Which day works for you?');
    for (let n = 1; n <= 12; n++) await send(b, `Filler ${n}`);
    await expect.poll(async () => (await texts(a)).length).toBe(13);

    // The list may still be scrolling to the newest message: press again until the menu opens.
    const bubble = a.locator('.msg-bubble', { hasText: 'Which day works for you?' });
    await expect
      .poll(async () => {
        await bubble.scrollIntoViewIfNeeded();
        await a.waitForTimeout(300);
        await longPress(a, bubble);
        return byId(a, 'msg-menu-quote').count();
      })
      .toBe(1);
    await byId(a, 'msg-menu-quote').click();
    expect(await byId(a, 'composer-quote').textContent()).toContain('Which day works for you?');
    await send(a, 'Saturday');
    await expect.poll(() => byId(a, 'composer-quote').count()).toBe(0);
    const quoted = b.locator('.msg-line', { hasText: 'Saturday' }).getByTestId('msg-quote');
    await quoted.waitFor();
    expect(await quoted.textContent()).toBe('Which day works for you?');
    await shot(b, 'chatfx-15-b-quote');
    await quoted.click();
    const highlighted = b.locator('.msg-line[data-highlight="1"] .msg-text');
    await expect.poll(() => highlighted.textContent()).toBe('Which day works for you?');
    expect(await highlighted.isVisible()).toBe(true);
    await shot(b, 'chatfx-16-b-jumped');
  });
});

/** Whether the element lies inside the message list's visible area (not just rendered above or below it). */
const onScreen = (target: ReturnType<Page['locator']>) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const view = el.closest('[data-testid="msg-list"]')?.getBoundingClientRect();
    return view !== undefined && r.top >= view.top && r.bottom <= view.bottom;
  });

describe('search', () => {
  it('Alice finds a word across her chats and the chat opens at that message; Bob searches one chat in Chinese', async () => {
    const [alice, bob] = await Promise.all([register('Alice'), register('Bob')]);
    const single = await befriend(server.api, alice, bob);
    const say = (who: Member, text: string, n: number) =>
      server.api.ok(
        messageApi.send,
        { sessionId: single, clientMsgId: `search-${who.id}-${n}`, contentType: 'text', content: { text } },
        who.token,
      );
    await say(bob, 'Shall we visit the lighthouse museum on Sunday?', 0);
    await say(alice, '好啊，灯塔博物馆几点开门？', 1);
    for (let n = 2; n <= 15; n++) await say(n % 2 ? alice : bob, `Filler ${n}`, n);

    const a = await logIn(alice);
    await open(a, '/pages/index/chat');
    await byId(a, 'chat-search-entry').click();
    await byId(a, 'search-input').locator('input').fill('lighthouse');
    const hit = byId(a, 'search-messages').locator('.adm-list-item', { hasText: 'lighthouse museum' });
    await hit.waitFor();
    expect(await byId(a, 'search-messages').locator('mark.search-hit').first().textContent()).toBe(
      'lighthouse',
    );
    // The chat with Bob is found by his name too.
    await byId(a, 'search-input').locator('input').fill('bob');
    await byId(a, `search-session-${single}`).waitFor();
    await byId(a, 'search-input').locator('input').fill('lighthouse');
    await hit.waitFor();
    await shot(a, 'chatfx-17-a-search');
    await hit.click();
    await byId(a, 'chat-page').waitFor();
    const shown = a.locator('.msg-line[data-highlight="1"] .msg-text');
    await expect.poll(() => shown.textContent()).toBe('Shall we visit the lighthouse museum on Sunday?');
    await expect.poll(() => onScreen(shown)).toBe(true);
    await shot(a, 'chatfx-18-a-search-opened');

    // Within one chat, from its settings, in Chinese: one character is enough.
    const b = await logIn(bob, 'zh');
    await open(b, `/pages/chat/user-detail?id=${alice.id}`);
    await byId(b, 'chat-setting-search').click();
    await byId(b, 'search-input').locator('input').fill('塔');
    const zhHit = byId(b, 'search-messages').locator('.adm-list-item', { hasText: '博物馆' });
    await zhHit.waitFor();
    expect(await byId(b, 'search-contacts').count()).toBe(0);
    await shot(b, 'chatfx-19-b-search-chat-zh');
    await zhHit.click();
    const zhShown = b.locator('.msg-line[data-highlight="1"] .msg-text');
    await expect.poll(() => zhShown.textContent()).toBe('好啊，灯塔博物馆几点开门？');
    await expect.poll(() => onScreen(zhShown)).toBe(true);
    await shot(b, 'chatfx-20-b-search-opened-zh');
  });
});

describe("one member's two devices", () => {
  it('a device that was offline shows a recall and a deletion made meanwhile, without a reload', async () => {
    const [alice, bob] = await Promise.all([register('Alice'), register('Bob')]);
    const sessionId = await befriend(server.api, alice, bob);
    const say = (text: string) =>
      server.api.ok(
        messageApi.send,
        {
          sessionId,
          clientMsgId: `two-devices-${text.replace(/\W/g, '')}`,
          contentType: 'text',
          content: { text },
        },
        alice.token,
      );
    await say('Keep me');
    const recallMe = await say('Recall me');
    await say('Delete me');

    // Bob's phone and his second device (the same signed-in session, copied over).
    const phone = await logIn(bob);
    const stored = await phone.evaluate(() => JSON.stringify(localStorage));
    const tablet = await newPhone(browser);
    await tablet.addInitScript((json) => {
      for (const [k, v] of Object.entries(JSON.parse(json) as Record<string, string>))
        localStorage.setItem(k, v);
    }, stored);
    const second = await tablet.newPage();
    for (const page of [phone, second]) await open(page, `/pages/chat/index?id=${sessionId}`);
    for (const page of [phone, second])
      await expect.poll(() => texts(page)).toEqual(['Keep me', 'Recall me', 'Delete me']);

    // The second device goes offline; Alice recalls one message and Bob deletes another on his phone.
    await tablet.setOffline(true);
    await server.api.ok(messageApi.recall, { id: recallMe.id }, alice.token);
    await phone.getByText('"Alice" recalled a message').waitFor();
    await longPress(phone, phone.locator('.msg-bubble', { hasText: 'Delete me' }));
    await byId(phone, 'msg-menu-delete').click();
    await expect.poll(() => texts(phone)).toEqual(['Keep me']);
    await sheetGone(phone);
    await second.waitForTimeout(1000);
    expect(await texts(second)).toEqual(['Keep me', 'Recall me', 'Delete me']);

    // Back online: the second device catches up by changes, no reload.
    await tablet.setOffline(false);
    await expect.poll(() => texts(second), { timeout: 15_000 }).toEqual(['Keep me']);
    await second.getByText('"Alice" recalled a message').waitFor();
    await byId(second, 'connection-banner').waitFor({ state: 'detached', timeout: 10_000 });
    await shot(second, 'chatfx-21-b-second-device-caught-up');
    await tablet.close();
  });
  it('a hide, a pin and a mute on the phone show on the second device at once', async () => {
    const [alice, bob, carol] = await Promise.all([register('Alice'), register('Bob'), register('Carol')]);
    const withBob = await befriend(server.api, alice, bob);
    const withCarol = await befriend(server.api, alice, carol);
    const phone = await logIn(alice);
    const stored = await phone.evaluate(() => JSON.stringify(localStorage));
    const tablet = await newPhone(browser);
    await tablet.addInitScript((json) => {
      for (const [k, v] of Object.entries(JSON.parse(json) as Record<string, string>))
        localStorage.setItem(k, v);
    }, stored);
    const second = await tablet.newPage();
    for (const page of [phone, second]) {
      await open(page, '/pages/index/chat');
      await byId(page, `session-${withBob}`).waitFor();
      await byId(page, `session-${withCarol}`).waitFor();
    }

    // The phone hides the chat with Bob: it leaves the second device's list, no reload.
    await longPress(phone, byId(phone, `session-${withBob}`));
    await byId(phone, 'session-menu-delete').click();
    await byId(phone, 'session-delete-confirm').click();
    await byId(second, `session-${withBob}`).waitFor({ state: 'detached' });

    // The phone pins and mutes the chat with Carol: the second device shows both.
    await longPress(phone, byId(phone, `session-${withCarol}`));
    await byId(phone, 'session-menu-top').click();
    await sheetGone(phone);
    await expect.poll(() => byId(second, `session-${withCarol}`).getAttribute('class')).toContain('is-top');
    await longPress(phone, byId(phone, `session-${withCarol}`));
    await byId(phone, 'session-menu-mute').click();
    await byId(second, `session-${withCarol}`).getByLabel('Muted').waitFor();
    await shot(second, 'chatfx-22-b-second-device-settings');
    await tablet.close();
  });
});
