import type { ChatSession } from '@chatpay/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, ClientCode } from '../../lib/errors.ts';
import type { ChatState } from './convo.ts';

const calls = vi.hoisted(() => [] as { path: string; input: unknown }[]);
vi.mock('../../lib/request.ts', () => ({
  // The send never answers here: the message stays pending, which is all these tests look at.
  call: vi.fn((endpoint: { path: string }, input: unknown) => {
    calls.push({ path: endpoint.path, input });
    return new Promise(() => undefined);
  }),
  upload: vi.fn(),
}));

const { chatActions, chatState } = await import('./convo.ts');
const { emptyThread, getThread, useChatStore } = await import('./store.ts');

const SID = 9;
const session = (dissolved: boolean | null): ChatSession => ({
  sessionId: SID,
  id: SID,
  type: dissolved === null ? 'single' : 'group',
  kind: dissolved === null ? 'friend' : 'group',
  name: 'Chat',
  trade: null,
  userId: dissolved === null ? 2 : null,
  content: null,
  contentType: null,
  lastChatTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  lastSeq: 0,
  readSeq: 0,
  peerReadSeq: dissolved === null ? 0 : null,
  unreadCount: 0,
  isDelete: false,
  useNotify: true,
  isTop: false,
  headimgs: '',
  senderUsername: null,
  senderNickName: null,
  senderHeadImg: null,
  groupInfo: dissolved === null ? null : { groupId: 1, ownerId: 1, memberCount: 3, dissolved, members: [] },
});
const loaded = { ...emptyThread, loaded: true };
const actions = chatActions(SID);
const state = (s: Partial<Parameters<typeof chatState>[0]>): ChatState =>
  chatState(
    {
      sessionId: SID,
      session: { data: undefined, error: null },
      thread: emptyThread,
      openError: null,
      ...s,
    },
    actions,
  );

describe('chat state transitions', () => {
  it('is loading until both the session and the first page are there', () => {
    expect(state({}).status).toBe('loading');
    const withSession = state({ session: { data: session(null), error: null } });
    expect(withSession).toMatchObject({ status: 'loading', session: { id: SID } });
    expect(state({ thread: loaded }).status).toBe('loading');
    expect(state({ session: { data: session(null), error: null }, thread: loaded }).status).toBe('ready');
  });

  it('goes from ready to dissolved when the group is dissolved', () => {
    const ready = state({ session: { data: session(false), error: null }, thread: loaded });
    expect(ready.status).toBe('ready');
    const after = state({ session: { data: session(true), error: null }, thread: loaded });
    expect(after.status).toBe('dissolved');
  });

  it('fails from loading or ready when a load fails, with the error', () => {
    const boom = new Error('gone');
    expect(state({ openError: boom })).toEqual({ status: 'error', sessionId: SID, error: boom });
    expect(state({ session: { data: session(null), error: boom }, thread: loaded })).toMatchObject({
      status: 'error',
      error: boom,
    });
    // The first page's failure wins over a session that did load.
    expect(state({ session: { data: session(null), error: null }, openError: boom }).status).toBe('error');
  });

  it('without a network it never fails (the page would leave): offline until loaded, ready once loaded', () => {
    const noNetwork = new ApiError('Network error', ClientCode.Network, null, 0);
    expect(state({ openError: noNetwork })).toEqual({ status: 'offline', sessionId: SID, session: null });
    expect(state({ session: { data: undefined, error: noNetwork }, thread: loaded }).status).toBe('offline');
    // Loaded before the network went: the chat stays usable (sends wait in the outbox).
    expect(
      state({ session: { data: session(null), error: null }, thread: loaded, openError: noNetwork }).status,
    ).toBe('ready');
    // A refusal from the server is still an error.
    const refused = new ApiError('No such chat', 1307, null, 200);
    expect(state({ openError: refused }).status).toBe('error');
  });

  it('offers every action only when ready, reading actions when dissolved, none otherwise', () => {
    const names = (s: ChatState) => Object.keys(s).filter((k) => typeof (s as never)[k] === 'function');
    const ready = state({ session: { data: session(false), error: null }, thread: loaded });
    const gone = state({ session: { data: session(true), error: null }, thread: loaded });
    expect(names(ready).sort()).toEqual(
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
    expect(names(gone).sort()).toEqual(['deleteFailed', 'loadOlder', 'markRead', 'removeForMe']);
    expect(names(state({}))).toEqual([]);
    expect(names(state({ openError: new Error('x') }))).toEqual([]);
  });

  it('lets the compiler refuse sending where the chat is not ready', () => {
    const s = state({ session: { data: session(true), error: null }, thread: loaded });
    if (s.status === 'dissolved') {
      // @ts-expect-error a dissolved group takes no messages
      expect(s.sendText).toBeUndefined();
      // @ts-expect-error nor recalls
      expect(s.recall).toBeUndefined();
      expect(typeof s.loadOlder).toBe('function');
    }
    const l = state({});
    if (l.status === 'loading') {
      // @ts-expect-error nothing to scroll back in before the first page
      expect(l.loadOlder).toBeUndefined();
    }
  });

  it('binds the actions to its session: a send shows at once as pending and goes out', async () => {
    useChatStore.getState().reset();
    const ready = state({ session: { data: session(null), error: null }, thread: loaded });
    if (ready.status !== 'ready') throw new Error('not ready');
    ready.sendText('hello');
    expect(getThread(SID).items).toMatchObject([{ status: 'pending', content: { text: 'hello' } }]);
    await vi.waitFor(() =>
      expect(calls).toContainEqual({
        path: expect.stringMatching(/\/message\/send$/),
        input: expect.objectContaining({ sessionId: SID, content: { text: 'hello' } }),
      }),
    );
  });
});
