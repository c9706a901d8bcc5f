import fs from 'node:fs';
import path from 'node:path';
import { baseApi, userApi } from '@chatpay/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { befriend, byId, logInAs, type Member, registerMember, texts } from './people.ts';

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

const open = (page: Page, route: string) => page.goto(`${server.url}/#${route}`);

/** Gives a member an uploaded avatar through the API (local upload mode), before they log in. */
const giveAvatar = async (who: Member) => {
  const form = new FormData();
  const bytes = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/public/icon-192.png'));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'face.png');
  const res = await fetch(`${server.url}/api${baseApi.upload.path}`, {
    method: 'POST',
    headers: { authorization: who.token },
    body: form,
  });
  const url = ((await res.json()) as { data: string }).data;
  await server.api.ok(userApi.setUser, { dataKey: 'avatar', dataValue: url }, who.token);
};

describe('groups: create, roles, mute, dissolve', () => {
  it('A makes a group with B and C, B becomes manager and mutes C, A dissolves it', async () => {
    const [alice, bob, carol] = await Promise.all([register('Alice'), register('Bob'), register('Carol')]);
    await befriend(server.api, alice, bob);
    const single = await befriend(server.api, alice, carol);
    await Promise.all([alice, bob, carol].map(giveAvatar));
    const phone = async (who: Member) => logIn(await newPhone(browser), who);
    const [a, b, c] = await Promise.all([phone(alice), phone(bob), phone(carol)]);

    // A creates the group from the "+" menu.
    await byId(a, 'chat-plus').click();
    await a.getByText('New group chat').click();
    await byId(a, `group-pick-${bob.id}`).click();
    await byId(a, `group-pick-${carol.id}`).click();
    await shot(a, 'group-01-a-pick');
    await byId(a, 'group-create-submit').click();
    await byId(a, 'chat-page').waitFor();
    const sessionId = Number(await byId(a, 'chat-page').getAttribute('data-session'));
    expect(sessionId).toBeGreaterThan(0);
    await expect.poll(() => a.locator('.adm-nav-bar-title').textContent()).toContain('(3)');
    await shot(a, 'group-02-a-chat');
    // A mentions Bob: "@" offers the members (and everyone, A being the owner); Bob's list flags the chat.
    await byId(a, 'chat-input').pressSequentially('@');
    await byId(a, 'mention-pick-all').waitFor();
    await shot(a, 'group-02a-a-mention-pick');
    await byId(a, `mention-pick-${bob.id}`).click();
    await a.locator('.adm-action-sheet').waitFor({ state: 'detached' });
    await byId(a, 'chat-input').pressSequentially('see you at 8');
    expect(await byId(a, 'chat-input').inputValue()).toBe('@Bob see you at 8');
    await byId(a, 'chat-send').click();
    await byId(b, `session-mentioned-${sessionId}`).waitFor();
    await expect
      .poll(() => byId(b, `session-preview-${sessionId}`).textContent())
      .toContain('[You were mentioned]');
    await shot(b, 'group-02c-b-mentioned');
    // In B's chat list the group's avatar is a grid of its members' faces, not one person's.
    await expect.poll(() => byId(b, `session-avatar-${sessionId}`).getAttribute('data-count')).toBe('3');
    expect(await byId(b, `session-avatar-${sessionId}`).locator('img').count()).toBe(3);
    // Each face is a thumbnail that loads.
    await expect
      .poll(() =>
        byId(b, `session-avatar-${sessionId}`)
          .locator('img')
          .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(3);
    await shot(b, 'group-02b-b-avatar-grid');

    // A makes B a manager from the group settings.
    await byId(a, 'chat-group-detail').click();
    await byId(a, `member-${bob.id}`).click();
    await byId(a, 'member-action-setManager').click();
    await expect.poll(() => byId(a, `member-${bob.id}`).getAttribute('data-role')).toBe('manager');
    await shot(a, 'group-03-a-settings');
    await a.locator('.adm-action-sheet').waitFor({ state: 'detached' });

    // A renames the group (empty is refused) and looks at its QR code.
    await byId(a, 'group-name-row').click();
    const name = byId(a, 'group-edit-input').locator('textarea').first();
    await name.fill('');
    await byId(a, 'group-edit-save').click();
    await a.getByText('Content cannot be empty').waitFor();
    await name.fill('Weekend trip');
    await byId(a, 'group-edit-save').click();
    await expect.poll(() => byId(a, 'group-name-row').textContent()).toContain('Weekend trip');
    // The announcement is posted into the chat: B's list previews it.
    await byId(a, 'group-announcement-row').click();
    await byId(a, 'group-edit-input').locator('textarea').first().fill('Meet at the station, 8:00');
    await byId(a, 'group-edit-save').click();
    await expect
      .poll(() => byId(b, `session-${sessionId}`).textContent())
      .toContain('updated the group announcement: Meet at the station, 8:00');
    await byId(a, 'group-qr-row').click();
    expect(await byId(a, 'group-qr-code').getAttribute('data-link')).toMatch(
      /#\/pages\/chat\/group-join\?code=\w+$/,
    );
    await a.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    // The link can be copied to share it.
    await a.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await byId(a, 'group-qr-copy').click();
    await expect
      .poll(() => a.evaluate(() => navigator.clipboard.readText()))
      .toBe(await byId(a, 'group-qr-code').getAttribute('data-link'));
    await a.locator('.adm-toast-mask').waitFor({ state: 'detached' });
    await shot(a, 'group-03b-a-qr');

    // B finds the group under "Group chats" on the contacts tab; now a manager, B mutes C.
    await byId(b, 'tab-contact').click();
    await byId(b, 'contact-plus').click();
    await b.getByText('New group chat').waitFor();
    await shot(b, 'group-04-b-contacts-plus');
    await byId(b, 'contact-plus').click();
    await byId(b, 'contact-groups').click();
    await expect.poll(() => byId(b, 'group-list').textContent()).toContain('Weekend trip');
    await shot(b, 'group-04a-b-group-list');
    await open(b, `/pages/chat/detail?id=${sessionId}`);
    await byId(b, `member-${carol.id}`).click();
    await byId(b, 'member-action-mute').click();
    // For how long: the usual lengths or until unmuted.
    await byId(b, 'mute-for-forever').waitFor();
    await shot(b, 'group-04-b-mute-lengths');
    await byId(b, 'mute-for-60').click();
    await expect.poll(() => byId(b, `member-${carol.id}`).getAttribute('data-muted')).toBe('1');
    await shot(b, 'group-04-b-muted-c');

    // C cannot send in the group: a disabled "Muted" bar instead of an input that would fail.
    await open(c, `/pages/chat/index?id=${sessionId}`);
    await byId(c, 'msg-list').waitFor();
    await byId(c, 'chat-input-muted').waitFor();
    expect(await byId(c, 'chat-input-muted').isDisabled()).toBe(true);
    expect(await byId(c, 'chat-input').count()).toBe(0);
    await shot(c, 'group-05-c-muted');

    // A turns on "mute all" and B lifts C's own mute: C still cannot send, and the bar says why.
    await open(a, `/pages/chat/detail?id=${sessionId}`);
    await byId(a, 'group-mute-all').click();
    await expect.poll(() => byId(a, 'group-mute-all').getAttribute('aria-checked')).toBe('true');
    await shot(a, 'group-05a-a-mute-all');
    await byId(b, `member-${carol.id}`).click();
    await byId(b, 'member-action-unmute').click();
    await expect.poll(() => byId(b, `member-${carol.id}`).getAttribute('data-muted')).toBe('0');
    await expect
      .poll(() => byId(c, 'chat-input-muted').getAttribute('placeholder'))
      .toBe('Only the owner and managers can send');
    await shot(c, 'group-05b-c-mute-all');

    // C's single chat with A still works.
    await open(c, `/pages/chat/index?id=${single}`);
    await byId(c, 'chat-page').waitFor();
    await open(a, `/pages/chat/index?id=${single}`);
    await byId(a, 'chat-page').waitFor();
    await byId(c, 'chat-input').fill('Hi Alice, privately');
    await byId(c, 'chat-send').click();
    await expect.poll(() => texts(a)).toContain('Hi Alice, privately');

    // A dissolves the group; B sees it dissolved.
    await open(a, `/pages/chat/detail?id=${sessionId}`);
    await byId(a, 'group-dissolve').click();
    await byId(a, 'group-dissolve-dialog-confirm').click();
    await byId(a, 'group-dissolved').waitFor();
    await a.locator('.adm-dialog').waitFor({ state: 'detached' });
    await shot(a, 'group-06-a-dissolved');
    await open(b, `/pages/chat/index?id=${sessionId}`);
    await byId(b, 'chat-dissolved').waitFor();
    // Members keep the history of a dissolved group, down to the dissolve notice.
    const notices = () => b.locator('[data-testid="msg-list"] .msg-notice').allTextContents();
    await expect.poll(notices).toContain('Bob muted Carol for 1 hour');
    await expect.poll(notices).toContain('Alice turned on mute all');
    await expect.poll(notices).toContain('Alice dissolved the group');
    await shot(b, 'group-07-b-dissolved');
  });
});
