import { type ChatSession, groupApi, messageApi, sessionApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createGroup, createUser, makeFriends, sendText, type TestUser } from '../helpers/factories.ts';

/**
 * Scale of data: the session list picks a page's sessions first and builds their views after. What
 * a member sees must not change: pinned first, then newest chat (ids break ties), hidden sessions left out,
 * unread counts, previews, the total, and pages that cut the same list.
 */
const t = useTestApp();

const pageOf = (user: TestUser, page: number, size: number, sort: 'asc' | 'desc' = 'desc') =>
  t.ok(sessionApi.page, { page, size, order: 'lastChatTime', sort }, user.token);

/** The list order the contract promises, from each session's own view. */
const expectedOrder = (views: ChatSession[], sort: 'asc' | 'desc') =>
  [...views]
    .sort((x, y) => {
      if (x.isTop !== y.isTop) return x.isTop ? -1 : 1;
      const byTime = Date.parse(x.lastChatTime) - Date.parse(y.lastChatTime) || x.id - y.id;
      return sort === 'desc' ? -byTime : byTime;
    })
    .map((v) => v.id);

describe('session/page with many sessions', () => {
  it('keeps order, pins, hidden sessions, unread, previews and totals across pages', async () => {
    const me = await createUser(t);
    const peers: TestUser[] = [];
    const sessions: number[] = [];
    for (let i = 0; i < 8; i++) {
      const peer = await createUser(t);
      peers.push(peer);
      sessions.push(await makeFriends(t, me, peer));
    }
    // A group with a stranger in it: the stranger's login name must not show in the preview.
    const stranger = await createUser(t);
    await makeFriends(t, peers[0]!, stranger);
    const group = await createGroup(t, peers[0]!, [me, stranger]);
    await sendText(t, stranger, group.sessionId, 'from a stranger');

    // Activity in a known order; unread differs per session.
    for (const [k, count] of [
      [3, 2],
      [1, 1],
      [5, 3],
      [0, 1],
    ] as const) {
      for (let n = 0; n < count; n++) await sendText(t, peers[k]!, sessions[k]!, `to me ${k}.${n}`);
    }
    await sendText(t, me, sessions[6]!, 'mine');
    await t.ok(messageApi.read, { sessionId: sessions[5]!, seq: 2 }, me.token);
    // Pinned, hidden and cleared.
    await t.ok(sessionApi.setChat, { id: sessions[7]!, action: 'chat.top' }, me.token);
    await t.ok(sessionApi.setChat, { id: sessions[1]!, action: 'chat.top' }, me.token);
    await t.ok(sessionApi.setChat, { id: sessions[2]!, action: 'chat.delete' }, me.token);
    await t.ok(messageApi.clear, { sessionId: sessions[3]! }, me.token);

    const shown = [...sessions.filter((id) => id !== sessions[2]), group.sessionId];
    const views = await Promise.all(shown.map((id) => t.ok(sessionApi.info, { id }, me.token)));
    const whole = await pageOf(me, 1, 100);
    expect(whole.pagination).toEqual({ page: 1, size: 100, total: shown.length });
    expect(whole.list.map((s) => s.id)).toEqual(expectedOrder(views, 'desc'));
    expect(whole.list.slice(0, 2).map((s) => s.id)).toEqual([sessions[1], sessions[7]]);
    // Each entry is the session's own view (unread, preview, names), whatever page it is on.
    for (const s of whole.list) expect(s).toEqual(views.find((v) => v.id === s.id));
    const byId = new Map(whole.list.map((s) => [s.id, s]));
    expect(byId.get(sessions[5]!)).toMatchObject({ unreadCount: 2, content: { text: 'to me 5.2' } });
    expect(byId.get(sessions[3]!)).toMatchObject({ unreadCount: 0, content: null, senderUsername: null });
    expect(byId.get(sessions[0]!)!.senderUsername).toBe(peers[0]!.username);
    expect(byId.get(group.sessionId)).toMatchObject({
      content: { text: 'from a stranger' },
      senderUsername: '',
    });

    // Pages of 4 cut the same list, each with the same total; past the end is empty with the total.
    const cut: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const part = await pageOf(me, page, 4);
      expect(part.pagination.total).toBe(shown.length);
      cut.push(...part.list.map((s) => s.id));
    }
    expect(cut).toEqual(whole.list.map((s) => s.id));
    expect(await pageOf(me, 4, 4)).toEqual({
      list: [],
      pagination: { page: 4, size: 4, total: shown.length },
    });
    // Oldest first keeps the pins on top.
    const oldest = await pageOf(me, 1, 100, 'asc');
    expect(oldest.list.map((s) => s.id)).toEqual(expectedOrder(views, 'asc'));

    // A hidden session comes back with a new message, at the top of the unpinned ones.
    await sendText(t, peers[2]!, sessions[2]!, 'back');
    const after = await pageOf(me, 1, 100);
    expect(after.pagination.total).toBe(shown.length + 1);
    expect(after.list.map((s) => s.id).slice(0, 3)).toEqual([sessions[1], sessions[7], sessions[2]]);
  });

  it('a member left out of a group no longer lists its session', async () => {
    const owner = await createUser(t);
    const a = await createUser(t);
    const b = await createUser(t);
    const group = await createGroup(t, owner, [a, b]);
    const before = await pageOf(a, 1, 100);
    expect(before.list.map((s) => s.id)).toContain(group.sessionId);
    await t.ok(groupApi.remove, { groupId: group.groupId, userIds: [a.id] }, owner.token);
    const after = await pageOf(a, 1, 100);
    expect(after.list.map((s) => s.id)).toEqual(
      before.list.map((s) => s.id).filter((id) => id !== group.sessionId),
    );
    expect(after.pagination.total).toBe(before.pagination.total - 1);
  });
});
