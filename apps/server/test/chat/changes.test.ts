import { ErrorCode, messageApi } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, createUser, sendText, type TestUser } from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';

/** Recall, delete for me and clear reach a member's other devices, live and after a reconnect. */
const sockets: ChatSocket[] = [];
const t = useTestApp();
afterAll(async () => {
  for (const s of sockets) s.disconnect();
});
const socketOf = async (token: string) => {
  const s = await connectSocket(t, token);
  sockets.push(s);
  return s;
};

const changes = (user: TestUser, sessionId: number, afterShared = 0, afterMine = 0) =>
  t.ok(messageApi.changes, { sessionId, afterShared, afterMine }, user.token);
const cursorsOf = async (user: TestUser, sessionId: number) =>
  (await t.ok(messageApi.page, { sessionId }, user.token)).changes;

describe('message/changes', () => {
  it('answers a recall made while a device was away after its cursor, and not before', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const kept = await sendText(t, a, sessionId, 'stays');
    const gone = await sendText(t, a, sessionId, 'oops');
    // B's second device holds the chat, then loses its connection.
    const device2 = await socketOf(b.token);
    const before = await cursorsOf(b, sessionId);
    device2.disconnect();
    const recalled = await t.ok(messageApi.recall, { id: gone.id }, a.token);
    expect(recalled.changeSeq).toBe(before.shared + 1);

    // Back online: catch-up by afterSeq sees nothing new (the recall kept its seq)…
    const after = await t.ok(messageApi.page, { sessionId, afterSeq: gone.seq }, b.token);
    expect(after.list).toEqual([]);
    // …the changes after the device's cursor do.
    const got = await changes(b, sessionId, before.shared, before.mine);
    expect(got.messages).toHaveLength(1);
    expect(got.messages[0]).toMatchObject({
      id: gone.id,
      seq: gone.seq,
      recalled: true,
      contentType: 'notice',
    });
    expect(got.messages.map((m) => m.id)).not.toContain(kept.id);
    expect(got.changes.shared).toBe(recalled.changeSeq);
    // Asked again from the new cursor: nothing.
    const again = await changes(b, sessionId, got.changes.shared, got.changes.mine);
    expect(again.messages).toEqual([]);
    expect(again.removedIds).toEqual([]);
    expect(again.hasMore).toBe(false);
  });

  it('delete for me reaches my other socket live and through changes, never the other member', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const one = await sendText(t, a, sessionId, 'one');
    const two = await sendText(t, a, sessionId, 'two');
    const bOther = recorder(await socketOf(b.token), 'onMessageRemove');
    const aSocket = recorder(await socketOf(a.token), 'onMessageRemove');
    const before = await cursorsOf(b, sessionId);
    const aBefore = await cursorsOf(a, sessionId);

    await t.ok(messageApi.remove, { ids: [two.id, one.id] }, b.token);
    const live = await bOther.next((e) => e.sessionId === sessionId);
    expect(live).toEqual({
      sessionId,
      ids: [one.id, two.id].sort((x, y) => x - y),
      changeSeq: before.mine + 1,
    });

    const got = await changes(b, sessionId, before.shared, before.mine);
    expect(got.removedIds.sort((x, y) => x - y)).toEqual([one.id, two.id].sort((x, y) => x - y));
    expect(got.changes.mine).toBe(before.mine + 1);
    expect(got.changes.shared).toBe(before.shared);

    // A still sees both, learns of no removal and its cursors did not move.
    const theirs = await changes(a, sessionId, aBefore.shared, aBefore.mine);
    expect(theirs.removedIds).toEqual([]);
    expect(theirs.changes).toEqual(aBefore);
    const aPage = await t.ok(messageApi.page, { sessionId }, a.token);
    expect(aPage.list.map((m) => m.id)).toEqual(expect.arrayContaining([one.id, two.id]));
    await new Promise((r) => setTimeout(r, 100));
    expect(aSocket.seen).toEqual([]);
  });

  it('clear reaches my other socket live and through changes, never the other member', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const last = await sendText(t, a, sessionId, 'before the clear');
    const bOther = recorder(await socketOf(b.token), 'onSessionClear');
    const aSocket = recorder(await socketOf(a.token), 'onSessionClear');
    const before = await cursorsOf(b, sessionId);

    await t.ok(messageApi.clear, { sessionId }, b.token);
    expect(await bOther.next((e) => e.sessionId === sessionId)).toEqual({
      sessionId,
      clearedSeq: last.seq,
      changeSeq: before.mine + 1,
    });
    const got = await changes(b, sessionId, before.shared, before.mine);
    expect(got).toMatchObject({ clearedSeq: last.seq, changes: { mine: before.mine + 1 } });

    const theirs = await changes(a, sessionId);
    expect(theirs.clearedSeq).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(aSocket.seen).toEqual([]);
  });

  it('keeps the cursors monotonic and the page carries them', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const m1 = await sendText(t, a, sessionId, 'm1');
    const m2 = await sendText(t, a, sessionId, 'm2');
    const m3 = await sendText(t, b, sessionId, 'm3');
    const seen: { shared: number; mine: number }[] = [await cursorsOf(b, sessionId)];
    await t.ok(messageApi.recall, { id: m1.id }, a.token);
    seen.push(await cursorsOf(b, sessionId));
    await t.ok(messageApi.remove, { ids: [m2.id] }, b.token);
    seen.push((await changes(b, sessionId)).changes);
    // Recalling one already recalled and removing one already removed change nothing shared.
    await t.ok(messageApi.recall, { id: m1.id }, a.token);
    await t.ok(messageApi.remove, { ids: [m2.id] }, b.token);
    seen.push(await cursorsOf(b, sessionId));
    await t.ok(messageApi.recall, { id: m3.id }, b.token);
    await t.ok(messageApi.clear, { sessionId }, b.token);
    seen.push((await changes(b, sessionId)).changes);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.shared).toBeGreaterThanOrEqual(seen[i - 1]!.shared);
      expect(seen[i]!.mine).toBeGreaterThanOrEqual(seen[i - 1]!.mine);
    }
    expect(seen.at(-1)!.shared).toBe(seen[0]!.shared + 2);
    expect(seen[3]!.shared).toBe(seen[1]!.shared);
    // A cleared recall is not answered again: it is at or below the clear point.
    const all = await changes(b, sessionId);
    expect(all.messages).toEqual([]);
  });

  it('answers SessionNotFound to a non-member', async () => {
    const { sessionId } = await createFriendPair(t);
    const stranger = await createUser(t);
    const res = await t.call(messageApi.changes, { sessionId, afterShared: 0, afterMine: 0 }, stranger.token);
    expect(res.code).toBe(ErrorCode.SessionNotFound);
  });
});
