import { deflateSync } from 'node:zlib';
import {
  adminComplainApi,
  adminVersionApi,
  appComplainApi,
  ErrorCode,
  momentsApi,
  userApi,
} from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { befriend, byId, logInAs, type Member, registerMember } from './people.ts';

const SUPPORT_PASSWORD = 'support-e2e-secret';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ SUPPORT_PASSWORD });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const register = (nickName: string) => registerMember(server.api, nickName);
const logIn = (context: BrowserContext, who: Member) => logInAs(server.url, context, who);
const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);
const phone = async (who: Member) => logIn(await newPhone(browser), who);

/** A real PNG of one colour (the server checks uploads by their bytes). */
const png = (size: number, [r, g, b]: [number, number, number]) => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const pngFile = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: png(48, rgb),
});

/** Logging in through the UI ends the registration's session (one session per member): the page's token. */
const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '';

/** Switches a page to Chinese (the stored locale) and reloads it. */
const inChinese = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem('locale', 'zh'));
  await page.reload();
};

describe('moments: a friends-only feed', () => {
  it('A posts two pictures, B likes and comments, A sees both and replies, C sees nothing', async () => {
    const [alice, bob, carol] = await Promise.all([register('Alice'), register('Bob'), register('Carol')]);
    await befriend(server.api, alice, bob);
    const [a, b, c] = await Promise.all([phone(alice), phone(bob), phone(carol)]);

    // A goes Discovery → Moments → camera, writes and picks two real PNG files.
    await byId(a, 'tab-discovery').click();
    await byId(a, 'discovery-moments').click();
    await byId(a, 'moments-empty').waitFor();
    await shot(a, 'moments-01-a-empty');
    await byId(a, 'moments-publish').click();
    expect(await byId(a, 'publish-submit').isDisabled()).toBe(true);
    await byId(a, 'publish-text').locator('textarea').first().fill('Sunset at the beach');
    await byId(a, 'publish-images')
      .locator('input[type=file]')
      .setInputFiles([pngFile('one.png', [240, 120, 40]), pngFile('two.png', [40, 120, 240])]);
    await expect
      .poll(() => byId(a, 'publish-images').locator('.adm-image-uploader-cell-image').count())
      .toBe(2);
    await expect.poll(() => byId(a, 'publish-submit').isEnabled()).toBe(true);
    await expect.poll(() => a.locator('.adm-image-uploader-cell-mask').count()).toBe(0);
    await shot(a, 'moments-02-a-compose');
    await byId(a, 'publish-submit').click();

    // Back on the feed, the post is on top with its two pictures.
    await byId(a, 'moments-list').waitFor();
    const [posted] = (await server.api.ok(momentsApi.page, { page: 1 }, await tokenOf(a))).list;
    expect(posted?.text).toBe('Sunset at the beach');
    const id = posted!.id;
    await expect.poll(() => byId(a, `moment-images-${id}`).getAttribute('data-count')).toBe('2');
    await a.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await shot(a, 'moments-03-a-feed');

    // B, on the chat tab, sees a dot on Discovery for A's new post; A goes to the Discovery tab.
    await b.locator('[data-testid="tab-discovery"] .adm-badge-dot').waitFor();
    await byId(b, 'tab-discovery').click();
    await expect.poll(() => byId(b, 'discovery-moments-news').getAttribute('data-badge')).toBe('dot');
    await shot(b, 'moments-03b-b-discovery-dot');
    await open(a, '/pages/index/discovery');
    await byId(a, 'discovery-moments').waitFor();

    // B likes it and comments.
    await open(b, '/pages/moments/index');
    await byId(b, `moment-${id}`).waitFor();
    await byId(b, `moment-more-${id}`).click();
    await byId(b, 'moment-like').filter({ visible: true }).click();
    await expect.poll(() => byId(b, `moment-likes-${id}`).textContent()).toContain('Bob');
    await byId(b, `moment-more-${id}`).click();
    await byId(b, 'moment-comment').filter({ visible: true }).click();
    await byId(b, 'comment-input').fill('Beautiful colours!');
    await shot(b, 'moments-04-b-commenting');
    await byId(b, 'comment-send').click();
    await expect
      .poll(() => byId(b, `moment-comments-${id}`).textContent())
      .toContain('Bob: Beautiful colours!');
    await shot(b, 'moments-05-b-liked');

    // A's Discovery tab counts the like and the comment, with Bob's face; Moments shows both, no reload.
    await expect.poll(() => byId(a, 'discovery-moments-news').getAttribute('data-badge')).toBe('2');
    expect(await a.locator('[data-testid="tab-discovery"] .adm-badge').textContent()).toBe('2');
    await shot(a, 'moments-05b-a-discovery-news');
    await byId(a, 'discovery-moments').click();
    // A answers B's comment.
    await expect.poll(() => byId(a, `moment-likes-${id}`).textContent()).toContain('Bob');
    await expect.poll(() => byId(a, `moment-comments-${id}`).textContent()).toContain('Beautiful colours!');
    await byId(a, `moment-comments-${id}`).getByText('Beautiful colours!').click();
    expect(await byId(a, 'comment-input').getAttribute('placeholder')).toBe('Reply to Bob');
    await byId(a, 'comment-input').fill('Thanks!');
    await byId(a, 'comment-send').click();
    await expect
      .poll(() => byId(a, `moment-comments-${id}`).textContent())
      .toContain('Alice replied to Bob: Thanks!');
    await shot(a, 'moments-06-a-sees-like-comment');

    // Tapping a picture opens the viewer.
    await byId(a, `moment-images-${id}`).locator('button').first().click();
    await a.locator('.adm-image-viewer-content').first().waitFor();
    await shot(a, 'moments-07-a-viewer');
    await a.keyboard.press('Escape');

    // C is not A's friend: C's feed is empty and the moment cannot be read.
    await open(c, '/pages/moments/index');
    await byId(c, 'moments-empty').waitFor();
    expect(await c.getByText('Sunset at the beach').count()).toBe(0);
    await shot(c, 'moments-08-c-empty');
    await server.api.fails(momentsApi.detail, { id }, await tokenOf(c), ErrorCode.MomentNotFound);
    await open(c, `/pages/moments/detail?id=${id}`);
    await byId(c, 'load-retry').waitFor();

    // The same feed in Chinese.
    await inChinese(a);
    await expect
      .poll(() => byId(a, `moment-comments-${id}`).textContent())
      .toContain('Alice回复Bob：Thanks!');
    await shot(a, 'moments-09-a-feed-zh');
  });
});

