import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, userApi } from '@chatpay/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, shot, startServer } from './harness.ts';
import { byId, logInAs, registerMember } from './people.ts';

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

describe('login activity', () => {
  it('a member sees this session, a wrong password and a new device under Me, and signs out there', async () => {
    const carol = await registerMember(server.api, 'Carol');
    // Someone tries a wrong password, then Carol signs in on her phone and later on a second one.
    await server.api.fails(
      userApi.loginByName,
      { username: carol.username, password: 'not-her-password' },
      null,
      ErrorCode.InvalidCredentials,
    );
    const first = await logInAs(server.url, await newPhone(browser), carol);
    await first.close();
    // The second phone keeps a device id of its own: a device she never signed in from.
    const page = await logInAs(server.url, await newPhone(browser), { ...carol, deviceId: randomUUID() });

    await byId(page, 'tab-my').click();
    await byId(page, 'my-devices').click();
    const current = byId(page, 'devices-session-current');
    await current.waitFor();
    await expect.poll(() => current.textContent()).toContain('This device');
    await expect.poll(() => current.textContent()).toContain('Chrome');
    const logins = byId(page, 'devices-logins');
    await expect.poll(() => logins.textContent()).toContain('New device');
    await expect.poll(() => logins.textContent()).toContain('Wrong password');
    await shot(page, 'login-activity-01');
    const docs = path.resolve(import.meta.dirname, '../docs/screenshots');
    fs.mkdirSync(docs, { recursive: true });
    await page.screenshot({ path: path.join(docs, 'login-activity.png'), fullPage: true });

    // Signing out from the list ends this session and returns to the login page.
    await current.getByRole('button').click();
    await byId(page, 'devices-end-confirm').click();
    await byId(page, 'login-username').waitFor();
  });
});
