import {
  ErrorCode,
  type LoginResult,
  messageApi,
  SOCKET_NAMESPACE,
  sessionApi,
  userApi,
} from '@chatpay/shared';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

/** Login activity and new-device notices (docs/security.md, "Login activity"). */
const t = useTestApp();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15';

/** A password login through the HTTP API with a browser's user agent and the device id the web keeps. */
const login = async (u: TestUser, agent: string, deviceId?: string, password = u.password) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${userApi.loginByName.path}`,
    headers: { 'user-agent': agent },
    payload: { username: u.username, password, ...(deviceId ? { deviceId } : {}) },
  });
  return res.json() as { code: number; data: LoginResult };
};

const noticesOf = async (token: string) => {
  const service = await t.ok(sessionApi.checkService, {}, token);
  const page = await t.ok(messageApi.page, { sessionId: service.sessionId }, token);
  return page.list.filter((m) => m.contentType === 'notice').map((m) => m.content as Record<string, unknown>);
};

describe('login activity', () => {
  it('lists my live session with its browser and address, and my sign-ins right and wrong', async () => {
    const u = await createUser(t);
    expect((await login(u, MAC_SAFARI, 'device-mac-0001', 'wrong-pass-1')).code).toBe(
      ErrorCode.InvalidCredentials,
    );
    const { data } = await login(u, ANDROID_CHROME, 'device-phone-001');
    const activity = await t.ok(userApi.loginActivity, {}, data.token);
    expect(activity.sessions).toHaveLength(1);
    expect(activity.sessions[0]).toMatchObject({
      sid: (await t.tokens.verify(data.token)).sid,
      current: true,
      address: '127.0.0.1',
      browser: 'Chrome 120',
      os: 'Android 14',
      device: 'mobile',
    });
    expect(activity.logins.map((l) => [l.success, l.browser])).toEqual([
      [true, 'Chrome 120'],
      [false, 'Safari 17'],
      [true, ''],
    ]);
    expect(activity.logins[1]).toMatchObject({ address: '127.0.0.1', os: 'macOS Catalina' });
  });

  it('a refresh moves the session’s last-seen time', async () => {
    const u = await createUser(t);
    const before = (await t.ok(userApi.loginActivity, {}, u.token)).sessions[0]!;
    t.clock.advance(3_600_000);
    const next = await t.ok(userApi.refreshToken, { refreshToken: u.refreshToken });
    const after = (await t.ok(userApi.loginActivity, {}, next.token)).sessions[0]!;
    expect(after.createTime).toBe(before.createTime);
    expect(Date.parse(after.lastSeenTime) - Date.parse(before.lastSeenTime)).toBeGreaterThanOrEqual(
      3_600_000,
    );
  });
});

describe('a sign-in from a new device', () => {
  it('posts a notice once per device; the device the member knows posts none', async () => {
    const u = await createUser(t);
    const first = await login(u, ANDROID_CHROME, 'device-phone-002');
    const known = await login(u, ANDROID_CHROME, 'device-phone-002');
    expect((await noticesOf(known.data.token)).filter((n) => n.type === 'security.newDevice')).toHaveLength(
      1,
    );
    const other = await login(u, MAC_SAFARI, 'device-mac-0002');
    const notices = (await noticesOf(other.data.token)).filter((n) => n.type === 'security.newDevice');
    expect(notices).toHaveLength(2);
    expect(notices.at(-1)).toMatchObject({ browser: 'Safari 17', address: '127.0.0.1' });
    const logins = (await t.ok(userApi.loginActivity, {}, other.data.token)).logins;
    expect(logins.slice(0, 3).map((l) => l.newDevice)).toEqual([true, false, true]);
    expect(first.code).toBe(1000);
  });

  it('without a device id, the user agent and address stand for the device', async () => {
    const u = await createUser(t);
    await login(u, MAC_SAFARI);
    const again = await login(u, MAC_SAFARI);
    const logins = (await t.ok(userApi.loginActivity, {}, again.data.token)).logins;
    expect(logins.slice(0, 2).map((l) => l.newDevice)).toEqual([false, true]);
  });
});

describe('ending a session', () => {
  it('revokes its refresh tokens, refuses its access token and drops its sockets', async () => {
    const u = await createUser(t);
    const socket = connect(`${t.url}${SOCKET_NAMESPACE}`, {
      auth: { token: u.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const { sessions } = await t.ok(userApi.loginActivity, {}, u.token);
    await t.ok(userApi.endSession, { sid: sessions[0]!.sid }, u.token);
    expect(await gone).toBe('io server disconnect');
    expect((await t.call(userApi.person, {}, u.token)).status).toBe(401);
    await t.fails(
      userApi.refreshToken,
      { refreshToken: u.refreshToken },
      null,
      ErrorCode.RefreshTokenInvalid,
    );
  });

  it('another member’s session, or one that never was, is not found', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const sidOfB = (await t.tokens.verify(b.token)).sid;
    await t.fails(userApi.endSession, { sid: sidOfB }, a.token, ErrorCode.NotFound);
    await t.fails(userApi.endSession, { sid: crypto.randomUUID() }, a.token, ErrorCode.NotFound);
    await t.ok(userApi.person, {}, b.token);
  });
});
