import { friendApi } from '@chatpay/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { befriend, byId, logInAs, phoneClient, registerMember, texts } from './people.ts';

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

describe('block list', () => {
  it('A blocks B from the chat, B is refused in his language, A unblocks from Settings', async () => {
    const [alice, bob] = await Promise.all([
      registerMember(server.api, 'Alice'),
      registerMember(server.api, 'Bob'),
    ]);
    const sessionId = await befriend(server.api, alice, bob);
    const [ctxA, ctxB] = await Promise.all([newPhone(browser), newPhone(browser)]);
    const [a, b] = await Promise.all([logInAs(server.url, ctxA, alice), logInAs(server.url, ctxB, bob)]);

    // Bob reads the app in Chinese: the refusal must come in his language, not the server's English.
    await b.goto(`${server.url}/#/pages/base/language`);
    await byId(b, 'language-zh').click();
    await expect.poll(() => byId(b, 'language-zh').getAttribute('aria-selected')).toBe('true');

    // Alice opens the chat's info (Bob's card) and blocks him after confirming.
    await a.goto(`${server.url}/#/pages/chat/index?id=${sessionId}`);
    await byId(a, 'chat-detail').click();
    await byId(a, 'user-block').click();
    await byId(a, 'block-confirm').waitFor();
    await shot(a, 'block-01-confirm');
    await byId(a, 'block-confirm').click();
    await byId(a, 'user-unblock').waitFor();
    await shot(a, 'block-02-blocked');
    const asAlice = phoneClient(server.url, a);
    expect((await asAlice.ok(friendApi.blockList, {})).map((u) => u.userId)).toEqual([bob.id]);

    // Bob writes: refused with the translated reason, and the message stays failed on his side only.
    await b.goto(`${server.url}/#/pages/chat/index?id=${sessionId}`);
    await byId(b, 'chat-input').fill('Are you there?');
    await byId(b, 'chat-send').click();
    await expect
      .poll(
        () =>
          b
            .locator('.adm-toast-main')
            .textContent()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toContain('无法联系该用户');
    await expect.poll(() => b.locator('[data-status="failed"]').count()).toBe(1);
    await shot(b, 'block-03-bob-refused');

    // Alice unblocks from Settings → Blocked members.
    await a.goto(`${server.url}/#/pages/user/set`);
    await byId(a, 'set-blocked').click();
    await byId(a, `blocked-${bob.id}`).waitFor();
    await shot(a, 'block-04-list');
    await byId(a, `blocked-unblock-${bob.id}`).click();
    await byId(a, 'unblock-confirm').click();
    await byId(a, 'blocked-empty').waitFor();
    await shot(a, 'block-05-list-empty');

    // Bob can reach her again.
    await b.reload();
    await byId(b, 'chat-input').fill('Hello again');
    await byId(b, 'chat-send').click();
    await a.goto(`${server.url}/#/pages/chat/index?id=${sessionId}`);
    await expect.poll(() => texts(a), { timeout: 10_000 }).toContain('Hello again');
    await Promise.all([ctxA.close(), ctxB.close()]);
  });
});
