import type { BrowserContext, Page } from 'playwright-core';

/** Helpers for browser tests with several members: API set-up, login through the UI, common reads. */

export const PASSWORD = 'e2e-secret-1';

export const byId = (page: Page, id: string) => page.getByTestId(id);

/** The texts the chat page shows, top to bottom. */
export const texts = (page: Page) => page.locator('[data-testid="msg-list"] .msg-text').allTextContents();

export interface Member {
  id: number;
  memberId: string;
  username: string;
  nickName: string;
  token: string;
}

/** Calls the API; anything but code 1000 throws, so set-up failures stop the test where they happen. */
export const apiCall = async <T>(baseUrl: string, pathname: string, token: string | null, body?: unknown) => {
  const res = await fetch(`${baseUrl}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; message: string };
  if (json.code !== 1000) throw new Error(`${pathname}: ${json.code} ${json.message}`);
  return json.data;
};

/** Registers through the API (the account test covers the sign-up screens) and answers who it is. */
export const registerMember = async (baseUrl: string, nickName: string): Promise<Member> => {
  const username = `${nickName.toLowerCase()}_${Date.now().toString(36)}`;
  const { token } = await apiCall<{ token: string }>(baseUrl, '/app/html5/user/registerByName', null, {
    username,
    password: PASSWORD,
    nickName,
    agree: true,
  });
  const me = await apiCall<{ id: number; memberId: string }>(baseUrl, '/app/html5/user/person', token);
  return { id: me.id, memberId: me.memberId, username, nickName, token };
};

/** Logs a member in through the login page in a fresh page of `context`. */
export const logInAs = async (baseUrl: string, context: BrowserContext, who: Member) => {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#/pages/login/index`);
  await byId(page, 'login-username').fill(who.username);
  await byId(page, 'login-password').fill(PASSWORD);
  await byId(page, 'login-submit').click();
  await byId(page, 'tab-chat').waitFor();
  return page;
};
