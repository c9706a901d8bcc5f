import { sessionApi } from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFailures } from './axe.ts';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { befriend, byId, logInAs, longPress, type Member, registerMember, texts } from './people.ts';

/**
 * Editing a message and reacting to one (docs/product.md#messages): Alice (English) edits her message and
 * reacts; Bob (Chinese) sees both live, after a reload, and on a desktop browser, where he reacts from the
 * hover button.
 */
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

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);
const logIn = async (who: Member, locale: string, context?: BrowserContext) => {
  const ctx = context ?? (await newPhone(browser));
  await ctx.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const page = await logInAs(server.url, ctx, who);
  who.token = (await page.evaluate(() => localStorage.getItem('uni_id_token'))) ?? '';
  return page;
};
const send = async (page: Page, text: string) => {
  await byId(page, 'chat-input').fill(text);
  await byId(page, 'chat-send').click();
};
const bubble = (page: Page, text: string) =>
  page.locator('[data-testid="msg-list"] .msg-bubble', { hasText: text }).first();
const line = (page: Page, text: string) =>
  page.locator('[data-testid="msg-list"] .msg-line', { hasText: text }).first();
const sheetGone = (page: Page) => page.locator('.adm-action-sheet').waitFor({ state: 'detached' });
const chipCount = (page: Page, text: string, emoji: string) =>
  line(page, text)
    .getByTestId(`reaction-${emoji}`)
    .getAttribute('data-count', { timeout: 1000 })
    .catch(() => null);

