import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ChatMessage, messageApi, SOCKET_NAMESPACE, sessionApi } from '@chatpay/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, engine } from '../helpers/app.ts';
import { ChatViews } from '../helpers/chat-client.ts';
import { createGroup, createUser, makeFriends, type TestUser } from '../helpers/factories.ts';
import { type ServerProcess, startServerProcess } from '../helpers/process.ts';
import { remoteCaller } from '../helpers/remote.ts';
import { sleep } from '../helpers/wait.ts';

/**
 * Chat torture: members chat through two server processes (one PostgreSQL, one Redis) while their
 * sockets drop at random and each process in turn is killed with SIGKILL and started again. Each client
 * behaves like the web client: sends in order over HTTP to any live process and retries with the same
 * clientMsgId when the answer is lost; keeps messages by seq; catches up with message/page afterSeq after
 * every (re)connect and on any seq gap. Zero lost, zero duplicated, order kept, unread counts exact.
 *
 * TORTURE_SCALE (default 1) multiplies the messages for a longer manual run.
 */
const enabled = engine === 'postgres' && Boolean(process.env.TEST_REDIS_URL);
const SCALE = Number(process.env.TORTURE_SCALE ?? 1);
const PER_MEMBER = 60 * SCALE;

let live: ServerProcess[] = [];
const api = remoteCaller(() => live);
const pick = () => live[Math.floor(Math.random() * live.length)];

class Client {
  readonly chat: ChatViews;
  socket: Socket | null = null;
  stopped = false;
  reconnects = 0;

  constructor(
    readonly user: TestUser,
    sessionIds: number[],
  ) {
    this.chat = new ChatViews(api, user.token, sessionIds);
  }

  get views() {
    return this.chat.views;
  }

