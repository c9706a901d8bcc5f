import type { ChatMessage } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  arrange,
  hasGap,
  maxSeq,
  mergeMessages,
  minSeq,
  nextCursor,
  removeById,
  removeLocal,
  stored,
  type UiMessage,
  upsertLocal,
} from './thread.ts';

const ME = 1;
const OTHER = 2;
const msg = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 100 + seq,
  sessionId: 7,
  seq,
  clientMsgId: `c${seq}`,
  senderId: OTHER,
  contentType: 'text',
  content: { text: `m${seq}` },
  createTime: new Date(2026, 0, 1, 12, seq).toISOString(),
  isAutoReply: false,
  recalled: false,
  ...over,
});
const pending = (clientMsgId: string, text: string): UiMessage => ({
  ...msg(0, { id: 0, clientMsgId, senderId: ME, content: { text } }),
  status: 'pending',
});
const seqs = (items: UiMessage[]) => items.map((m) => m.seq);

describe('mergeMessages', () => {
  it('an edit or a reaction replaces the held copy by id; an older copy arriving late does not undo it', () => {
    const first = mergeMessages([], [msg(1)]);
    const edited = msg(1, { content: { text: 'new' }, editTime: '2026-01-01T12:05:00Z', changeSeq: 2 });
    const reacted = msg(1, {
      content: { text: 'new' },
      changeSeq: 3,
      reactions: [{ emoji: '👍', count: 1, users: [{ id: ME, nickName: 'me' }] }],
    });
    const afterEdit = mergeMessages(first, [edited]);
    expect(afterEdit).toHaveLength(1);
    expect(afterEdit[0]?.content.text).toBe('new');
    const afterReaction = mergeMessages(afterEdit, [reacted]);
    expect(afterReaction[0]?.reactions?.[0]?.count).toBe(1);
    // The edit's own event, late, and the original from a page: both stale.
    expect(mergeMessages(afterReaction, [edited, msg(1)])).toBe(afterReaction);
  });

  it('orders stored messages by seq whatever order they arrive in', () => {
    const items = mergeMessages([], [msg(3), msg(1), msg(2)]);
    expect(seqs(items)).toEqual([1, 2, 3]);
    expect(seqs(mergeMessages(items, [msg(5), msg(4)]))).toEqual([1, 2, 3, 4, 5]);
  });

  it('never shows a message twice (same id from the socket, a page and a catch-up)', () => {
    let items = mergeMessages([], [msg(1), msg(2)]);
    items = mergeMessages(items, [msg(2)]);
    items = mergeMessages(items, [msg(1), msg(2), msg(3)]);
    items = mergeMessages(items, [msg(3), msg(3)]);
    expect(seqs(items)).toEqual([1, 2, 3]);
  });

  it('answers the same array when nothing is new (no re-render)', () => {
    const items = mergeMessages([], [msg(1)]);
    expect(mergeMessages(items, [msg(1)])).toBe(items);
    expect(mergeMessages(items, [])).toBe(items);
  });

  it('replaces my pending copy with the stored message (socket echo or send answer, by clientMsgId)', () => {
    let items = mergeMessages([], [msg(1)]);
    items = upsertLocal(items, pending('mine-a', 'hello'));
    items = upsertLocal(items, pending('mine-b', 'again'));
    expect(items.map((m) => m.status)).toEqual(['sent', 'pending', 'pending']);
    // The echo of mine-a arrives first, then the send answer builds the same message: one copy only.
    const echo = msg(2, { clientMsgId: 'mine-a', senderId: ME, content: { text: 'hello' } });
    items = mergeMessages(items, [echo]);
    items = mergeMessages(items, [echo]);
    expect(items.map((m) => [m.seq, m.clientMsgId, m.status])).toEqual([
      [1, 'c1', 'sent'],
      [2, 'mine-a', 'sent'],
      [0, 'mine-b', 'pending'],
    ]);
  });

  it("does not mistake someone else's message with the same clientMsgId for mine", () => {
    let items = upsertLocal([], pending('same', 'mine'));
    items = mergeMessages(items, [msg(1, { clientMsgId: 'same', senderId: OTHER })]);
    expect(items.map((m) => m.status)).toEqual(['sent', 'pending']);
  });

  it('keeps unsent messages after stored ones, in the order they were written', () => {
    let items = upsertLocal([], pending('a', '1'));
    items = upsertLocal(items, pending('b', '2'));
    items = mergeMessages(items, [msg(4), msg(3)]);
    expect(items.map((m) => m.clientMsgId)).toEqual(['c3', 'c4', 'a', 'b']);
  });

  it('a failed message stays where it was written, not below newer messages', () => {
    const failed: UiMessage = {
      ...msg(0, {
        id: 0,
        clientMsgId: 'f',
        senderId: ME,
        createTime: new Date(2026, 0, 1, 12, 2, 30).toISOString(),
      }),
      status: 'failed',
    };
    let items = upsertLocal([], failed);
    items = upsertLocal(items, pending('p', 'later'));
    items = mergeMessages(items, [msg(4), msg(1), msg(3), msg(2)]);
    expect(items.map((m) => m.clientMsgId)).toEqual(['c1', 'c2', 'f', 'c3', 'c4', 'p']);
    expect(arrange([...items].reverse()).map((m) => m.clientMsgId)).toEqual([
      'c1',
      'c2',
      'f',
      'c3',
      'c4',
      'p',
    ]);
  });

  it('removeLocal drops only my unsent message with that clientMsgId', () => {
    const items = mergeMessages(upsertLocal([], pending('a', 'x')), [
      msg(1, { clientMsgId: 'a', senderId: OTHER }),
    ]);
    expect(removeLocal(items, 'a').map((m) => m.seq)).toEqual([1]);
  });

  it('a recall (same id, re-emitted) replaces the message in place', () => {
    let items = mergeMessages([], [msg(1), msg(2), msg(3)]);
    const recalled = msg(2, { contentType: 'notice', content: { type: 'recall', text: '' }, recalled: true });
    items = mergeMessages(items, [recalled]);
    expect(seqs(items)).toEqual([1, 2, 3]);
    expect(items[1]?.contentType).toBe('notice');
    expect(items[1]?.recalled).toBe(true);
  });

  it('keeps the local preview URL of my media when the stored copy arrives', () => {
    let items = upsertLocal([], { ...pending('img', ''), contentType: 'image', localUrl: 'blob:x' });
    items = mergeMessages(items, [msg(1, { clientMsgId: 'img', senderId: ME, contentType: 'image' })]);
    expect(items[0]?.localUrl).toBe('blob:x');
  });
});