describe('edit and react', () => {
  it('Alice edits and reacts; Bob sees both live, after a reload and on a desktop', async () => {
    const [alice, bob] = await Promise.all([
      registerMember(server.api, 'Alice'),
      registerMember(server.api, 'Bob'),
    ]);
    const sessionId = await befriend(server.api, alice, bob);
    const a = await logIn(alice, 'en');
    const b = await logIn(bob, 'zh');
    await open(a, `/pages/chat/index?id=${sessionId}`);
    await open(b, `/pages/chat/index?id=${sessionId}`);
    await byId(a, 'msg-list').waitFor();
    await byId(b, 'msg-list').waitFor();

    await send(a, 'Meet at 5 by the gate');
    // Bob answers quoting it.
    await expect.poll(() => texts(b)).toEqual(['Meet at 5 by the gate']);
    await longPress(b, bubble(b, 'Meet at 5'));
    await byId(b, 'msg-menu-quote').click();
    await sheetGone(b);
    await send(b, 'OK, see you');
    await expect.poll(() => texts(b)).toEqual(['Meet at 5 by the gate', 'OK, see you']);
    await expect.poll(() => texts(a)).toEqual(['Meet at 5 by the gate', 'OK, see you']);

    // Alice's menu on her own text: the quick reactions and Edit.
    await longPress(a, bubble(a, 'Meet at 5'));
    await byId(a, 'msg-menu-edit').waitFor();
    await byId(a, 'reaction-quick').waitFor();
    await shot(a, 'chatedit-01-a-menu-en-390');
    // The menu with its quick reactions row passes axe.
    expect(await axeFailures(a)).toEqual([]);
    await byId(a, 'msg-menu-edit').click();
    await sheetGone(a);
    await byId(a, 'composer-edit').waitFor();
    expect(await byId(a, 'chat-input').inputValue()).toBe('Meet at 5 by the gate');
    // Cancel gives the (empty) draft back; editing again and sending saves.
    await byId(a, 'composer-edit-cancel').click();
    await expect.poll(() => byId(a, 'chat-input').inputValue()).toBe('');
    await longPress(a, bubble(a, 'Meet at 5'));
    await byId(a, 'msg-menu-edit').click();
    await sheetGone(a);
    await byId(a, 'chat-input').fill('Meet at 6 by the gate');
    await shot(a, 'chatedit-02-a-editing-en-390');
    await byId(a, 'chat-send').click();
    await byId(a, 'composer-edit').waitFor({ state: 'detached' });

    // Bob: the new text in place (no second message), marked edited, live.
    await expect.poll(() => texts(b)).toEqual(['Meet at 6 by the gate', 'OK, see you']);
    await expect.poll(() => line(b, 'Meet at 6').getByTestId('msg-edited').textContent()).toBe('已编辑');
    expect(await line(a, 'Meet at 6').getByTestId('msg-edited').textContent()).toBe('edited');
    // Bob's reply quotes the text as it reads now.
    await expect
      .poll(() => line(b, 'OK, see you').getByTestId('msg-quote').textContent())
      .toBe('Meet at 6 by the gate');

    // Alice reacts to Bob's message from the quick row, and with another emoji from the picker.
    await longPress(a, bubble(a, 'OK, see you'));
    await byId(a, 'reaction-quick-👍').click();
    await sheetGone(a);
    await longPress(a, bubble(a, 'OK, see you'));
    await byId(a, 'reaction-more').click();
    await sheetGone(a);
    await byId(a, 'reaction-picker').waitFor();
    await shot(a, 'chatedit-03-a-picker-en-390');
    expect(await axeFailures(a)).toEqual([]);
    await byId(a, 'reaction-pick-🎉').click();
    await byId(a, 'reaction-picker').waitFor({ state: 'detached' });
    await expect.poll(() => chipCount(a, 'OK, see you', '🎉')).toBe('1');

    // Bob sees both chips live, and who reacted.
    await expect.poll(() => chipCount(b, 'OK, see you', '👍')).toBe('1');
    await expect.poll(() => chipCount(b, 'OK, see you', '🎉')).toBe('1');
    await shot(b, 'chatedit-04-b-live-zh-390');
    await line(b, 'OK, see you').getByTestId('reaction-who').click();
    await byId(b, 'reaction-who-sheet').waitFor();
    expect(await byId(b, 'reaction-who-👍').textContent()).toContain('Alice');
    await shot(b, 'chatedit-05-b-who-zh-390');
    expect(await axeFailures(b)).toEqual([]);
    await b.mouse.click(5, 5);
    await byId(b, 'reaction-who-sheet').waitFor({ state: 'detached' });

    // Bob adds his 👍 by tapping the chip: Alice sees the count go to 2; tapping her own takes hers back.
    await line(b, 'OK, see you').getByTestId('reaction-👍').click();
    await expect.poll(() => chipCount(a, 'OK, see you', '👍')).toBe('2');
    await line(a, 'OK, see you').getByTestId('reaction-🎉').click();
    await expect.poll(() => chipCount(b, 'OK, see you', '🎉')).toBe(null);

    // After a reload Bob still has the edited text, once, and the reactions.
    await b.reload();
    await byId(b, 'msg-list').waitFor();
    await expect.poll(() => texts(b)).toEqual(['Meet at 6 by the gate', 'OK, see you']);
    await expect.poll(() => line(b, 'Meet at 6').getByTestId('msg-edited').count()).toBe(1);
    await expect.poll(() => chipCount(b, 'OK, see you', '👍')).toBe('2');
    // The chat list's preview: the last message, as it is now.
    const list = await server.api.ok(sessionApi.page, {}, bob.token);
    expect(list.list.find((s) => s.id === sessionId)?.content).toMatchObject({ text: 'OK, see you' });

    // A wide screen: Alice's chat at 1280 px.
    await a.setViewportSize({ width: 1280, height: 800 });
    await shot(a, 'chatedit-06-a-en-1280');

    // Bob on a desktop browser (a mouse, no touch): the hover button beside a bubble opens the picker.
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const d = await logIn(bob, 'zh', desktop);
    await open(d, `/pages/chat/index?id=${sessionId}`);
    await byId(d, 'msg-list').waitFor();
    await expect.poll(() => texts(d)).toEqual(['Meet at 6 by the gate', 'OK, see you']);
    await expect.poll(() => line(d, 'Meet at 6').getByTestId('msg-edited').count()).toBe(1);
    await line(d, 'Meet at 6').locator('.msg-bubble').hover();
    await line(d, 'Meet at 6').locator('[data-testid^="msg-react-hover-"]').click();
    await byId(d, 'reaction-picker').waitFor();
    await byId(d, 'reaction-pick-❤️').click();
    await expect.poll(() => chipCount(a, 'Meet at 6', '❤️')).toBe('1');
    await line(d, 'Meet at 6').locator('.msg-bubble').hover();
    await shot(d, 'chatedit-07-b-desktop-zh-1280');
    expect(await axeFailures(d)).toEqual([]);
    await desktop.close();
  });
});
