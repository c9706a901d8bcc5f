import type { ChatMessage, ChatSession } from '@chatpay/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fake server holding one session's messages; `call` answers message/page like the real one. */
const server = vi.hoisted(() => ({
  messages: [] as ChatMessage[],
  pages: [] as { afterSeq?: number; beforeSeq?: number }[],
}));
const socket = vi.hoisted(() => ({
  handlers: new Map<string, (p: unknown) => void>(),
  connect: [] as (() => void)[],
}));

vi.mock('../../lib/request.ts', () => ({
  call: vi.fn(async (endpoint: { path: string }, input: Record<string, number>) => {
    if (endpoint.path.endsWith('/message/page')) {
      server.pages.push({ afterSeq: input.afterSeq, beforeSeq: input.beforeSeq });
      const size = input.size ?? 50;
      const all = server.messages.filter((m) => m.sessionId === input.sessionId);
      let list: ChatMessage[];
      let hasMore: boolean;
      const afterSeq = input.afterSeq;
      if (afterSeq !== undefined) {
        const after = all.filter((m) => m.seq > afterSeq);
        list = after.slice(0, size);
        hasMore = after.length > size;
      } else {
        const before = all.filter((m) => input.beforeSeq === undefined || m.seq < input.beforeSeq);
        list = before.slice(-size);
        hasMore = before.length > size;
      }
      const lastSeq = all.at(-1)?.seq ?? 0;
      return { list, pagination: { page: 1, size, total: all.length }, lastSeq, readSeq: 0, hasMore };
    }
    if (endpoint.path.endsWith('/message/read'))
      return { sessionId: input.sessionId, readSeq: input.seq, unreadCount: 0 };
    throw new Error(`unexpected call ${endpoint.path}`);
  }),
  upload: vi.fn(),
}));
vi.mock('../../lib/socket.ts', () => ({
  onServerEvent: (event: string, handler: (p: unknown) => void) => socket.handlers.set(event, handler),
  onSocketConnect: (listener: () => void) => socket.connect.push(listener),
}));

const { openThread, loadOlder, markRead, withMyReads } = await import('./engine.ts');
const { startChatEngine } = await import('./realtime.ts');
const { getThread, useChatStore } = await import('./store.ts');
const { chatKeys } = await import('./keys.ts');

const SID = 7;
const msg = (seq: number): ChatMessage => ({
  id: 100 + seq,
  sessionId: SID,
  seq,
  clientMsgId: `c${seq}`,
  senderId: 2,
  contentType: 'text',
  content: { text: `m${seq}` },
  createTime: '2026-01-01T00:00:00.000Z',
  isAutoReply: false,
  recalled: false,
});
const store = (n: number) => {
  for (let i = 0; i < n; i++) server.messages.push(msg(server.messages.length + 1));
};
const emit = (event: string, payload: unknown) => socket.handlers.get(event)?.(payload);
const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};
const shown = () => getThread(SID).items.map((m) => m.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const qc = new QueryClient();
beforeAll(() => startChatEngine(qc));
beforeEach(() => {
  server.messages = [];
  server.pages = [];
  useChatStore.getState().reset();
  qc.setQueryData<Partial<ChatSession>[]>(chatKeys.sessions(), []);
});

describe('delivery engine', () => {
  it('opens at the newest page and loads history upward with beforeSeq', async () => {
    store(75);
    await openThread(SID);
    expect(shown()).toEqual(range(46, 75));
    expect(getThread(SID).hasMoreOlder).toBe(true);
    await loadOlder(SID);
    await loadOlder(SID);
    expect(shown()).toEqual(range(1, 75));
    expect(getThread(SID).hasMoreOlder).toBe(false);
    expect(server.pages.map((p) => p.beforeSeq).filter(Boolean)).toEqual([46, 16]);
  });

  it('a socket message after a gap fetches the missing ones with afterSeq', async () => {
    store(3);
    await openThread(SID);
    store(4); // 4..7 stored, but only 7 reaches the socket
    emit('message', msg(7));
    await flush();
    expect(shown()).toEqual(range(1, 7));
    expect(server.pages.at(-1)?.afterSeq).toBe(3);
    // The late copies of 4 and 5 change nothing.
    emit('message', msg(5));
    emit('message', msg(4));
    await flush();
    expect(shown()).toEqual(range(1, 7));
  });

  it('a message that arrives while the open chat is loading its first page is shown', async () => {
    store(3);
    useChatStore.getState().setOpen(SID);
    const loading = openThread(SID); // the page request has left: it holds 1..3
    store(1);
    emit('message', msg(4)); // 4 reaches the socket before the page answers
    await loading;
    await flush();
    expect(shown()).toEqual(range(1, 4));
  });

  it('a message right after the last one needs no fetch', async () => {
    store(3);
    await openThread(SID);
    const before = server.pages.length;
    store(1);
    emit('message', msg(4));
    await flush();
    expect(shown()).toEqual(range(1, 4));
    expect(server.pages.length).toBe(before);
  });

  it('after a reconnect every loaded session catches up, in pages, each message once', async () => {
    store(2);
    await openThread(SID);
    store(250); // missed while offline
    for (const l of socket.connect) l();
    await flush();
    expect(shown()).toEqual(range(1, 252));
    expect(server.pages.filter((p) => p.afterSeq !== undefined).map((p) => p.afterSeq)).toEqual([
      2, 102, 202,
    ]);
  });

  it('a recall made while disconnected shows after the reconnect (same seq, reloaded by id)', async () => {
    store(3);
    await openThread(SID);
    server.messages[2] = { ...msg(3), contentType: 'notice', content: { type: 'recall' }, recalled: true };
    for (const l of socket.connect) l();
    await flush();
    expect(shown()).toEqual([1, 2, 3]);
    expect(getThread(SID).items[2]?.recalled).toBe(true);
  });

  it('marks read up to the newest message, and a stale list cannot make it unread again', async () => {
    store(5);
    await openThread(SID);
    const session = { id: SID, lastSeq: 5, readSeq: 2, unreadCount: 3 } as ChatSession;
    qc.setQueryData(chatKeys.sessions(), [session]);
    await markRead(SID);
    expect(qc.getQueryData<ChatSession[]>(chatKeys.sessions())?.[0]?.unreadCount).toBe(0);
    // A list fetched before the read landed still says 3 unread: my read wins.
    expect(withMyReads([session])[0]?.unreadCount).toBe(0);
    // Nothing new: no second read call.
    const reads = vi
      .mocked((await import('../../lib/request.ts')).call)
      .mock.calls.filter(([e]) => (e as { path: string }).path.endsWith('/message/read'));
    await markRead(SID);
    expect(
      vi
        .mocked((await import('../../lib/request.ts')).call)
        .mock.calls.filter(([e]) => (e as { path: string }).path.endsWith('/message/read')).length,
    ).toBe(reads.length);
  });

  it('ignores malformed socket payloads', async () => {
    store(1);
    await openThread(SID);
    emit('message', { sessionId: SID, seq: 'x' });
    await flush();
    expect(shown()).toEqual([1]);
  });
});
