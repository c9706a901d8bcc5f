import { messageApi, sessionApi, successData } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { ChatViews } from '../helpers/chat-client.ts';
import { createFriendPair, type TestUser } from '../helpers/factories.ts';
import { type ChatSocket, connectSocket } from '../helpers/sockets.ts';
import { sleep } from '../helpers/wait.ts';

/**
 * Two clients exchange 1,000 messages while their sockets drop and reconnect at random.
 * Each client behaves like the real one: sends over HTTP in order, retries with the same clientMsgId, keeps
 * messages by seq, and catches up with message/page afterSeq after every (re)connect and on any seq gap.
 */
const t = useTestApp({ CHAT_SEND_RATE_LIMIT: '100000' });

const TOTAL = 1000;

/** A deterministic random source, so a failure can be replayed. */
const random = (() => {
  let s = 0x2545f491;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
})();

class Client {
  readonly chat: ChatViews;
  socket!: ChatSocket;
  reconnects = 0;
  retries = 0;

  constructor(
    readonly user: TestUser,
    readonly sessionId: number,
  ) {
    this.chat = new ChatViews(t, user.token, [sessionId]);
  }

  get bySeq() {
    return this.chat.view(this.sessionId).bySeq;
  }
  get contiguous() {
    return this.chat.view(this.sessionId).contiguous;
  }

  async connect() {
    this.socket = await connectSocket(t, this.user.token);
    this.socket.on('message', (m) => this.chat.receive(m));
    this.socket.on('connect', () => {
      this.reconnects++;
      void this.chat.catchUp();
    });
    await this.chat.catchUp();
  }

  /** Sends in order; a fifth of the answers are "lost", so the client retries with the same clientMsgId. */
  async sendAll(prefix: string, count: number, sent: { clientMsgId: string; seq: number }[]) {
    for (let i = 0; i < count; i++) {
      const clientMsgId = `${prefix}-${i}`;
      const input = {
        sessionId: this.sessionId,
        clientMsgId,
        contentType: 'text' as const,
        content: { text: clientMsgId },
      };
      let answer = await t.call(messageApi.send, input, this.user.token);
      if (random() < 0.2) {
        this.retries++;
        const retry = await t.call(messageApi.send, input, this.user.token);
        expect(retry.data).toEqual(answer.data);
        answer = retry;
      }
      expect(answer.code).toBe(1000);
      sent.push({ clientMsgId, seq: successData(messageApi.send, answer).seq });
      if (random() < 0.1) await sleep(random() * 5);
    }
  }

  /** Drops and restores the socket at random until told to stop. */
  async chaos(stop: () => boolean) {
    while (!stop()) {
      await sleep(20 + random() * 120);
      if (this.socket.connected && random() < 0.5) {
        this.socket.disconnect();
        await sleep(random() * 150);
        this.socket.connect();
      }
    }
    if (!this.socket.connected) this.socket.connect();
  }
}

describe('delivery under random disconnects', () => {
  it('two clients exchange 1,000 messages: none lost, none duplicated, order kept, unread exact', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const alice = new Client(a, sessionId);
    const bob = new Client(b, sessionId);
    await alice.connect();
    await bob.connect();

    let done = false;
    const sentA: { clientMsgId: string; seq: number }[] = [];
    const sentB: { clientMsgId: string; seq: number }[] = [];
    const chaos = Promise.all([alice.chaos(() => done), bob.chaos(() => done)]);
    await Promise.all([alice.sendAll('a', TOTAL / 2, sentA), bob.sendAll('b', TOTAL / 2, sentB)]);
    done = true;
    await chaos;
    for (const c of [alice, bob]) {
      while (!c.socket.connected) await sleep(10);
      await c.chat.catchUp();
    }

    const lastSeq = TOTAL + 1; // the friendship notice is seq 1
    for (const c of [alice, bob]) {
      expect(c.chat.conflicts).toEqual([]);
      expect(c.bySeq.size).toBe(lastSeq);
      expect(c.contiguous).toBe(lastSeq);
      const ordered = [...c.bySeq.values()].sort((x, y) => x.seq - y.seq);
      expect(ordered.map((m) => m.seq)).toEqual(Array.from({ length: lastSeq }, (_, i) => i + 1));
      expect(new Set(ordered.map((m) => m.id)).size).toBe(lastSeq);
      // Per-sender order: each side's messages appear in the order they were sent.
      for (const [prefix, sender] of [
        ['a', a],
        ['b', b],
      ] as const) {
        const mine = ordered.filter((m) => m.senderId === sender.id && m.contentType === 'text');
        expect(mine.map((m) => m.clientMsgId)).toEqual(
          Array.from({ length: TOTAL / 2 }, (_, i) => `${prefix}-${i}`),
        );
        expect(mine.every((m) => (m.content as { text: string }).text === m.clientMsgId)).toBe(true);
      }
    }
    // Send answers agree with what was delivered.
    for (const s of [...sentA, ...sentB]) expect(alice.bySeq.get(s.seq)!.clientMsgId).toBe(s.clientMsgId);
    expect(alice.reconnects + bob.reconnects).toBeGreaterThan(10);
    expect(alice.retries + bob.retries).toBeGreaterThan(50);
    // The drops really lost socket events, and catch-up filled them in.
    expect(alice.chat.recovered + bob.chat.recovered).toBeGreaterThan(20);

    // Unread = last seq − read seq. Sending reads everything up to your own message.
    const info = (u: TestUser) => t.ok(sessionApi.info, { id: sessionId }, u.token);
    const lastOfA = Math.max(...sentA.map((s) => s.seq));
    const lastOfB = Math.max(...sentB.map((s) => s.seq));
    expect(await info(a)).toMatchObject({ lastSeq, readSeq: lastOfA, unreadCount: lastSeq - lastOfA });
    expect(await info(b)).toMatchObject({ lastSeq, readSeq: lastOfB, unreadCount: lastSeq - lastOfB });
    const readTo = lastSeq - 37;
    await t.call(messageApi.read, { sessionId, seq: readTo }, b.token);
    const bView = await info(b);
    expect(bView.unreadCount).toBe(lastSeq - Math.max(readTo, lastOfB));
    await t.call(messageApi.read, { sessionId, seq: lastSeq }, a.token);
    expect((await info(a)).unreadCount).toBe(0);

    alice.socket.disconnect();
    bob.socket.disconnect();
  }, 300_000); // a soak: 1,200 sends and ~100 reconnects; CI runs three files at once on two cores
});
