import path from 'node:path';
import { friendApi, sessionApi } from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, longPress, type Member, registerMember, texts } from './people.ts';

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

const register = (nickName: string) => registerMember(server.api, nickName);
const logIn = (context: BrowserContext, who: Member) => logInAs(server.url, context, who);

const tabBadge = (page: Page, tab: string) =>
  byId(page, `tab-${tab}`)
    .locator('.adm-badge-content')
    .textContent({ timeout: 500 })
    .catch(() => '');
const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '';
const waitToast = (page: Page) => page.locator('.adm-toast-mask').waitFor({ state: 'detached' });

describe('two members chat in real time and nothing is lost', () => {
  it('A finds B, B accepts, they exchange text, image and voice; B misses 20 messages and gets them all', async () => {
    const [alice, bob] = await Promise.all([register('Alice'), register('Bob')]);
    const ctxA = await newPhone(browser);
    const ctxB = await newPhone(browser);
    for (const ctx of [ctxA, ctxB]) await ctx.grantPermissions(['microphone'], { origin: server.url });
    const a = await logIn(ctxA, alice);
    let b = await logIn(ctxB, bob);

    await byId(a, 'chat-empty').waitFor();

    // A searches B by member id from the contacts tab and sends a request with a greeting.
    await byId(a, 'tab-contact').click();
    await byId(a, 'contact-add').click();
    const search = byId(a, 'friend-search').locator('input');
    await search.fill(bob.memberId);
    await search.press('Enter');
    await byId(a, `search-user-${bob.id}`).click();
    await expect.poll(() => byId(a, 'user-nickname').textContent()).toBe('Bob');
    await byId(a, 'user-greeting').fill('Hi Bob, it is Alice');
    await byId(a, 'user-add').click();
    await expect.poll(() => byId(a, 'user-add').textContent()).toContain('Request sent');
    await shot(a, 'chat-01-a-request-sent');

    // B sees the request count live, and accepts.
    await byId(b, 'tab-contact').click();
    await expect.poll(() => byId(b, 'contact-request-badge').textContent()).toBe('1');
    await shot(b, 'chat-02-b-contacts-badge');
    await byId(b, 'contact-new-friends').click();
    await expect.poll(() => byId(b, `request-${alice.id}`).textContent()).toContain('Hi Bob, it is Alice');
    await shot(b, 'chat-03-b-requests');
    await byId(b, `request-accept-${alice.id}`).click();
    await expect.poll(() => byId(b, `request-${alice.id}`).textContent()).toContain('Added');

    // A now has B as a friend and opens the chat from the user card.
    await byId(a, 'nav-back').click();
    await byId(a, 'nav-back').click();
    await byId(a, `friend-${bob.id}`).click();
    // A gives B a private remark: the card shows it at once.
    await byId(a, 'user-remark').fill('Bobby');
    await byId(a, 'user-remark-save').click();
    await expect.poll(() => byId(a, 'user-nickname').textContent()).toBe('Bobby');
    await byId(a, 'user-send').click();
    await byId(a, 'chat-page').waitFor();
    const sessionId = Number(await byId(a, 'chat-page').getAttribute('data-session'));
    expect(sessionId).toBeGreaterThan(0);

    // B opens the same chat from the chat tab.
    await byId(b, 'nav-back').click();
    await byId(b, 'tab-chat').click();
    await byId(b, `session-${sessionId}`).click();
    await byId(b, 'chat-page').waitFor();

    // Text, both ways, in real time. While connected, messages go over the socket (sendMessage), not HTTP.
    const httpSends: string[] = [];
    for (const page of [a, b])
      page.on('request', (request) => {
        if (request.url().endsWith('/message/send')) httpSends.push(request.url());
      });
    await byId(a, 'chat-input').fill('Hello Bob 👋');
    await byId(a, 'chat-send').click();
    await expect.poll(() => texts(b)).toEqual(['Hello Bob 👋']);
    await byId(b, 'chat-input').fill('Hi Alice!');
    await byId(b, 'chat-input').press('Enter');
    await expect.poll(() => texts(a)).toEqual(['Hello Bob 👋', 'Hi Alice!']);
    expect(httpSends).toEqual([]);

    // An image.
    await byId(a, 'chat-attach').click();
    await byId(a, 'file-photo').setInputFiles(
      path.resolve(import.meta.dirname, '../apps/web/public/icon-192.png'),
    );
    await expect.poll(() => b.locator('[data-type="image"][data-status="sent"] img').count()).toBe(1);
    await expect
      .poll(() => b.locator('[data-type="image"] img').getAttribute('src'))
      .toMatch(/^\/uploads\/.+\.png\?w_=\d+&h_=\d+$/);

    // A voice message: a short press is refused, a 1.5 s hold is sent.
    await byId(b, 'chat-voice-toggle').click();
    const hold = byId(b, 'chat-voice-hold');
    const box = await hold.boundingBox();
    if (!box) throw new Error('no voice button');
    await b.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await b.mouse.down();
    await b.waitForTimeout(300);
    await b.mouse.up();
    await b.getByText('Too short').waitFor();
    await waitToast(b);
    await b.mouse.down();
    await byId(b, 'voice-overlay').waitFor();
    await b.waitForTimeout(1600);
    await shot(b, 'chat-04-b-recording');
    await b.mouse.up();
    await expect.poll(() => a.locator('[data-type="voice"][data-status="sent"]').count()).toBe(1);
    const seconds = Number(await a.locator('[data-testid="msg-voice"]').getAttribute('data-duration'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    await expect.poll(() => b.locator('[data-type="voice"][data-status="sent"]').count()).toBe(1);
    await shot(a, 'chat-05-a-chat');
    await shot(b, 'chat-06-b-chat');

    // Unread counts: B on the list gets two unread, A reading everything has none.
    await byId(b, 'nav-back').click();
    await byId(b, `session-${sessionId}`).waitFor();
    expect(await byId(b, `session-${sessionId}`).getAttribute('data-unread')).toBe('0');
    for (const text of ['Are you there?', 'Ping']) {
      await byId(a, 'chat-input').fill(text);
      await byId(a, 'chat-send').click();
    }
    await expect.poll(() => byId(b, `session-${sessionId}`).getAttribute('data-unread')).toBe('2');
    await expect.poll(() => tabBadge(b, 'chat')).toBe('2');
    await expect.poll(() => byId(b, `session-preview-${sessionId}`).textContent()).toBe('Ping');
    await shot(b, 'chat-07-b-list-unread');
    expect(await tabBadge(a, 'chat')).toBe('');

    // B goes offline; A sends 20 messages (the outbox sends them in order, one after another).
    await b.close();
    const batch = Array.from({ length: 20 }, (_, i) => `Batch message ${i + 1}`);
    for (const text of batch) {
      await byId(a, 'chat-input').fill(text);
      await byId(a, 'chat-input').press('Enter');
    }
    // The server allows 20 sends per 10 s: the outbox waits as told and goes on, still in order.
    await expect.poll(async () => (await texts(a)).slice(-20)).toEqual(batch);
    await expect
      .poll(() => a.locator('[data-testid="msg-list"] [data-status]:not([data-status="sent"])').count(), {
        timeout: 30_000,
      })
      .toBe(0);
    await shot(a, 'chat-08-a-sent-20');

    // B comes back: 22 unread, and the chat shows every message exactly once and in order.
    b = await ctxB.newPage();
    await b.goto(`${server.url}/#/pages/index/chat`);
    await expect.poll(() => byId(b, `session-${sessionId}`).getAttribute('data-unread')).toBe('22');
    await expect.poll(() => tabBadge(b, 'chat')).toBe('22');
    await shot(b, 'chat-09-b-back-unread');
    await byId(b, `session-${sessionId}`).click();
    const expected = ['Hello Bob 👋', 'Hi Alice!', 'Are you there?', 'Ping', ...batch];
    await expect.poll(() => texts(b), { timeout: 15_000 }).toEqual(expected);
    await b.locator('.msg-text').last().waitFor({ state: 'visible' });
    await shot(b, 'chat-10-b-caught-up');
    await byId(b, 'nav-back').click();
    await expect.poll(() => byId(b, `session-${sessionId}`).getAttribute('data-unread')).toBe('0');
    await expect.poll(() => tabBadge(b, 'chat')).toBe('');

    // While B's chat is open, a live message arrives once more (the socket after reload).
    await byId(b, `session-${sessionId}`).click();
    await byId(a, 'chat-input').fill('Welcome back');
    await byId(a, 'chat-send').click();
    await expect.poll(() => texts(b)).toEqual([...expected, 'Welcome back']);

    // B's network drops with the chat open and A writes. Back online, B's socket reconnects and catches up
    // (afterSeq): each message once, in order.
    await ctxB.setOffline(true);
    const away = ['While you were away 1', 'While you were away 2', 'While you were away 3'];
    for (const text of away) {
      await byId(a, 'chat-input').fill(text);
      await byId(a, 'chat-send').click();
    }
    await expect.poll(() => a.locator('[data-status="pending"]').count()).toBe(0);
    expect(await texts(b)).toEqual([...expected, 'Welcome back']);
    await ctxB.setOffline(false);
    await expect.poll(() => texts(b), { timeout: 15_000 }).toEqual([...expected, 'Welcome back', ...away]);

    // Offline again, B writes: the message waits as pending and goes out when the network is back.
    await ctxB.setOffline(true);
    await byId(b, 'chat-input').fill('Typed in a tunnel');
    await byId(b, 'chat-send').click();
    await b.waitForTimeout(1000);
    expect(await b.locator('[data-status="pending"]').count()).toBe(1);
    await shot(b, 'chat-11-b-offline-pending');
    await ctxB.setOffline(false);
    const all = [...expected, 'Welcome back', ...away, 'Typed in a tunnel'];
    await expect.poll(() => b.locator('[data-status="pending"]').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => texts(b)).toEqual(all);
    await expect.poll(() => texts(a)).toEqual(all);

    // A recalls a message with a long press: both sides see a notice instead, in the same place.
    const bubble = a.locator('.msg-bubble', { hasText: 'Welcome back' });
    const at = await bubble.boundingBox();
    if (!at) throw new Error('no bubble');
    await a.mouse.move(at.x + 10, at.y + 10);
    await a.mouse.down();
    await a.waitForTimeout(500);
    await a.mouse.up();
    await byId(a, 'msg-menu-recall').click();
    await a.getByText('You recalled a message').waitFor();
    await b.getByText('"Alice" recalled a message').waitFor();
    expect(await texts(b)).toEqual(all.filter((t) => t !== 'Welcome back'));
    await shot(b, 'chat-12-b-recalled');

    // The session list's long-press menu: mute, then delete; a new message brings the session back.
    await byId(b, 'nav-back').click();
    await longPress(b, byId(b, `session-${sessionId}`));
    await byId(b, 'session-menu-mute').click();
    await byId(b, `session-${sessionId}`).getByLabel('Muted').waitFor();
    await b.locator('.adm-action-sheet').waitFor({ state: 'detached' });
    await longPress(b, byId(b, `session-${sessionId}`));
    await byId(b, 'session-menu-delete').click();
    await byId(b, 'session-delete-confirm').click();
    await byId(b, 'chat-empty').waitFor();
    await byId(a, 'chat-input').fill('Still there?');
    await byId(a, 'chat-send').click();
    await expect.poll(() => byId(b, `session-preview-${sessionId}`).textContent()).toContain('Still there?');
    expect(await byId(b, `session-${sessionId}`).getAttribute('data-unread')).toBe('1');
    await shot(b, 'chat-13-b-back-after-delete');
    await ctxA.close();
    await ctxB.close();
  });
});

describe('every accepted request reaches the chat list at once', () => {
  it("Bob accepts two requests on his phone; his list and the requesters' open lists show the chats without a reload", async () => {
    const [alice, bob, carol] = await Promise.all([register('Alice'), register('Bob'), register('Carol')]);
    // The requests go first: a browser login replaces the member's API session.
    for (const who of [alice, carol]) await server.api.ok(friendApi.addFriend, { userId: bob.id }, who.token);
    const a = await logIn(await newPhone(browser), alice);
    const b = await logIn(await newPhone(browser), bob);
    await byId(a, 'chat-empty').waitFor();
    await byId(b, 'chat-empty').waitFor();

    await byId(b, 'tab-contact').click();
    await byId(b, 'contact-new-friends').click();
    for (const who of [alice, carol]) {
      await byId(b, `request-accept-${who.id}`).click();
      await expect.poll(() => byId(b, `request-${who.id}`).textContent()).toContain('Added');
    }
    const sessions = (await server.api.ok(sessionApi.page, { page: 1 }, await tokenOf(b))).list;
    expect(sessions.map((x) => x.userId).sort()).toEqual([alice.id, carol.id].sort());

    // Alice never left her chat tab: the new chat arrives there live.
    const withAlice = sessions.find((x) => x.userId === alice.id)!;
    await byId(a, `session-${withAlice.id}`).waitFor();
    // Bob's tab shows both at once, without a pull or a reload.
    await byId(b, 'nav-back').click();
    await byId(b, 'tab-chat').click();
    for (const x of sessions) await byId(b, `session-${x.id}`).waitFor();
    await shot(b, 'chat-30-b-list-after-two-accepts');
  });
});

describe('scan a QR code', () => {
  it("opens a member's card from a picture of their QR code; a chat that does not exist goes home", async () => {
    const [carol, dave] = await Promise.all([register('Carol'), register('Dave')]);
    const ctxC = await newPhone(browser);
    const ctxD = await newPhone(browser);
    const c = await logIn(ctxC, carol);
    await byId(c, 'tab-my').click();
    await byId(c, 'my-qr').click();
    const png = await byId(c, 'qr-code').screenshot();

    const d = await logIn(ctxD, dave);
    await byId(d, 'chat-plus').click();
    await d.getByText('Scan').click();
    await byId(d, 'scan-pick').waitFor();
    await shot(d, 'chat-14-scan');
    await byId(d, 'scan-file').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => byId(d, 'user-nickname').textContent(), { timeout: 15_000 }).toBe('Carol');
    expect(new URL(d.url()).hash).toMatch(/^#\/pages\/chat\/user-detail\?code=/);
    await byId(d, 'user-add').waitFor();
    await shot(d, 'chat-15-scan-opened');

    // A chat that is not mine (or does not exist) says so and goes home (docs/product.md#sessions).
    await d.goto(`${server.url}/#/pages/chat/index?id=999999`);
    await d.getByText('Session does not exist').waitFor();
    await expect.poll(() => new URL(d.url()).hash.split('?')[0]).toMatch(/^#\/(pages\/index\/chat)?$/);
    await ctxC.close();
    await ctxD.close();
  });
});