describe('gaps and bounds', () => {
  it('a message right after the synced seq is no gap; one further on is', () => {
    expect(hasGap(5, 6)).toBe(false);
    expect(hasGap(5, 5)).toBe(false);
    expect(hasGap(5, 3)).toBe(false);
    expect(hasGap(5, 7)).toBe(true);
    expect(hasGap(0, 1)).toBe(false);
    expect(hasGap(0, 2)).toBe(true);
  });

  it('min and max seq ignore unsent messages', () => {
    const items = upsertLocal(mergeMessages([], [msg(4), msg(9)]), pending('x', 'y'));
    expect(maxSeq(items)).toBe(9);
    expect(minSeq(items)).toBe(4);
    expect(maxSeq([])).toBe(0);
    expect(minSeq([])).toBeNull();
  });

  it('delete for me drops only that message', () => {
    const items = upsertLocal(mergeMessages([], [msg(1), msg(2)]), pending('x', 'y'));
    expect(removeById(items, [102]).map((m) => m.clientMsgId)).toEqual(['c1', 'x']);
  });

  it('stored() marks a server message as sent', () => {
    expect(stored(msg(1)).status).toBe('sent');
  });
});

describe('applying changes (recall, delete for me, clear)', () => {
  const held = () => mergeMessages([], [msg(1), msg(2), msg(3), msg(4)]);
  const recalled = msg(2, {
    contentType: 'notice',
    content: { type: 'recall' },
    recalled: true,
    changeSeq: 3,
  });

  it('a recall replaces the held copy in place; one not held is left for the page that loads it', () => {
    const out = applyChanges(held(), { messages: [recalled, msg(9, { recalled: true })] });
    expect(out.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(out[1]).toMatchObject({ id: recalled.id, recalled: true, contentType: 'notice', status: 'sent' });
  });

  it('removals and the clear point drop stored messages, never my unsent ones', () => {
    const pending = {
      ...stored(msg(0)),
      id: 0,
      clientMsgId: 'mine',
      senderId: ME,
      status: 'pending' as const,
    };
    const out = applyChanges([...held(), pending], { removedIds: [msg(4).id], clearedSeq: 2 });
    expect(out.map((m) => m.clientMsgId)).toEqual(['c3', 'mine']);
  });

  it('is idempotent and order-free; nothing to do answers the same array', () => {
    const changes = { messages: [recalled], removedIds: [msg(3).id], clearedSeq: 1 };
    const once = applyChanges(held(), changes);
    const twice = applyChanges(once, changes);
    expect(twice).toEqual(once);
    expect(twice).toBe(once);
    const split = applyChanges(
      applyChanges(applyChanges(held(), { clearedSeq: 1 }), { removedIds: [msg(3).id] }),
      { messages: [recalled] },
    );
    expect(split).toEqual(once);
    const items = held();
    expect(applyChanges(items, {})).toBe(items);
  });

  it('moves a cursor only by the next change; a higher one is a gap', () => {
    expect(nextCursor(4, 5)).toEqual({ cursor: 5, gap: false });
    expect(nextCursor(4, 7)).toEqual({ cursor: 4, gap: true });
    expect(nextCursor(4, 3)).toEqual({ cursor: 4, gap: false });
  });
});
