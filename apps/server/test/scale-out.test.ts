import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { friendApi, messageApi, SOCKET_NAMESPACE, userApi } from '@chatpay/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../../test-support/http.ts';
import { createPgDatabase, engine } from './helpers/app.ts';
import { type ServerProcess, startServerProcess } from './helpers/process.ts';

/**
 * Two server processes on one PostgreSQL and one Redis act as one: an event raised by a request to one process
 * reaches a socket held by the other (Socket.IO Redis adapter).
 */
const enabled = engine === 'postgres' && Boolean(process.env.TEST_REDIS_URL);

describe.skipIf(!enabled)('two server processes with PostgreSQL and Redis', () => {
  let one: ServerProcess;
  let two: ServerProcess;
  let dropDb: () => Promise<void>;
  const dataDirs: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const db = await createPgDatabase();
    dropDb = db.drop;
    const shared = {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `scale-${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
    };
    const dir = () => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-scale-'));
      dataDirs.push(d);
      return d;
    };
    // Both start at once: migrations are serialised by the advisory lock.
    [one, two] = await Promise.all([
      startServerProcess({ ...shared, DATA_DIR: dir() }),
      startServerProcess({ ...shared, DATA_DIR: dir() }),
    ]);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([one?.kill(), two?.kill()]);
    await dropDb?.();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a login through process two kicks the socket held by process one, with no token in the event', async () => {
    const username = `scale_${randomUUID().slice(0, 8)}`;
    const first = await httpClient(one.url).ok(userApi.registerByName, {
      username,
      password: 'scale-pass-1',
      nickName: 'Scale',
      agree: true,
    });
    const socket = connect(`${one.url}${SOCKET_NAMESPACE}`, {
      auth: { token: first.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const kicked = new Promise<unknown>((resolve) => socket.once('user', resolve));
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const login = await httpClient(two.url).ok(userApi.loginByName, { username, password: 'scale-pass-1' });
    // The marker is the new session id (the token's `sid` claim), never the token itself.
    const sid = JSON.parse(Buffer.from(login.token.split('.')[1]!, 'base64url').toString()).sid;
    expect(await kicked).toEqual({ type: 'login', sid });
    expect(JSON.stringify(await kicked)).not.toContain(login.token);
    // …and the socket on the other process is dropped at once.
    expect(await gone).toBe('io server disconnect');
  });

  it('a message sent through process two reaches the socket of its recipient on process one', async () => {
    const viaOne = httpClient(one.url);
    const viaTwo = httpClient(two.url);
    const register = async (name: string) => {
      const { token } = await viaOne.ok(userApi.registerByName, {
        username: `${name}_${randomUUID().slice(0, 8)}`,
        password: 'scale-pass-1',
        nickName: name,
        agree: true,
      });
      const me = await viaOne.ok(userApi.person, {}, token);
      return { token, id: me.id };
    };
    const alice = await register('alice');
    const bob = await register('bob');
    const asked = await viaTwo.ok(friendApi.addFriend, { userId: bob.id, message: 'hi' }, alice.token);
    const { sessionId } = await viaOne.ok(friendApi.confirmFriend, { id: asked.id, agree: true }, bob.token);

    const socket = connect(`${one.url}${SOCKET_NAMESPACE}`, {
      auth: { token: alice.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const clientMsgId = randomUUID();
    const received = new Promise<{ clientMsgId: string; sessionId: number; seq: number }>((resolve) => {
      socket.on('message', (m: { clientMsgId: string; sessionId: number; seq: number }) => {
        if (m.clientMsgId === clientMsgId) resolve(m);
      });
    });
    const sent = await viaTwo.ok(
      messageApi.send,
      { sessionId: sessionId!, clientMsgId, contentType: 'text', content: { text: 'across processes' } },
      bob.token,
    );
    const message = await received;
    expect(message).toMatchObject({ sessionId, seq: sent.seq });
  });
});