  /** Opens a socket to a random live process; whenever it drops, opens another one. */
  connect() {
    const server = pick();
    if (!server || this.stopped) {
      if (!this.stopped) setTimeout(() => this.connect(), 100);
      return;
    }
    const socket = io(`${server.url}${SOCKET_NAMESPACE}`, {
      auth: { token: this.user.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 5000,
    });
    this.socket = socket;
    socket.on('message', (m: ChatMessage) => this.chat.receive(m));
    socket.on('connect', () => {
      this.reconnects++;
      void this.chat.catchUp();
    });
    const retry = () => {
      socket.removeAllListeners();
      socket.close();
      if (this.socket === socket) this.socket = null;
      if (!this.stopped) setTimeout(() => this.connect(), 20 + Math.random() * 200);
    };
    socket.on('disconnect', retry);
    socket.on('connect_error', retry);
  }

  /**
   * Sends in order, round-robin over my sessions, at least PER_MEMBER messages and on until `enough`; a lost
   * answer is retried as is.
   */
  async sendAll(enough: () => boolean) {
    const sessions = [...this.views.keys()];
    const sent: { sessionId: number; clientMsgId: string; seq: number }[] = [];
    for (let i = 0; i < PER_MEMBER || !enough(); i++) {
      const sessionId = sessions[i % sessions.length]!;
      const clientMsgId = `${this.user.id}-${i}`;
      const { seq } = await api.ok(
        messageApi.send,
        { sessionId, clientMsgId, contentType: 'text', content: { text: clientMsgId } },
        this.user.token,
      );
      sent.push({ sessionId, clientMsgId, seq });
      await sleep(Math.random() * 40);
    }
    return sent;
  }

  /** Drops my socket at random until told to stop (the disconnect handler opens a new one). */
  async chaos(stop: () => boolean) {
    while (!stop()) {
      await sleep(50 + Math.random() * 250);
      if (this.socket?.connected && Math.random() < 0.4) this.socket.disconnect();
    }
  }

  holdsEverything(lastSeqs: Map<number, number>) {
    return [...this.views].every(([id, view]) => view.contiguous === lastSeqs.get(id));
  }
}

describe.skipIf(!enabled)('chat through two processes that are killed with SIGKILL', () => {
  let shared: Record<string, string>;
  let dropDb: () => Promise<void>;
  const dataDirs: string[] = [];
  const clients: Client[] = [];

  const start = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatpay-torture-'));
    dataDirs.push(dir);
    return startServerProcess({ ...shared, DATA_DIR: dir });
  };

  beforeAll(async () => {
    const db = await createPgDatabase();
    dropDb = db.drop;
    shared = {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `torture-${randomUUID()}`,
      JWT_SECRET: randomUUID() + randomUUID(),
      CHAT_SEND_RATE_LIMIT: '100000',
      API_RATE_LIMIT: '1000000',
      LOGIN_RATE_LIMIT: '100000',
    };
    live = await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) {
      c.stopped = true;
      c.socket?.close();
    }
    await Promise.all(live.map((p) => p.kill()));
    await dropDb?.();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('loses nothing, duplicates nothing, keeps order and counts unread exactly', async () => {
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((n) => createUser(api, { nickName: n })));
    const ab = await makeFriends(api, a!, b!);
    const cd = await makeFriends(api, c!, d!);
    const ac = await makeFriends(api, a!, c!);
    await makeFriends(api, a!, d!);
    const group = (await createGroup(api, a!, [b!, c!, d!])).sessionId;
    clients.push(
      new Client(a!, [ab, ac, group]),
      new Client(b!, [ab, group]),
      new Client(c!, [cd, ac, group]),
      new Client(d!, [cd, group]),
    );
    for (const client of clients) client.connect();

    // While everyone chats: kill process 2, start it again, then the same for process 1. Everyone keeps
    // sending (at least PER_MEMBER messages each) until both are back.
    const crash = async (victim: ServerProcess) => {
      live = live.filter((p) => p !== victim);
      await victim.kill('SIGKILL');
      await sleep(300);
      live = [...live, await start()];
    };
    let crashed = false;
    const crashes = (async () => {
      await sleep(1000);
      await crash(live[1]!);
      await sleep(1000);
      await crash(live[0]!);
      await sleep(1000);
      crashed = true;
    })();

    let done = false;
    const chaos = Promise.all(clients.map((client) => client.chaos(() => done)));
    const sent = await Promise.all(clients.map((client) => client.sendAll(() => crashed)));
    done = true;
    await chaos;
    await crashes;
    expect(live).toHaveLength(2);
    const total = sent.reduce((n, list) => n + list.length, 0);

    // What is stored: every session numbered 1..n without a gap, each send exactly once.
    const stored = new Map<number, ChatMessage[]>();
    for (const [sessionId, reader] of [
      [ab, a],
      [cd, c],
      [ac, a],
      [group, a],
    ] as const) {
      const list: ChatMessage[] = [];
      for (;;) {
        const page = await api.ok(
          messageApi.page,
          { sessionId, afterSeq: list.length, size: 200 },
          reader!.token,
        );
        list.push(...page.list);
        if (!page.hasMore) break;
      }
      expect(list.map((m) => m.seq)).toEqual(list.map((_, i) => i + 1));
      stored.set(sessionId, list);
    }
    const storedIds = [...stored.values()].flat().filter((m) => m.contentType === 'text');
    expect(storedIds).toHaveLength(total);
    expect(new Set(storedIds.map((m) => `${m.senderId}/${m.clientMsgId}`)).size).toBe(total);
    for (const [i, client] of clients.entries()) {
      for (const s of sent[i]!) {
        const m = stored.get(s.sessionId)![s.seq - 1]!;
        expect(m.clientMsgId).toBe(s.clientMsgId);
      }
      // Per sender and session, the order of sending is the order of seq.
      for (const sessionId of client.views.keys()) {
        const mine = stored
          .get(sessionId)!
          .filter((m) => m.senderId === client.user.id && m.contentType === 'text');
        expect(mine.map((m) => m.clientMsgId)).toEqual(
          sent[i]!.filter((s) => s.sessionId === sessionId).map((s) => s.clientMsgId),
        );
      }
    }

    // What was delivered: every client ends up holding every message of its sessions, through its own
    // socket events and reconnect catch-ups (no extra help from the test), without a seq conflict.
    const lastSeqs = new Map([...stored].map(([id, list]) => [id, list.length]));
    const deadline = Date.now() + 20_000;
    while (!clients.every((client) => client.holdsEverything(lastSeqs)) && Date.now() < deadline)
      await sleep(100);
    for (const client of clients) {
      expect(client.chat.conflicts).toEqual([]);
      for (const [sessionId, view] of client.views) {
        expect(view.contiguous).toBe(lastSeqs.get(sessionId));
        expect([...view.bySeq.values()].map((m) => m.id).sort()).toEqual(
          stored
            .get(sessionId)!
            .map((m) => m.id)
            .sort(),
        );
      }
    }
    expect(clients.reduce((n, client) => n + client.reconnects, 0)).toBeGreaterThan(clients.length * 3);

    // Unread = last seq − read seq, and sending reads up to your own message.
    for (const client of clients) {
      for (const sessionId of client.views.keys()) {
        const info = await api.ok(sessionApi.info, { id: sessionId }, client.user.token);
        const lastOwn = Math.max(
          ...stored
            .get(sessionId)!
            .filter((m) => m.senderId === client.user.id)
            .map((m) => m.seq),
        );
        expect(info).toMatchObject({
          lastSeq: lastSeqs.get(sessionId),
          readSeq: lastOwn,
          unreadCount: lastSeqs.get(sessionId)! - lastOwn,
        });
      }
    }
  }, 300_000);
});
