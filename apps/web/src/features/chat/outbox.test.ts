import { describe, expect, it } from 'vitest';
import { Outbox, type OutboxItem } from './outbox.ts';

class Refused extends Error {}
class Offline extends Error {}

const item = (sessionId: number, n: number): OutboxItem => ({
  sessionId,
  clientMsgId: `m${n}`,
  contentType: 'text',
  content: { text: String(n) },
});

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A fake server: records every attempt and stores each clientMsgId once (idempotent), in arrival order. */
const harness = (fail: (id: string, attempt: number) => Error | null) => {
  const attempts: string[] = [];
  const stored: string[] = [];
  const sent: string[] = [];
  const failed: string[] = [];
  const tries = new Map<string, number>();
  const outbox = new Outbox<string>({
    send: async (i) => {
      await settle();
      const n = (tries.get(i.clientMsgId) ?? 0) + 1;
      tries.set(i.clientMsgId, n);
      attempts.push(i.clientMsgId);
      const error = fail(i.clientMsgId, n);
      if (error) throw error;
      if (!stored.includes(i.clientMsgId)) stored.push(i.clientMsgId);
      return i.clientMsgId;
    },
    onSent: (i) => sent.push(i.clientMsgId),
    onFailed: (i) => failed.push(i.clientMsgId),
    retryable: (e) => e instanceof Offline,
    attempts: 2,
    delay: () => Promise.resolve(),
  });
  const idle = async () => {
    for (let k = 0; k < 200; k++) await settle();
  };
  return { outbox, attempts, stored, sent, failed, idle };
};

describe('outbox', () => {
  it('sends one session strictly in order, one at a time', async () => {
    const h = harness(() => null);
    for (let n = 1; n <= 5; n++) h.outbox.enqueue(item(1, n));
    await h.idle();
    expect(h.stored).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(h.sent).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('retries a network failure with the same clientMsgId before going on', async () => {
    const h = harness((id, attempt) => (id === 'm2' && attempt < 3 ? new Offline() : null));
    for (let n = 1; n <= 3; n++) h.outbox.enqueue(item(1, n));
    await h.idle();
    expect(h.attempts).toEqual(['m1', 'm2', 'm2', 'm2', 'm3']);
    expect(h.stored).toEqual(['m1', 'm2', 'm3']);
  });

  it('when retries run out, blocks the session; later messages wait; a retry keeps the order', async () => {
    let online = false;
    const h = harness((id) => (!online && id === 'm2' ? new Offline() : null));
    for (let n = 1; n <= 3; n++) h.outbox.enqueue(item(1, n));
    await h.idle();
    expect(h.stored).toEqual(['m1']);
    expect(h.failed).toEqual(['m2', 'm3']);
    h.outbox.enqueue(item(1, 4));
    await h.idle();
    expect(h.failed).toEqual(['m2', 'm3', 'm4']);
    expect(h.outbox.blockedSessions()).toEqual([1]);
    expect(h.outbox.failedOf(1).map((i) => i.clientMsgId)).toEqual(['m2', 'm3', 'm4']);
    online = true;
    h.outbox.retry(1);
    await h.idle();
    expect(h.stored).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(h.outbox.blockedSessions()).toEqual([]);
  });

  it('a refused message fails alone and does not hold back the rest', async () => {
    const h = harness((id) => (id === 'm2' ? new Refused() : null));
    for (let n = 1; n <= 3; n++) h.outbox.enqueue(item(1, n));
    await h.idle();
    expect(h.attempts).toEqual(['m1', 'm2', 'm3']);
    expect(h.stored).toEqual(['m1', 'm3']);
    expect(h.failed).toEqual(['m2']);
    expect(h.outbox.blockedSessions()).toEqual([]);
  });

  it('a refused message is never sent again by a retry (it can only be deleted)', async () => {
    const h = harness((id) => (id === 'm1' ? new Refused() : null));
    h.outbox.enqueue(item(1, 1));
    await h.idle();
    expect(h.outbox.failedOf(1)).toEqual([]);
    h.outbox.retry(1);
    await h.idle();
    expect(h.attempts).toEqual(['m1']);
  });

  it('deleting the failed messages unblocks the session', async () => {
    const h = harness((id, n) => (id === 'm1' && n <= 3 ? new Offline() : null));
    h.outbox.enqueue(item(1, 1));
    await h.idle();
    h.outbox.enqueue(item(1, 2));
    expect(h.outbox.blockedSessions()).toEqual([1]);
    h.outbox.discard(1, 'm1');
    expect(h.outbox.failedOf(1).map((i) => i.clientMsgId)).toEqual(['m2']);
    h.outbox.discard(1, 'm2');
    expect(h.outbox.blockedSessions()).toEqual([]);
    h.outbox.enqueue(item(1, 3));
    await h.idle();
    expect(h.stored).toEqual(['m3']);
  });

  it('wake() ends the pause between attempts at once (the connection is back)', async () => {
    let online = false;
    const attempts: number[] = [];
    const outbox = new Outbox<string>({
      send: async (i) => {
        attempts.push(Date.now());
        if (!online) throw new Offline();
        return i.clientMsgId;
      },
      onSent: () => {},
      onFailed: () => {},
      retryable: (e) => e instanceof Offline,
      attempts: 3,
      delay: () => new Promise(() => {}), // would wait forever
    });
    outbox.enqueue(item(1, 1));
    await settle();
    expect(attempts.length).toBe(1);
    online = true;
    outbox.wake();
    for (let k = 0; k < 10; k++) await settle();
    expect(attempts.length).toBe(2);
    expect(outbox.busy(1)).toBe(false);
  });

  it('sessions do not wait for each other', async () => {
    const h = harness((id) => (id === 'm1' ? new Offline() : null));
    h.outbox.enqueue(item(1, 1));
    h.outbox.enqueue(item(2, 2));
    await h.idle();
    expect(h.stored).toEqual(['m2']);
    expect(h.failed).toEqual(['m1']);
  });

  it('uploads once: a retry after a failed send reuses the prepared content', async () => {
    let uploads = 0;
    const h = harness((_id, attempt) => (attempt === 1 ? new Offline() : null));
    h.outbox.enqueue({
      ...item(1, 1),
      content: null,
      prepare: async () => {
        uploads++;
        return { url: '/uploads/a.png' };
      },
    });
    await h.idle();
    expect(uploads).toBe(1);
    expect(h.stored).toEqual(['m1']);
  });
});
