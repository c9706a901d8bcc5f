import type { ChatMessage } from '@chatpay/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientCode } from '../../lib/errors.ts';

/** A fake server for one session: message/page and message/changes, or a failure for every call. */
const server = vi.hoisted(() => ({
  messages: [] as ChatMessage[],
  pages: [] as { afterSeq?: number; beforeSeq?: number }[],
  fail: null as Error | null,
  /** Holds the next page answer until released. */
  hold: null as Promise<void> | null,
}));

vi.mock('../../lib/request.ts', () => ({
  call: vi.fn(async (endpoint: { path: string }, input: Record<string, number>) => {
    if (server.hold) await server.hold;
    if (server.fail) throw server.fail;
    if (endpoint.path.endsWith('/message/page')) {
      server.pages.push({ afterSeq: input.afterSeq, beforeSeq: input.beforeSeq });
      const after = input.afterSeq;
      const list = server.messages.filter((m) => after === undefined || m.seq > after);
      return {
        list,
        pagination: {},
        lastSeq: 0,
        readSeq: 0,
        hasMore: false,
        changes: { shared: 0, mine: 0 },
      };
    }
    if (endpoint.path.endsWith('/message/changes'))
      return { messages: [], removedIds: [], clearedSeq: 0, changes: { shared: 0, mine: 0 }, hasMore: false };
    throw new Error(`unexpected call ${endpoint.path}`);
  }),
  upload: vi.fn(),
}));
vi.mock('../../lib/socket.ts', () => ({ connectPending: () => false, getSocket: () => null }));

const { convos, receive } = await import('./convo-agent.ts');
const { getThread, useChatStore } = await import('./store.ts');

let nextSid = 100;
const msg = (sessionId: number, seq: number): ChatMessage => ({
  id: 1000 + seq,
  sessionId,
  seq,
  clientMsgId: `c${seq}`,
  senderId: 2,
  contentType: 'text',
  content: { text: `m${seq}` },
  createTime: '2026-01-01T00:00:00.000Z',
  isAutoReply: false,
  recalled: false,
});
const noNetwork = () => new ApiError('Network error', ClientCode.Network, null, 0);
const refused = () => new ApiError('No such chat', 1307, null, 200);
const functions = (s: object) =>
  Object.keys(s)
    .filter((k) => typeof (s as Record<string, unknown>)[k] === 'function')
    .sort();

/** A fresh session with `n` stored messages, and its convo. */
const fresh = (n: number) => {
  const sid = nextSid++;
  server.messages = Array.from({ length: n }, (_, i) => msg(sid, i + 1));
  return convos.get(sid);
};

beforeEach(() => {
  server.messages = [];
  server.pages = [];
  server.fail = null;
  server.hold = null;
});

describe('one convo per conversation', () => {
  it('reuses one object per session; logout drops them all', () => {
    const a = convos.get(1);
    expect(convos.get(1)).toBe(a);
    expect(convos.get(2)).not.toBe(a);
    convos.clear();
    expect(convos.get(1)).not.toBe(a);
  });

  it('goes idle → loading → ready when its page opens it, and offers its actions only when ready', async () => {
    const convo = fresh(3);
    expect(convo.snapshot()).toEqual({ status: 'idle', sessionId: convo.sessionId });
    const opening = convo.open();
    expect(convo.snapshot()).toEqual({ status: 'loading', sessionId: convo.sessionId });
    expect(useChatStore.getState().openId).toBe(convo.sessionId);
    await opening;
    const ready = convo.snapshot();
    expect(ready).toMatchObject({ status: 'ready', error: null });
    expect(functions(ready)).toEqual(
      [
        'deleteFailed',
        'edit',
        'loadOlder',
        'markRead',
        'react',
        'recall',
        'removeForMe',
        'retryFailed',
        'sendFile',
        'sendText',
        'sendVoice',
      ].sort(),
    );
    expect(getThread(convo.sessionId).items.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('is backgrounded when its page leaves, keeps taking messages, and only catches up when opened again', async () => {
    const convo = fresh(2);
    await convo.open();
    const seen: string[] = [];
    const stop = convo.subscribe(() => seen.push(convo.snapshot().status));
    convo.background();
    expect(convo.snapshot()).toEqual({ status: 'backgrounded', sessionId: convo.sessionId });
    expect(functions(convo.snapshot())).toEqual([]);
    expect(useChatStore.getState().openId).toBe(null);
    // A live message reaches a backgrounded chat's thread.
    server.messages.push(msg(convo.sessionId, 3));
    receive(convo.sessionId, [msg(convo.sessionId, 3)]);
    server.messages.push(msg(convo.sessionId, 4));
    const pagesBefore = server.pages.length;
    await convo.open();
    expect(convo.snapshot().status).toBe('ready');
    expect(server.pages.slice(pagesBefore)).toEqual([{ afterSeq: 3, beforeSeq: undefined }]);
    expect(getThread(convo.sessionId).items.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(seen).toEqual(['backgrounded', 'ready']);
    stop();
  });

  it('answers the same snapshot until its status changes', async () => {
    const convo = fresh(1);
    await convo.open();
    const first = convo.snapshot();
    expect(convo.snapshot()).toBe(first);
    convo.background();
    expect(convo.snapshot()).not.toBe(first);
  });

  it('goes from loading to error when the server refuses, and leaves it when its page leaves', async () => {
    const convo = fresh(2);
    const error = refused();
    server.fail = error;
    await expect(convo.open()).rejects.toBe(error);
    expect(convo.snapshot()).toEqual({ status: 'error', sessionId: convo.sessionId, error });
    expect(functions(convo.snapshot())).toEqual([]);
    convo.background();
    expect(convo.snapshot().status).toBe('idle');
    server.fail = null;
    await convo.open();
    expect(convo.snapshot().status).toBe('ready');
  });

  it('goes from ready to error when its catch-up is refused', async () => {
    const convo = fresh(2);
    await convo.open();
    const error = refused();
    server.fail = error;
    await expect(convo.load()).rejects.toBe(error);
    expect(convo.snapshot()).toEqual({ status: 'error', sessionId: convo.sessionId, error });
  });

  it('is offline when the first load finds no network, and ready once loaded again', async () => {
    const convo = fresh(2);
    server.fail = noNetwork();
    await expect(convo.open()).rejects.toThrow();
    expect(convo.snapshot()).toMatchObject({ status: 'offline', error: server.fail });
    server.fail = null;
    await convo.load();
    expect(convo.snapshot()).toMatchObject({ status: 'ready', error: null });
  });

  it('stays ready, with the error noted, when a loaded chat cannot catch up for want of a network', async () => {
    const convo = fresh(2);
    await convo.open();
    const error = noNetwork();
    server.fail = error;
    await expect(convo.load()).rejects.toBe(error);
    expect(convo.snapshot()).toMatchObject({ status: 'ready', error });
  });

  it('ends backgrounded when its page leaves while the first page loads', async () => {
    const convo = fresh(2);
    let release = () => {};
    server.hold = new Promise((r) => {
      release = r;
    });
    const opening = convo.open();
    convo.background();
    expect(convo.snapshot().status).toBe('loading');
    release();
    await opening;
    expect(convo.snapshot().status).toBe('backgrounded');
  });

  it('keeps no failure when no page shows it (a start-up load)', async () => {
    const convo = fresh(2);
    server.fail = refused();
    await expect(convo.load()).rejects.toThrow();
    expect(convo.snapshot().status).toBe('idle');
    server.fail = null;
    await convo.load();
    expect(convo.snapshot().status).toBe('backgrounded');
  });
});
