import type { ChatMessage, ChatSession } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { applyMessage, applyRead, applyUnread, removeSession, unreadSum } from './sessions.ts';

const ME = 1;
const session = (id: number, over: Partial<ChatSession> = {}): ChatSession => ({
  sessionId: id,
  id,
  type: 'single',
  kind: 'friend',
  name: `S${id}`,
  trade: null,
  userId: 10 + id,
  content: null,
  contentType: null,
  lastChatTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  lastSeq: 10,
  readSeq: 10,
  peerReadSeq: null,
  unreadCount: 0,
  isDelete: false,
  useNotify: true,
  isTop: false,
  headimgs: '',
  senderUsername: null,
  senderNickName: null,
  senderHeadImg: null,
  groupInfo: null,
  ...over,
});
const message = (sessionId: number, seq: number, senderId = 2, text = 'hi'): ChatMessage => ({
  id: 1000 + seq,
  sessionId,
  seq,
  clientMsgId: `c${seq}`,
  senderId,
  contentType: 'text',
  content: { text },
  createTime: '2026-01-02T00:00:00.000Z',
  isAutoReply: false,
  recalled: false,
});
const ids = (list: ChatSession[]) => list.map((s) => s.id);

describe('session list rules', () => {
  it('a message for a known session moves it to the top and updates its last content', () => {
    const list = [session(1), session(2), session(3)];
    const { sessions, unknown } = applyMessage(list, message(3, 11, 2, 'newest'), ME);
    expect(unknown).toBe(false);
    expect(ids(sessions)).toEqual([3, 1, 2]);
    expect(sessions[0]?.content).toEqual({ text: 'newest' });
    expect(sessions[0]?.lastChatTime).toBe('2026-01-02T00:00:00.000Z');
  });

  it('pinned sessions stay above: the session goes to the top of the unpinned ones', () => {
    const list = [session(1, { isTop: true }), session(2), session(3)];
    expect(ids(applyMessage(list, message(3, 11), ME).sessions)).toEqual([1, 3, 2]);
    expect(ids(applyMessage(list, message(1, 11), ME).sessions)).toEqual([1, 2, 3]);
  });

  it('clears the deleted flag', () => {
    const list = [session(1), session(2, { isDelete: true })];
    expect(applyMessage(list, message(2, 11), ME).sessions[0]?.isDelete).toBe(false);
  });

  it('a message for an unknown session asks for a refresh and changes nothing', () => {
    const list = [session(1)];
    const outcome = applyMessage(list, message(9, 1), ME);
    expect(outcome.unknown).toBe(true);
    expect(outcome.sessions).toEqual(list);
  });

  it('unread = last seq − read seq: theirs count, mine mean I read up to there', () => {
    let list = [session(1)];
    list = applyMessage(list, message(1, 11), ME).sessions;
    list = applyMessage(list, message(1, 12), ME).sessions;
    expect(list[0]?.unreadCount).toBe(2);
    list = applyMessage(list, message(1, 13, ME), ME).sessions;
    expect(list[0]?.unreadCount).toBe(0);
  });

  it('the same message twice (socket and catch-up) counts once', () => {
    let list = [session(1)];
    list = applyMessage(list, message(1, 11), ME).sessions;
    list = applyMessage(list, message(1, 11), ME).sessions;
    expect(list[0]?.unreadCount).toBe(1);
  });

  it('a late older message (out of order) neither moves nor changes the preview', () => {
    let list = [session(1), session(2)];
    list = applyMessage(list, message(2, 12, 2, 'new'), ME).sessions;
    const late = applyMessage(list, message(2, 11, 2, 'old'), ME).sessions;
    expect(late[0]?.content).toEqual({ text: 'new' });
    expect(late[0]?.unreadCount).toBe(2);
  });

  it('a recall of the newest message updates the preview in place', () => {
    const list = [session(1), session(2, { lastSeq: 12, readSeq: 12 })];
    const recall = {
      ...message(2, 12),
      contentType: 'notice' as const,
      content: { type: 'recall' },
      recalled: true,
    };
    const { sessions } = applyMessage(list, recall, ME);
    expect(ids(sessions)).toEqual([1, 2]);
    expect(sessions[1]?.contentType).toBe('notice');
  });

  it('read and unread events', () => {
    let list = [session(1, { lastSeq: 15, readSeq: 10, unreadCount: 5 })];
    list = applyRead(list, 1, 13);
    expect(list[0]?.unreadCount).toBe(2);
    list = applyRead(list, 1, 12);
    expect(list[0]?.unreadCount).toBe(2);
    const ev = applyUnread(list, 1, 0);
    expect(ev.unknown).toBe(false);
    expect(ev.sessions[0]?.unreadCount).toBe(0);
    expect(applyUnread(list, 99, 3).unknown).toBe(true);
  });

  it('delete removes the session from the list', () => {
    expect(ids(removeSession([session(1), session(2)], 1))).toEqual([2]);
  });

  it('the tab badge is the sum of unread counts', () => {
    expect(unreadSum(undefined)).toBe(0);
    expect(
      unreadSum([
        session(1, { unreadCount: 3 }),
        session(2, { unreadCount: 0 }),
        session(3, { unreadCount: 4, useNotify: false }),
        session(4, { unreadCount: 2, isDelete: true }),
      ]),
    ).toBe(7);
  });
});
