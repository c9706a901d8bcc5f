import { SOCKET_NAMESPACE, userApi } from '@chatpay/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';

const sockets: Socket[] = [];
const t = useTestApp();
afterAll(async () => {
  for (const s of sockets) s.disconnect();
});

const open = (token?: string) => {
  const socket = connect(`${t.url}${SOCKET_NAMESPACE}`, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return socket;
};

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

describe('realtime socket /chat', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(connected(open())).rejects.toThrow('unauthorized');
    await expect(connected(open('garbage'))).rejects.toThrow('unauthorized');
  });

  it('accepts a token and acknowledges heartbeats', async () => {
    const u = await createUser(t);
    const socket = open(u.token);
    await connected(socket);
    const reply = await socket.timeout(5000).emitWithAck('heartbeat', { interval: 30, time: Date.now() });
    expect(typeof reply.time).toBe('number');
  });

  it('a new login names the new session (never its token) to older sockets and disconnects them', async () => {
    const u = await createUser(t);
    const old = open(u.token);
    await connected(old);
    const kicked = new Promise<unknown>((resolve) => old.once('user', resolve));
    const gone = new Promise<string>((resolve) => old.once('disconnect', resolve));
    const login = await t.ok(userApi.loginByName, { username: u.username, password: u.password });
    const payload = await kicked;
    expect(payload).toEqual({ type: 'login', sid: (await t.tokens.verify(login.token)).sid });
    expect(JSON.stringify(payload)).not.toContain(login.token);
    expect(JSON.stringify(payload)).not.toContain(login.refreshToken);
    expect(await gone).toBe('io server disconnect');
    // The new session connects; the old token no longer can.
    const fresh = open(login.token);
    await connected(fresh);
    await expect(connected(open(u.token))).rejects.toThrow('unauthorized');
  });

  it('logout disconnects the sockets of that session', async () => {
    const u = await createUser(t);
    const socket = open(u.token);
    await connected(socket);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.call(userApi.logout, {}, u.token);
    expect(await gone).toBe('io server disconnect');
  });
});
