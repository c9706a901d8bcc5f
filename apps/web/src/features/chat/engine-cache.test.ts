import type { ChatMessage } from '@chatpay/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A chat opens with what this phone kept of it (offline-cache.ts) before the network answers; the
 * newest page then joins the kept messages, or replaces them when messages are missing in between.
 */
const server = vi.hoisted(() => ({
  messages: [] as ChatMessage[],
  /** Each message/page call waits for `release()`, so a test can look at the chat before the answer. */
  gate: null as null | { promise: Promise<void>; release: () => void },
  fail: null as Error | null,
}));
const kept = vi.hoisted(() => ({ messages: [] as ChatMessage[], hasMoreOlder: true }));

vi.mock('../../lib/request.ts', () => ({
  call: vi.fn(async (endpoint: { path: string }, input: Record<string, number>) => {
    if (!endpoint.path.endsWith('/message/page')) throw new Error(`unexpected call ${endpoint.path}`);
    await server.gate?.promise;
    if (server.fail) throw server.fail;
    const all = server.messages.filter((m) => m.sessionId === input.sessionId);
    const size = input.size ?? 50;
    return {
      list: all.slice(-size),
      pagination: { page: 1, size, total: all.length },
      lastSeq: 0,
      readSeq: 0,
      hasMore: all.length > size,
      changes: { shared: 0, mine: 0 },
    };
  }),
  upload: vi.fn(),
}));
vi.mock('../../lib/socket.ts', () => ({
  onServerEvent: () => undefined,
  onSocketConnect: () => undefined,
  connectPending: () => false,
}));
vi.mock('./offline-cache.ts', () => ({
  cachedChat: (sessionId: number) =>
    kept.messages.length === 0
      ? null
      : { session: { id: sessionId }, messages: kept.messages, hasMoreOlder: kept.hasMoreOlder },
}));

const { openThread } = await import('./engine.ts');
const { startChatEngine } = await import('./realtime.ts');
const { getThread, useChatStore } = await import('./store.ts');
const { ApiError, ClientCode } = await import('../../lib/errors.ts');

const SID = 9;
const msg = (seq: number): ChatMessage => ({
  id: 1000 + seq,
  sessionId: SID,
  seq,
  clientMsgId: `k${seq}`,
  senderId: 2,
  contentType: 'text',
  content: { text: `m${seq}` },
  createTime: '2026-01-01T00:00:00.000Z',
  isAutoReply: false,
  recalled: false,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const shown = () => getThread(SID).items.map((m) => m.seq);
const hold = () => {
  let release = () => {};
  const promise = new Promise<void>((r) => {
    release = r;
  });
  server.gate = { promise, release };
  return release;
};

beforeAll(() => startChatEngine(new QueryClient()));
beforeEach(() => {
  useChatStore.getState().reset();
  server.gate = null;
  server.fail = null;
});

describe('a chat opens with the messages this phone kept', () => {
  it('shows them before the network answers; the newest page joins them', async () => {
    server.messages = range(1, 120).map(msg);
    kept.messages = range(71, 100).map(msg);
    kept.hasMoreOlder = true;
    const release = hold();
    const opening = openThread(SID);
    await Promise.resolve();
    expect(getThread(SID).loaded).toBe(true);
    expect(shown()).toEqual(range(71, 100));
    release();
    await opening;
    expect(shown()).toEqual(range(71, 120));
    expect(getThread(SID).syncedSeq).toBe(120);
    expect(getThread(SID).hasMoreOlder).toBe(true);
  });

  it('replaces them when messages are missing between them and the newest page', async () => {
    server.messages = range(1, 500).map(msg);
    kept.messages = range(71, 100).map(msg);
    const release = hold();
    const opening = openThread(SID);
    await Promise.resolve();
    expect(shown()).toEqual(range(71, 100));
    release();
    await opening;
    expect(shown()).toEqual(range(471, 500)); // the newest page: 30
    expect(getThread(SID).syncedSeq).toBe(500);
    expect(getThread(SID).hasMoreOlder).toBe(true);
  });

  it('drops kept messages the server no longer has (history cleared or deleted elsewhere)', async () => {
    server.messages = [...range(1, 60), ...range(62, 70)].map(msg); // 61 deleted on another device
    kept.messages = range(41, 65).map(msg);
    kept.hasMoreOlder = true;
    const release = hold();
    const opening = openThread(SID);
    await Promise.resolve();
    expect(shown()).toEqual(range(41, 65));
    release();
    await opening;
    expect(shown()).toEqual([...range(40, 60), ...range(62, 70)]); // the newest page: 30

    useChatStore.getState().reset();
    server.messages = []; // the history was cleared
    kept.messages = range(41, 65).map(msg);
    await openThread(SID);
    expect(shown()).toEqual([]);
    expect(getThread(SID).hasMoreOlder).toBe(false);
  });

  it('keeps them without a network, and drops them when the server refuses the chat', async () => {
    kept.messages = range(1, 30).map(msg);
    server.fail = new ApiError('offline', ClientCode.Network, null, 0);
    await expect(openThread(SID)).rejects.toThrow();
    expect(shown()).toEqual(range(1, 30));
    expect(getThread(SID).loaded).toBe(true);

    useChatStore.getState().reset();
    server.fail = new ApiError('not a member', 3001, null, 200);
    await expect(openThread(SID)).rejects.toThrow();
    expect(shown()).toEqual([]);
    expect(getThread(SID).loaded).toBe(false);
  });
});
