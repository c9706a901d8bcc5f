import { ErrorCode, messageApi, type ReactionEmoji } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import {
  createFriendPair,
  createGroupOf,
  createUser,
  sendText,
  type TestUser,
} from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';

/**
 * Reactions (docs/product.md#messages, chat-delivery.md "Edits and reactions"): set or take back one emoji
 * on a message I can see; counts and who, live to every member and after a reconnect through
 * `message/changes`; strangers learn nothing.
 */
const t = useTestApp();
const sockets: ChatSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});
const socketOf = async (token: string) => {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
};
const react = (user: TestUser, id: number, emoji: string, active = true) =>
  // A string, not the contract's list: the bad-emoji cases send what a hostile client would.
  t.call(messageApi.react, { id, emoji: emoji as ReactionEmoji, active }, user.token);
const reactionsSeen = async (user: TestUser, sessionId: number, id: number) =>
  (await t.ok(messageApi.page, { sessionId, size: 100 }, user.token)).list.find((m) => m.id === id)
    ?.reactions ?? [];

describe('message/react', () => {
  it('counts who reacted with what; the same reaction again changes nothing; false takes it back', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'react to me');
    const first = await t.ok(messageApi.react, { id: sent.id, emoji: '👍', active: true }, b.token);
    expect(first.reactions).toEqual([
      { emoji: '👍', count: 1, users: [{ id: b.id, nickName: expect.any(String) }] },
    ]);
    // Idempotent: a retry changes nothing (no new change seq).
    const retry = await t.ok(messageApi.react, { id: sent.id, emoji: '👍', active: true }, b.token);
    expect(retry.changeSeq).toBe(first.changeSeq);
    // More than one emoji per member; the author may react too.
    await t.ok(messageApi.react, { id: sent.id, emoji: '❤️', active: true }, b.token);
    await t.ok(messageApi.react, { id: sent.id, emoji: '👍', active: true }, a.token);
    const both = await reactionsSeen(a, sessionId, sent.id);
    expect(both.map((r) => [r.emoji, r.count, r.users.map((u) => u.id)])).toEqual([
      ['👍', 2, [b.id, a.id]],
      ['❤️', 1, [b.id]],
    ]);
    const off = await t.ok(messageApi.react, { id: sent.id, emoji: '👍', active: false }, b.token);
    // Ordered by each emoji's earliest standing reaction: B's 👍 went, A's came after B's ❤️.
    expect(off.reactions?.map((r) => [r.emoji, r.count])).toEqual([
      ['❤️', 1],
      ['👍', 1],
    ]);
    const offAgain = await t.ok(messageApi.react, { id: sent.id, emoji: '👍', active: false }, b.token);
    expect(offAgain.changeSeq).toBe(off.changeSeq);
    await t.ok(messageApi.react, { id: sent.id, emoji: '❤️', active: false }, b.token);
    await t.ok(messageApi.react, { id: sent.id, emoji: '👍', active: false }, a.token);
    expect(await reactionsSeen(b, sessionId, sent.id)).toEqual([]);
  });

  it('refuses a stranger (no such message), an emoji outside the list, a recalled message', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const stranger = await createUser(t);
    const sent = await sendText(t, a, sessionId, 'members only');
    expect((await react(stranger, sent.id, '👍')).code).toBe(ErrorCode.MessageNotFound);
    expect((await react(b, 2_000_000_000, '👍')).code).toBe(ErrorCode.MessageNotFound);
    for (const emoji of ['x', '🦄', '', '👍👍', '<b>']) {
      const res = await react(b, sent.id, emoji);
      expect(res.code).not.toBe(1000);
      expect(res.code).not.toBe(500);
    }
    expect(await reactionsSeen(a, sessionId, sent.id)).toEqual([]);
    const gone = await sendText(t, a, sessionId, 'soon recalled');
    await t.ok(messageApi.recall, { id: gone.id }, a.token);
    expect((await react(b, gone.id, '👍')).code).toBe(ErrorCode.MessageNotFound);
  });

  it('goes live to the peer, and a device that was away gets it by changes', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = await sendText(t, a, sessionId, 'live');
    const aSocket = await socketOf(a.token);
    const events = recorder(aSocket, 'message');
    await t.ok(messageApi.react, { id: sent.id, emoji: '😂', active: true }, b.token);
    const live = await events.next((m) => m.id === sent.id);
    expect(live.reactions).toEqual([
      { emoji: '😂', count: 1, users: [{ id: b.id, nickName: expect.any(String) }] },
    ]);
    expect(live.seq).toBe(sent.seq);

    const before = await t.ok(messageApi.page, { sessionId }, a.token);
    aSocket.disconnect();
    await t.ok(messageApi.react, { id: sent.id, emoji: '🙏', active: true }, b.token);
    const bySeq = await t.ok(messageApi.page, { sessionId, afterSeq: before.lastSeq }, a.token);
    expect(bySeq.list).toEqual([]);
    const changes = await t.ok(
      messageApi.changes,
      { sessionId, afterShared: before.changes.shared, afterMine: before.changes.mine },
      a.token,
    );
    expect(changes.messages.map((m) => [m.id, m.reactions?.map((r) => r.emoji)])).toEqual([
      [sent.id, ['😂', '🙏']],
    ]);
  });

  it('in a group: every member sees the counts and who', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const sent = await sendText(t, owner, group.sessionId, 'group poll');
    const socket = await socketOf(members[1]!.token);
    const events = recorder(socket, 'message');
    await t.ok(messageApi.react, { id: sent.id, emoji: '🎉', active: true }, members[0]!.token);
    await t.ok(messageApi.react, { id: sent.id, emoji: '🎉', active: true }, owner.token);
    const live = await events.next((m) => m.id === sent.id && m.reactions?.[0]?.count === 2);
    expect(live.reactions?.[0]?.users.map((u) => u.id)).toEqual([members[0]!.id, owner.id]);
    expect((await reactionsSeen(members[1]!, group.sessionId, sent.id))[0]?.count).toBe(2);
  });
});
