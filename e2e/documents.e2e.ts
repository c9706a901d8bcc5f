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

/** A phrase of each built-in text in its language (apps/server/src/modules/base/texts/). */
const phrases = {
  zh: { about: '内置 USDT 钱包', agreement: '用户协议', privacy: '隐私政策' },
  jp: { about: 'USDT ウォレット', agreement: '利用規約', privacy: 'プライバシーポリシー' },
  vn: { about: 'ví USDT', agreement: 'Thỏa thuận người dùng', privacy: 'Chính sách quyền riêng tư' },
};

describe('documents in the reader’s language', () => {
  it('About, the agreement and the privacy policy come in the app’s language', async () => {
    const member = await registerMember(server.api, 'Reader');
    const page = await logInAs(server.url, await newPhone(browser), member);
    for (const [lang, phrase] of Object.entries(phrases)) {
      await page.goto(`${server.url}/#/pages/base/language`);
      await byId(page, `language-${lang}`).click();
      await expect.poll(() => byId(page, `language-${lang}`).getAttribute('aria-selected')).toBe('true');

      await page.goto(`${server.url}/#/pages/user/about`);
      await expect.poll(() => byId(page, 'about-text').textContent()).toContain(phrase.about);
      await byId(page, 'about-agreement').click();
      await expect.poll(() => byId(page, 'doc-text').textContent()).toContain(phrase.agreement);
      expect(await byId(page, 'doc-text').textContent()).not.toContain('User Agreement');
      await shot(page, `documents-agreement-${lang}`);
      await page.goto(`${server.url}/#/pages/user/doc?type=privacy`);
      await expect.poll(() => byId(page, 'doc-text').textContent()).toContain(phrase.privacy);
    }
  });
});
