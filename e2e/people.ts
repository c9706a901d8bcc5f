import { randomUUID } from 'node:crypto';
import {
  type ContractClient,
  createContractClient,
  ErrorCode,
  friendApi,
  messageApi,
  testKycApi,
  userApi,
} from '@chatpay/shared';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { fetchTransport } from '../test-support/http.ts';

/** Helpers for browser tests with several members: API set-up, login through the UI, common reads. */

export const PASSWORD = 'e2e-secret-1';

export const byId = (page: Page, id: string) => page.getByTestId(id);

/** The texts the chat page shows, top to bottom. */
export const texts = (page: Page) => page.locator('[data-testid="msg-list"] .msg-text').allTextContents();

/**
 * Presses and holds the middle of `target` past the app's 350 ms long-press (docs/product.md#limits). It
 * first waits until the target itself would receive the press (a trial click's hit-target check): a dialog
 * still fading out or a list still settling would otherwise take the press.
 */
export const longPress = async (page: Page, target: Locator, holdMs = 500) => {
  await target.click({ trial: true });
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to press');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(holdMs);
  await page.mouse.up();
};

export interface Member {
  id: number;
  memberId: string;
  username: string;
  nickName: string;
  token: string;
  /**
   * The device id the member signed up with; `logInAs` gives the phone the same one, so the first login there
   * is on the device they signed up on and brings no new-device notice (docs/security.md, "Login activity").
   */
  deviceId: string;
}

/** Registers through the API (the account test covers the sign-up screens) and answers who it is. */
export const registerMember = async (api: ContractClient, nickName: string): Promise<Member> => {
  const username = `${nickName.toLowerCase()}_${Date.now().toString(36)}`;
  const deviceId = randomUUID();
  const { token } = await api.ok(userApi.registerByName, {
    username,
    password: PASSWORD,
    nickName,
    agree: true,
    deviceId,
  });
  const me = await api.ok(userApi.person, {}, token);
  return { id: me.id, memberId: me.memberId, username, nickName, token, deviceId };
};

/**
 * Verifies a member's identity at `level` without a review (docs/design/identity.md), with `realName` as the
 * verified name (the holder their payment methods must carry): the test servers' grant, as an admin
 * (`TEST_KYC_GRANT`, which the harness's server processes have). `identity.e2e.ts` drives the real review.
 */
export const verifyMember = async (
  api: ContractClient,
  adminToken: string,
  who: { id: number; nickName: string },
  level: 1 | 2,
  realName = who.nickName,
) => {
  await api.ok(testKycApi.grant, { userId: who.id, level, realName }, adminToken);
};

/** `from` asks, `to` accepts (through the API): they are friends; answers their single session. */
export const befriend = async (api: ContractClient, from: Member, to: Member) => {
  const request = await api.ok(friendApi.addFriend, { userId: to.id }, from.token);
  const { sessionId } = await api.ok(friendApi.confirmFriend, { id: request.id, agree: true }, to.token);
  if (sessionId === null) throw new Error('confirmFriend answered no session');
  return sessionId;
};

/**
 * A client that calls as whoever is logged in on `page`: with the token the page stored, read at each call
 * (logging in through the UI ends the member's other sessions, so the page's token is the live one).
 */
export const phoneClient = (baseUrl: string, page: Page): ContractClient => {
  const send = fetchTransport(baseUrl);
  return createContractClient(async (req) => {
    const token = req.token ?? (await page.evaluate(() => localStorage.getItem('uni_id_token')));
    return send({ ...req, ...(token ? { token } : {}) });
  });
};

/** Logs a member in through the login page in a fresh page of `context`. */
export const logInAs = async (baseUrl: string, context: BrowserContext, who: Member) => {
  await context.addInitScript((id) => {
    if (!localStorage.getItem('push-device')) localStorage.setItem('push-device', id);
  }, who.deviceId);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#/pages/login/index`);
  await byId(page, 'login-username').fill(who.username);
  await byId(page, 'login-password').fill(PASSWORD);
  await byId(page, 'login-submit').click();
  await byId(page, 'tab-chat').waitFor();
  return page;
};

/** A Socket.IO event frame that asks for an acknowledgement: `42[/namespace,]<ack id>["event", …]`. */
const ACKED_EVENT = /^42(\/[^,]*,)?(\d+)\["([^"]+)"/;

/**
 * A switch that makes the server fail every chat send of one phone with a server error, on both paths the app
 * uses: HTTP `message/send` answers 503, and a `sendMessage` over the socket is acknowledged with the Internal
 * error code (the socket itself stays up, as when the database is down). Everything else passes through. Set
 * it up before the phone opens its socket.
 */
export const sendFailures = async (context: BrowserContext) => {
  let failing = false;
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      const event = failing && typeof frame === 'string' ? ACKED_EVENT.exec(frame) : null;
      if (event?.[3] !== 'sendMessage') return server.send(frame);
      const reply = { code: ErrorCode.Internal, data: null, message: 'Service exception' };
      ws.send(`43${event[1] ?? ''}${event[2]}[${JSON.stringify(reply)}]`);
    });
  });
  const path = `**/api${messageApi.send.path}`;
  const unavailable = (route: Route) => route.fulfill({ status: 503, body: '' });
  return {
    start: async () => {
      failing = true;
      await context.route(path, unavailable);
    },
    stop: async () => {
      failing = false;
      await context.unroute(path, unavailable);
    },
  };
};
