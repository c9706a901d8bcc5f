import { adminMemberApi, ErrorCode, LoggedOutReason, SOCKET_NAMESPACE, userApi } from '@chatpay/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { endUserSessions } from '../../src/modules/user/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser } from '../helpers/factories.ts';

/** Sessions end at once (docs/security.md, "Sessions, PINs and rate limits"). */
const t = useTestApp();
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

const open = async (token: string) => {
  const socket = connect(`${t.url}${SOCKET_NAMESPACE}`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const events: unknown[] = [];
  socket.on('user', (p: unknown) => events.push(p));
  const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return { socket, events, gone };
};

const sidOf = async (token: string) => (await t.tokens.verify(token)).sid;

describe('the single-session kick event carries no token', () => {
  it('a password change names the new session to the old sockets, drops them, and leaks no token', async () => {
    const u = await createUser(t);
    const old = await open(u.token);
    const next = await t.ok(
      userApi.changePassword,
      { password: u.password, newPassword: 'next-pass-2' },
      u.token,
    );
    expect(await old.gone).toBe('io server disconnect');
    expect(old.events).toEqual([{ type: 'login', sid: await sidOf(next.token) }]);
    expect(JSON.stringify(old.events)).not.toContain(next.token);
    expect(JSON.stringify(old.events)).not.toContain(next.refreshToken);
  });

  it('the socket of the new session stays connected and sees no kick', async () => {
    const u = await createUser(t);
    const second = await t.ok(userApi.loginByName, { username: u.username, password: u.password });
    const current = await open(second.token);
    const third = await t.ok(userApi.loginByName, { username: u.username, password: u.password });
    expect(await current.gone).toBe('io server disconnect');
    expect(current.events).toEqual([{ type: 'login', sid: await sidOf(third.token) }]);
    const fresh = await open(third.token);
    await t.ok(userApi.person, {}, third.token);
    expect(fresh.socket.connected).toBe(true);
    expect(fresh.events).toEqual([]);
  });
});

describe('every session end drops that session’s sockets at once', () => {
  it('refresh-token reuse ends the session and disconnects its sockets', async () => {
    const u = await createUser(t);
    const s = await open(u.token);
    await t.ok(userApi.refreshToken, { refreshToken: u.refreshToken });
    // The same (spent) refresh token again: someone else holds it.
    await t.fails(userApi.refreshToken, { refreshToken: u.refreshToken }, null, 1110);
    expect(await s.gone).toBe('io server disconnect');
    expect((await t.call(userApi.person, {}, u.token)).status).toBe(401);
  });

  it('logout disconnects the sockets of that session only', async () => {
    const u = await createUser(t);
    const s = await open(u.token);
    await t.ok(userApi.logout, {}, u.token);
    expect(await s.gone).toBe('io server disconnect');
  });
});

describe('endUserSessions (admin freeze and force logout call it)', () => {
  it('revokes the refresh tokens, refuses the access token and drops every socket with an ended event', async () => {
    const u = await createUser(t);
    const s = await open(u.token);
    await endUserSessions({ db: t.database.db, realtime: t.realtime }, u.id, 'frozen');
    expect(await s.gone).toBe('io server disconnect');
    expect(s.events).toEqual([{ type: 'ended', reason: 'frozen' }]);
    expect((await t.call(userApi.person, {}, u.token)).status).toBe(401);
    expect((await t.call(userApi.refreshToken, { refreshToken: u.refreshToken })).status).toBe(401);
    expect((await t.call(userApi.loginByToken, { token: u.token })).status).toBe(401);
    await expect(open(u.token)).rejects.toThrow('unauthorized');
    // The password still works: this ends sessions, it does not lock the account.
    await t.ok(userApi.loginByName, { username: u.username, password: u.password });
  });
});

describe('loginByToken resumes a session and never extends it', () => {
  const day = 86_400_000;

  it('answers the same token with its time left and no refresh token; the owner keeps the session', async () => {
    const u = await createUser(t);
    const owner = await open(u.token);
    const resumed = await t.ok(userApi.loginByToken, { token: u.token });
    expect(resumed.token).toBe(u.token);
    expect(resumed.refreshToken).toBe('');
    expect(resumed.refreshExpire).toBe(0);
    expect(resumed.expire).toBeGreaterThan(0);
    expect(resumed.expire).toBeLessThanOrEqual(86_400);
    expect((await t.tokens.verify(resumed.token)).sid).toBe(await sidOf(u.token));
    // The owner's session, sockets and refresh family carry on.
    await t.ok(userApi.person, {}, u.token);
    expect(owner.socket.connected).toBe(true);
    expect(owner.events).toEqual([]);
    await t.ok(userApi.refreshToken, { refreshToken: u.refreshToken });
  });

  it('keeps the password-login time across refreshes; 30 days later a token login is refused', async () => {
    const u = await createUser(t);
    t.clock.advance(20 * day);
    await t.ok(userApi.loginByToken, { token: u.token });
    const refreshed = await t.ok(userApi.refreshToken, { refreshToken: u.refreshToken });
    t.clock.advance(10 * day + 60_000);
    await t.fails(userApi.loginByToken, { token: refreshed.token }, null, 1003);
    await t.fails(userApi.refreshToken, { refreshToken: refreshed.refreshToken }, null, 1110);
    // A password login starts a new lifetime.
    const fresh = await t.ok(userApi.loginByName, { username: u.username, password: u.password });
    t.clock.advance(29 * day);
    await t.ok(userApi.loginByToken, { token: fresh.token });
  });
});

/** A device that missed the live kick still learns why its session ended, in the app's words. */
describe('a session that ended says why (signed in elsewhere, frozen)', () => {
  const handshakeRefusal = (token: string) =>
    new Promise<unknown>((resolve, reject) => {
      const socket = connect(`${t.url}${SOCKET_NAMESPACE}`, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', (error: Error & { data?: unknown }) => resolve(error.data));
    });

  it('a login on another device: the old token, refresh token and socket are refused as replaced', async () => {
    const u = await createUser(t);
    await t.ok(userApi.loginByName, { username: u.username, password: u.password });
    expect(await t.call(userApi.person, {}, u.token)).toMatchObject({
      code: ErrorCode.Unauthorized,
      data: { reason: LoggedOutReason.Replaced },
    });
    expect(await t.call(userApi.refreshToken, { refreshToken: u.refreshToken })).toMatchObject({
      code: ErrorCode.RefreshTokenInvalid,
      data: { reason: LoggedOutReason.Replaced },
    });
    expect(await handshakeRefusal(u.token)).toEqual({ reason: LoggedOutReason.Replaced });
  });

  it('a logout is not reported as a login elsewhere', async () => {
    const u = await createUser(t);
    await t.ok(userApi.logout, {}, u.token);
    const res = await t.call(userApi.person, {}, u.token);
    expect(res.code).toBe(ErrorCode.Unauthorized);
    expect(res.data).toBeNull();
  });

  it('an operator freeze: the live event and every later refusal say frozen, not the operator’s note', async () => {
    const u = await createUser(t);
    const s = await open(u.token);
    await t.ok(
      adminMemberApi.freeze,
      { userId: u.id, frozen: true, reason: 'internal note' },
      await adminToken(t),
    );
    expect(await s.gone).toBe('io server disconnect');
    expect(s.events).toEqual([{ type: 'ended', reason: LoggedOutReason.Frozen }]);
    expect(await t.call(userApi.refreshToken, { refreshToken: u.refreshToken })).toMatchObject({
      data: { reason: LoggedOutReason.Frozen },
    });
    expect(await handshakeRefusal(u.token)).toEqual({ reason: LoggedOutReason.Frozen });
  });
});
