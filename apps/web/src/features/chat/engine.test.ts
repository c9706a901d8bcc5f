import type { ChatMessage, ChatSession } from '@chatpay/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fake server holding one session's messages; `call` answers message/page like the real one. */
const server = vi.hoisted(() => ({
  messages: [] as ChatMessage[],
  pages: [] as { afterSeq?: number; beforeSeq?: number }[],
  /** Change cursors and my changes (chat-delivery.md "Changes since"); recalls carry their own changeSeq. */
  shared: 0,
  mine: 0,
  removed: [] as { id: number; changeSeq: number }[],
  clearedSeq: 0,
  changeCalls: [] as { afterShared: number; afterMine: number }[],
}));
const socket = vi.hoisted(() => ({
  handlers: new Map<string, (p: unknown) => void>(),
  connect: [] as (() => void)[],
  /** A (re)connect is on its way (lib/socket.ts connectPending). */
  pending: false,
}));

vi.mock('../../lib/request.ts', () => ({
  call: vi.fn(async (endpoint: { path: string }, input: Record<string, number>) => {
    if (endpoint.path.endsWith('/message/page')) {
      server.pages.push({ afterSeq: input.afterSeq, beforeSeq: input.beforeSeq });
      const size = input.size ?? 50;
      const all = server.messages.filter(
        (m) =>
          m.sessionId === input.sessionId &&
          m.seq > server.clearedSeq &&
          !server.removed.some((r) => r.id === m.id),
      );
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
      const changes = { shared: server.shared, mine: server.mine };
      return {
        list,
        pagination: { page: 1, size, total: all.length },
        lastSeq,
        readSeq: 0,
        hasMore,
        changes,
      };
    }
    if (endpoint.path.endsWith('/message/changes')) {
      const { afterShared = 0, afterMine = 0 } = input;
      server.changeCalls.push({ afterShared, afterMine });
      return {
        messages: server.messages.filter(
          (m) => (m.changeSeq ?? 0) > afterShared && m.seq > server.clearedSeq,
        ),
        removedIds: server.removed.filter((r) => r.changeSeq > afterMine).map((r) => r.id),
        clearedSeq: server.clearedSeq,
        changes: { shared: server.shared, mine: server.mine },
        hasMore: false,
      };
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
  connectPending: () => socket.pending,
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
  server.shared = 0;
  server.mine = 0;
  server.removed = [];
  server.clearedSeq = 0;
  server.changeCalls = [];
  socket.pending = false;
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

  it('a chat opened again while its first page loads asks the server once', async () => {
    store(3);
    // Start-up opens the chat of the address beside the page's code; the page then opens it too.
    const early = openThread(SID);
    const page = openThread(SID);
    await Promise.all([early, page]);
    expect(server.pages).toEqual([{ afterSeq: undefined, beforeSeq: undefined }]);
    expect(shown()).toEqual(range(1, 3));
  });

  it('a message that arrives while a chat opened at start-up loads its first page is shown', async () => {
    store(3);
    // Not yet the open chat: its page has not rendered.
    const loading = openThread(SID);
    store(1);
    emit('message', msg(4));
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

  it('a chat opened again while the socket connects waits for that connect to catch up, asking once', async () => {
    store(2);
    await openThread(SID);
    const pagesBefore = server.pages.length;
    const changesBefore = server.changeCalls.length;
    socket.pending = true;
    store(3); // arrived before the socket is back
    await openThread(SID);
    expect(server.pages.length).toBe(pagesBefore);
    socket.pending = false;
    for (const l of socket.connect) l();
    await flush();
    expect(shown()).toEqual(range(1, 5));
    expect(server.pages.slice(pagesBefore).map((p) => p.afterSeq)).toEqual([2]);
    expect(server.changeCalls.length).toBe(changesBefore + 1);
  });

  it('a chat opened again on a live socket catches up at once', async () => {
    store(2);
    await openThread(SID);
    store(1);
    await openThread(SID);
    expect(shown()).toEqual(range(1, 3));
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

  it('a recall made while disconnected shows after the reconnect, in place, through the changes', async () => {
    store(3);
    await openThread(SID);
    server.shared = 1;
    server.messages[1] = {
      ...msg(2),
      contentType: 'notice',
      content: { type: 'recall' },
      recalled: true,
      changeSeq: 1,
    };
    for (const l of socket.connect) l();
    await flush();
    expect(shown()).toEqual([1, 2, 3]);
    expect(getThread(SID).items[1]?.recalled).toBe(true);
    expect(server.changeCalls.at(-1)).toEqual({ afterShared: 0, afterMine: 0 });
    expect(getThread(SID).changes).toEqual({ shared: 1, mine: 0 });
    // The next reconnect asks from the new cursor.
    for (const l of socket.connect) l();
    await flush();
    expect(server.changeCalls.at(-1)).toEqual({ afterShared: 1, afterMine: 0 });
  });

  it('my deletions and clear made on another device while offline leave after the reconnect', async () => {
    store(6);
    await openThread(SID);
    server.removed = [{ id: msg(5).id, changeSeq: 1 }];
    server.clearedSeq = 2;
    server.mine = 2;
    for (const l of socket.connect) l();
    await flush();
    expect(shown()).toEqual([3, 4, 6]);
    expect(getThread(SID).changes).toEqual({ shared: 0, mine: 2 });
  });

  it('live deletions and clears drop messages, twice is harmless, a missed change is fetched', async () => {
    store(6);
    server.mine = 4;
    await openThread(SID);
    expect(getThread(SID).changes).toEqual({ shared: 0, mine: 4 });
    server.removed.push({ id: msg(6).id, changeSeq: 5 });
    server.mine = 5;
    emit('onMessageRemove', { sessionId: SID, ids: [msg(6).id], changeSeq: 5 });
    emit('onMessageRemove', { sessionId: SID, ids: [msg(6).id], changeSeq: 5 });
    await flush();
    expect(shown()).toEqual([1, 2, 3, 4, 5]);
    expect(getThread(SID).changes.mine).toBe(5);
    expect(server.changeCalls).toEqual([]);
    // Change 6 (delete 1) never reached this socket; change 7 (clear up to 2) shows the gap.
    server.removed.push({ id: msg(1).id, changeSeq: 6 });
    server.clearedSeq = 2;
    server.mine = 7;
    emit('onSessionClear', { sessionId: SID, clearedSeq: 2, changeSeq: 7 });
    await flush();
    expect(shown()).toEqual([3, 4, 5]);
    expect(server.changeCalls).toEqual([{ afterShared: 0, afterMine: 5 }]);
    expect(getThread(SID).changes.mine).toBe(7);
    expect(getThread(SID).hasMoreOlder).toBe(false);
  });

  it('a live recall replaces the message by id and moves the shared cursor', async () => {
    store(3);
    await openThread(SID);
    emit('message', {
      ...msg(2),
      contentType: 'notice',
      content: { type: 'recall' },
      recalled: true,
      changeSeq: 1,
    });
    await flush();
    expect(shown()).toEqual([1, 2, 3]);
    expect(getThread(SID).items[1]).toMatchObject({ recalled: true, contentType: 'notice' });
    expect(getThread(SID).changes.shared).toBe(1);
    expect(server.changeCalls).toEqual([]);
  });

  it('an edit and a reaction made while disconnected arrive through the changes, in place, once', async () => {
    store(3);
    await openThread(SID);
    server.shared = 2;
    server.messages[2] = {
      ...msg(3),
      content: { text: 'm3, edited' },
      editTime: '2026-01-01T00:05:00.000Z',
      changeSeq: 1,
    };
    server.messages[1] = {
      ...msg(2),
      changeSeq: 2,
      reactions: [{ emoji: '👍', count: 1, users: [{ id: 2, nickName: 'Bo' }] }],
    };
    for (const l of socket.connect) l();
    await flush();
    expect(shown()).toEqual([1, 2, 3]);
    expect(getThread(SID).items[2]).toMatchObject({ content: { text: 'm3, edited' } });
    expect(getThread(SID).items[1]?.reactions?.[0]?.count).toBe(1);
    expect(getThread(SID).changes.shared).toBe(2);
  });

  it('a live edit of the last message replaces it by id and the list preview follows', async () => {
    store(3);
    qc.setQueryData<Partial<ChatSession>[]>(chatKeys.sessions(), [
      { id: SID, lastSeq: 3, readSeq: 3, unreadCount: 0, content: { text: 'm3' }, contentType: 'text' },
    ]);
    await openThread(SID);
    emit('message', {
      ...msg(3),
      content: { text: 'm3, edited' },
      editTime: '2026-01-01T00:05:00Z',
      changeSeq: 1,
    });
    await flush();
    expect(shown()).toEqual([1, 2, 3]);
    expect(getThread(SID).items[2]?.content.text).toBe('m3, edited');
    const list = qc.getQueryData<Partial<ChatSession>[]>(chatKeys.sessions());
    expect(list?.[0]).toMatchObject({ content: { text: 'm3, edited' }, unreadCount: 0 });
  });

  it('ignores malformed change events', async () => {
    store(2);
    await openThread(SID);
    emit('onMessageRemove', { sessionId: SID, ids: 'all', changeSeq: 1 });
    emit('onSessionClear', { sessionId: SID, clearedSeq: 'x' });
    await flush();
    expect(shown()).toEqual([1, 2]);
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

describe('my session settings from my other devices', () => {
  const session = (id: number, isTop = false) =>
    ({ id, isTop, useNotify: true, lastSeq: 1, readSeq: 1, unreadCount: 0 }) as ChatSession;
  const listed = () => qc.getQueryData<ChatSession[]>(chatKeys.sessions()) ?? [];

  it('a hidden session leaves the list; a pin and a mute change it and its settings page', async () => {
    qc.setQueryData(chatKeys.sessions(), [session(1), session(2), session(3)]);
    qc.setQueryData(chatKeys.session(3), session(3));
    emit('onSessionDelete', { sessionId: 2 });
    expect(listed().map((s) => s.id)).toEqual([1, 3]);
    emit('onSessionSetting', { sessionId: 3, isTop: true, useNotify: false });
    expect(listed().find((s) => s.id === 3)).toMatchObject({ isTop: true, useNotify: false });
    expect(qc.getQueryData<ChatSession>(chatKeys.session(3))).toMatchObject({
      isTop: true,
      useNotify: false,
    });
    expect(listed().find((s) => s.id === 1)).toMatchObject({ isTop: false, useNotify: true });
    // Applying the same settings again changes nothing.
    emit('onSessionSetting', { sessionId: 3, isTop: true, useNotify: false });
    expect(listed().map((s) => [s.id, s.isTop, s.useNotify])).toEqual([
      [1, false, true],
      [3, true, false],
    ]);
  });

  it('ignores malformed settings events', () => {
    qc.setQueryData(chatKeys.sessions(), [session(1)]);
    emit('onSessionSetting', { sessionId: 1, isTop: 'yes', useNotify: false });
    emit('onSessionSetting', { sessionId: 1 });
    expect(listed()).toEqual([session(1)]);
  });
});