describe('complaints and settings', () => {
  it('A complains about B from the user card, sees it in the list and the support reply in the detail', async () => {
    const [alice, bob] = await Promise.all([register('Alice'), register('Bob')]);
    await befriend(server.api, alice, bob);
    const a = await phone(alice);

    await open(a, `/pages/chat/user-detail?id=${bob.id}`);
    await byId(a, 'user-complain').click();
    await byId(a, 'ticket-target').waitFor();
    expect(await byId(a, 'ticket-target').textContent()).toContain('Bob');
    expect(await byId(a, 'ticket-submit').isDisabled()).toBe(true);
    await byId(a, 'ticket-type-spam').click();
    await byId(a, 'ticket-text').locator('textarea').first().fill('Sends me adverts every hour');
    await byId(a, 'ticket-images')
      .locator('input[type=file]')
      .setInputFiles([pngFile('proof.png', [200, 30, 30])]);
    await expect
      .poll(() => byId(a, 'ticket-images').locator('.adm-image-uploader-cell-image').count())
      .toBe(1);
    await byId(a, 'ticket-contact').fill('alice@example.com');
    await expect.poll(() => byId(a, 'ticket-submit').isEnabled()).toBe(true);
    await shot(a, 'complain-01-submit');
    await byId(a, 'ticket-submit').click();

    // The detail: pending, no reply yet.
    await expect.poll(() => byId(a, 'ticket-status').textContent()).toBe('Pending');
    expect(await byId(a, 'ticket-type').textContent()).toBe('Spam or advertising');
    expect(await byId(a, 'ticket-text-view').textContent()).toBe('Sends me adverts every hour');
    expect(await byId(a, 'ticket-target-view').textContent()).toBe('About Bob');
    await byId(a, 'ticket-images-view').locator('img').first().waitFor();
    await a.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await shot(a, 'complain-02-detail-pending');

    // Support answers; the list shows the new status and the detail the reply.
    const [mine] = (await server.api.ok(appComplainApi.page, { page: 1 }, await tokenOf(a))).list;
    const support = await server.api.ok(userApi.loginByName, {
      username: 'support',
      password: SUPPORT_PASSWORD,
    });
    await server.api.ok(
      adminComplainApi.reply,
      { id: mine!.id, reply: 'We warned the member. Thank you for telling us.', status: 'resolved' },
      support.token,
    );
    await open(a, '/uni_modules/cool-app/pages/complain/list');
    await expect.poll(() => byId(a, `ticket-status-${mine?.id}`).textContent()).toBe('Resolved');
    await shot(a, 'complain-03-list');
    await byId(a, `ticket-${mine?.id}`).click();
    await expect.poll(() => byId(a, 'ticket-reply').textContent()).toContain('We warned the member');
    await shot(a, 'complain-04-detail-replied');
    await inChinese(a);
    await expect.poll(() => byId(a, 'ticket-status').textContent()).toBe('已解决');
    await shot(a, 'complain-05-detail-zh');

    // Feedback is reached from the Me tab and uses the same pages.
    await open(a, '/pages/index/my');
    await byId(a, 'my-feedback').click();
    await byId(a, 'ticket-type-suggestion').waitFor();
    await shot(a, 'feedback-01-submit-zh');
  });

  it('B complains about a moment from its menu, support sees the target and picture, B opens the reply from the notice', async () => {
    const [alice, bob] = await Promise.all([register('Alice'), register('Bob')]);
    await befriend(server.api, alice, bob);
    const moment = await server.api.ok(momentsApi.post, { text: 'Cheap USDT, pay me outside' }, alice.token);
    const b = await phone(bob);

    // The moment's "…" menu offers Complain; the form names the moment.
    await open(b, `/pages/moments/detail?id=${moment.id}`);
    await byId(b, `moment-more-${moment.id}`).click();
    await byId(b, 'moment-complain').click();
    await expect.poll(() => byId(b, 'ticket-target').textContent()).toContain('Cheap USDT, pay me outside');
    await byId(b, 'ticket-type-fraud').click();
    await byId(b, 'ticket-text').locator('textarea').first().fill('Asks friends to pay outside the market');
    await byId(b, 'ticket-images')
      .locator('input[type=file]')
      .setInputFiles([pngFile('moment-proof.png', [30, 30, 200])]);
    await expect
      .poll(() => byId(b, 'ticket-images').locator('.adm-image-uploader-cell-image').count())
      .toBe(1);
    await byId(b, 'ticket-contact').fill('bob@example.com');
    await expect.poll(() => byId(b, 'ticket-submit').isEnabled()).toBe(true);
    await shot(b, 'complain-10-moment-submit-390');
    await byId(b, 'ticket-submit').click();
    await expect.poll(() => byId(b, 'ticket-status').textContent()).toBe('Pending');
    expect(await byId(b, 'ticket-target-view').textContent()).toContain('Cheap USDT, pay me outside');

    // The Me tab's Complaints entry lists it.
    const [mine] = (await server.api.ok(appComplainApi.page, { page: 1 }, await tokenOf(b))).list;
    expect(mine?.target).toEqual({ kind: 'moment', id: moment.id, label: 'Cheap USDT, pay me outside' });
    await open(b, '/pages/index/my');
    await byId(b, 'my-complaints').click();
    await byId(b, `ticket-${mine?.id}`).waitFor();
    await b.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await shot(b, 'complain-11-me-list-390');

    // Support sees who complained, about what, with the picture, and answers from the console.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const staff = await desk.newPage();
    await staff.goto(`${server.url}/#/pages/login/index`);
    await byId(staff, 'login-username').fill('support');
    await byId(staff, 'login-password').fill(SUPPORT_PASSWORD);
    await byId(staff, 'login-submit').click();
    await byId(staff, 'console-dashboard').waitFor();
    await open(staff, '/admin/tickets/complain');
    const target = byId(staff, `ticket-target-${mine?.id}`);
    await expect.poll(() => target.textContent()).toBe('MomentCheap USDT, pay me outside');
    expect(await target.getAttribute('data-kind')).toBe('moment');
    expect(await byId(staff, `ticket-from-${mine?.id}`).getAttribute('href')).toBe(
      `#/admin/members?id=${bob.id}`,
    );
    expect(await byId(staff, `ticket-contact-${mine?.id}`).textContent()).toBe('Contact: bob@example.com');
    const picture = byId(staff, `ticket-images-${mine?.id}`).locator('a');
    expect(await picture.count()).toBe(1);
    expect(await picture.getAttribute('href')).toBe(mine?.images[0]);
    await expect
      .poll(() => picture.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await shot(staff, 'console-20-complaint-moment-1280');
    await byId(staff, `ticket-reply-${mine?.id}`).click();
    await expect
      .poll(() => byId(staff, 'ticket-reply-summary').textContent())
      .toContain('Asks friends to pay outside the market');
    await byId(staff, 'ticket-reply-text').fill('We removed the moment and warned the member.');
    await shot(staff, 'console-21-complaint-reply-1280');
    await byId(staff, 'ticket-reply-send').click();
    await byId(staff, 'tickets-empty').waitFor();
    await desk.close();

    // The notice in the service chat opens the ticket with the reply.
    await open(b, '/pages/index/my');
    await byId(b, 'my-service').click();
    const notice = byId(b, `ticket-reply-notice-${mine?.id}`);
    await notice.waitFor();
    await shot(b, 'complain-12-reply-notice-390');
    await notice.click();
    await expect.poll(() => byId(b, 'ticket-reply').textContent()).toContain('We removed the moment');
    expect(b.url()).toContain(`/uni_modules/cool-app/pages/complain/detail?id=${mine?.id}`);
    await shot(b, 'complain-13-reply-detail-390');
  });

  it('the sound switch is kept on the device; notifications off also silence the sound', async () => {
    const alice = await register('Alice');
    const a = await phone(alice);
    await byId(a, 'tab-my').click();
    await byId(a, 'my-settings').click();
    const checked = (id: string) => byId(a, id).getAttribute('aria-checked');
    expect(await checked('set-sound')).toBe('true');
    await byId(a, 'set-sound').click();
    await expect.poll(() => checked('set-sound')).toBe('false');
    await a.reload();
    await expect.poll(() => checked('set-sound')).toBe('false');
    expect(JSON.parse((await a.evaluate(() => localStorage.getItem('prefs'))) ?? '{}')).toEqual({
      notify: true,
      sound: false,
      orderSound: true,
      preview: true,
    });
    await shot(a, 'settings-01-sound-off');
    await byId(a, 'set-sound').click();
    await expect.poll(() => checked('set-sound')).toBe('true');

    // Clear cache keeps the login.
    await byId(a, 'set-clear-cache').click();
    await byId(a, 'set-clear-dialog-confirm').click();
    await a.getByText(/Cache cleared/).waitFor();
    await shot(a, 'settings-02-cleared');
    await open(a, '/pages/index/my');
    await expect.poll(() => byId(a, 'my-nickname').textContent()).toBe('Alice');

    // About: the version check answers that this is the latest version.
    await open(a, '/pages/user/about');
    await expect.poll(() => byId(a, 'about-update-state').textContent()).toBe('Up to date');
    await byId(a, 'about-check').click();
    await a.getByText('You are on the latest version').waitFor();
    await shot(a, 'settings-03-about');

    // The operator publishes a newer web version: the about page offers it with its notes.
    const admin = await server.api.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    await server.api.ok(
      adminVersionApi.publish,
      { platform: 'web', version: '4.4.0', versionCode: 101, notes: 'Moments and a new settings page.' },
      admin.token,
    );
    await a.reload();
    await expect.poll(() => byId(a, 'about-update-state').textContent()).toBe('Update available');
    await byId(a, 'about-check').click();
    await byId(a, 'update-dialog').waitFor();
    expect(await byId(a, 'update-dialog').textContent()).toContain('Moments and a new settings page.');
    await shot(a, 'settings-04-update');
    await byId(a, 'update-later').click();
    await byId(a, 'update-dialog').waitFor({ state: 'detached' });
    await inChinese(a);
    await open(a, '/pages/user/set');
    await byId(a, 'set-sound').waitFor();
    await shot(a, 'settings-05-zh');
  });
});
