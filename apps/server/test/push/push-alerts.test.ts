import { type LoginResult, pushApi, sessionApi, userApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushJobs, pushSubscriptions, setPushAgent } from '../../src/modules/push/index.ts';
import { useTestApp } from '../helpers/app.ts';
import {
  createFriendPair,
  createUser,
  sendText,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { waitFor } from '../helpers/wait.ts';
import { browserKeys, type PushService, startPushService } from './push-service.ts';

/**
 * Security alerts reach the member by push as well as in the service chat (docs/design/push.md, "Security
 * alerts"), the device a sign-in from a new device signed out included.
 */
let svc: PushService;
beforeAll(async () => {
  svc = await startPushService();
  setPushAgent(svc.agent);
});
afterAll(async () => {
  setPushAgent(undefined);
  await svc.close();
});

const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true' });

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36';

const subscribe = async (token: string, name: string, extra: { lang?: 'zh'; preview?: boolean } = {}) => {
  const browser = browserKeys();
  await t.ok(
    pushApi.subscribe,
    { endpoint: svc.endpoint(name), keys: browser.keys, deviceId: `dev-${name}`, ...extra },
    token,
  );
  return browser;
};

/** A password login from a phone's browser with the device id its web app keeps. */
const loginFrom = async (u: TestUser, deviceId: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${userApi.loginByName.path}`,
    headers: { 'user-agent': ANDROID_CHROME },
    payload: { username: u.username, password: u.password, deviceId },
  });
  const body = res.json() as { code: number; data: LoginResult };
  expect(body.code).toBe(1000);
  return body.data.token;
};

const subscriptionsOf = (userId: number) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('a sign-in from a new device', () => {
  it('pushes a security alert to the devices it signed out, in their language; chat pushes stop', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const en = await subscribe(b.token, 'alert-en');
    const zh = await subscribe(b.token, 'alert-zh', { lang: 'zh', preview: false });
    const token = await loginFrom(b, 'phone-never-seen-1');

    const [push] = await waitFor(() => svc.to('alert-en').length === 1 && svc.to('alert-en'));
    const service = await t.ok(sessionApi.checkService, {}, token);
    expect(svc.decrypt(push!, en)).toMatchObject({
      kind: 'security',
      title: 'Security alert',
      url: `#/pages/chat/index?id=${service.sessionId}`,
    });
    expect(svc.decrypt(push!, en).body).toMatch(
      /^New sign-in from Chrome 120 \/ Android 14 \(127\.0\.0\.1\)\. If this was not you/,
    );
    expect(push!.headers.urgency).toBe('high');
    // Previews off: the alert without the device and address.
    const [quiet] = await waitFor(() => svc.to('alert-zh').length === 1 && svc.to('alert-zh'));
    expect(svc.decrypt(quiet!, zh)).toMatchObject({
      title: '安全提醒',
      body: '你的账号在新设备上登录。如非本人操作，请立即修改密码。',
    });

    // The signed-out devices take nothing else: a message to b is handled (a's own push is sent after it)
    // and queues nothing for b.
    await subscribe(a.token, 'alert-marker-a');
    await sendText(t, a, sessionId, 'not for the old phone');
    await sendText(t, { ...b, token }, sessionId, 'marker');
    await waitFor(() => svc.to('alert-marker-a').length === 1);
    const jobs = await t.database.db.select().from(pushJobs).where(eq(pushJobs.userId, b.id));
    expect(jobs.map((j) => (j.payload as { kind: string }).kind)).toEqual(['security', 'security']);
    expect(svc.to('alert-en')).toHaveLength(1);
  });

  it('reaches a device signed out within the last 24 hours, not one signed out before', async () => {
    const u = await createUser(t);
    await subscribe(u.token, 'window-first');
    const second = await loginFrom(u, 'phone-never-seen-2');
    await waitFor(() => svc.to('window-first').length === 1);
    await subscribe(second, 'window-second');

    t.clock.advance(25 * 3_600_000);
    await loginFrom(u, 'phone-never-seen-3');
    await waitFor(() => svc.to('window-second').length === 1);
    expect(svc.to('window-first')).toHaveLength(1);
    // The first device's subscription went with its window; the second waits out its own.
    expect((await subscriptionsOf(u.id)).map((s) => s.deviceId)).toEqual(['dev-window-second']);
  });
});

describe('a PIN change', () => {
  it('is pushed to the member’s device as a security alert', async () => {
    const u = await createUser(t);
    await setPin(t, u);
    const browser = await subscribe(u.token, 'pin-changed');
    await t.ok(userApi.setPayPassword, { oldPin: TEST_PIN, pin: '482915' }, u.token);
    const [push] = await waitFor(() => svc.to('pin-changed').length === 1 && svc.to('pin-changed'));
    expect(svc.decrypt(push!, browser)).toMatchObject({
      kind: 'security',
      body: 'Your payment PIN was changed. If this was not you, contact customer service now.',
    });
  });
});
