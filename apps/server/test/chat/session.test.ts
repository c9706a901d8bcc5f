import { ErrorCode, friendApi, messageApi, sessionApi, successData, userApi } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createAd, createMerchant, createTrader, startOrder } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import {
  createFriendPair,
  createSingleSession,
  createUser,
  loginAdmin,
  sendText,
} from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';

const sockets: ChatSocket[] = [];
const t = useTestApp({ SUPPORT_PASSWORD: 'support-pass-1' });
afterAll(async () => {
  for (const s of sockets) s.disconnect();
});

const listOf = async (token: string) => {
  const res = await t.call(
    sessionApi.page,
    { page: 1, size: 100, order: 'lastChatTime', sort: 'desc' },
    token,
  );
  expect(res.code).toBe(1000);
  return successData(sessionApi.page, res);
};

describe('session/create and session/find', () => {
  it('opens one single session per pair, whoever asks, with the §3 fields', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const fromA = await createSingleSession(t, a, b);
    const fromB = await createSingleSession(t, b, a);
    expect(fromA.id).toBe(sessionId);
    expect(fromB.id).toBe(sessionId);
    expect(fromA).toMatchObject({
      sessionId,
      type: 'single',
      kind: 'friend',
      userId: b.id,
      contentType: 'notice',
      // b approved, so the friendship notice is from b: unread for a only.
      unreadCount: 1,
      senderUsername: b.username,
      isDelete: false,
      useNotify: true,
      groupInfo: null,
    });
    expect(fromB).toMatchObject({ userId: a.id, unreadCount: 0 });
    expect(typeof fromA.content).toBe('object');
    expect(Date.parse(fromA.lastChatTime)).not.toBeNaN();
    expect((await t.call(sessionApi.find, { userId: a.id }, b.token)).data).toMatchObject({ id: sessionId });
  });

  it('concurrent creates give one session', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call(sessionApi.create, { type: 'single', userId: i % 2 ? a.id : b.id }, i % 2 ? b.token : a.token),
      ),
    );
    const ids = new Set(results.map((r) => successData(sessionApi.create, r).id));
    expect(ids.size).toBe(1);
  });

  it('a session with no message falls back to updateTime and has no preview', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    expect((await t.call(sessionApi.find, { userId: b.id }, a.token)).data).toBeNull();
    const s = await createSingleSession(t, a, b);
    expect(s).toMatchObject({ content: null, contentType: null, lastSeq: 0, senderUsername: null });
    expect(s.lastChatTime).toBe(s.updateTime);
    // It shows in the opener's list only: nobody can put a session into a stranger's list.
    expect((await listOf(a.token)).list.map((x) => x.id)).toContain(s.id);
    expect((await listOf(b.token)).list.map((x) => x.id)).not.toContain(s.id);
  });

  it('refuses yourself, an unknown member and (for now) groups', async () => {
    const a = await createUser(t);
    expect((await t.call(sessionApi.create, { type: 'single', userId: a.id }, a.token)).code).toBe(
      ErrorCode.CannotChatSelf,
    );
    expect((await t.call(sessionApi.create, { type: 'single', userId: 999_999 }, a.token)).code).toBe(
      ErrorCode.UserNotFound,
    );
    expect((await t.call(sessionApi.create, { type: 'group', groupId: 1 }, a.token)).code).toBe(
      ErrorCode.GroupNotFound,
    );
  });

  it('a stranger to the pair cannot open a session between others or send before being friends', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const s = await createSingleSession(t, a, b);
    const res = await t.call(
      messageApi.send,
      { sessionId: s.id, clientMsgId: 'x1', contentType: 'text', content: { text: 'hi' } },
      a.token,
    );
    expect(res.code).toBe(ErrorCode.NotFriends);
  });
});

describe('session/detail and session/info', () => {
  it('answer my view of a session; anyone else gets "Session does not exist"', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const stranger = await createUser(t);
    expect((await t.call(sessionApi.detail, { id: sessionId }, a.token)).data).toMatchObject({
      userId: b.id,
    });
    expect((await t.call(sessionApi.info, { id: sessionId }, b.token)).data).toMatchObject({ userId: a.id });
    for (const res of [
      await t.call(sessionApi.detail, { id: sessionId }, stranger.token),
      await t.call(sessionApi.info, { id: sessionId }, stranger.token),
      await t.call(sessionApi.info, { id: 999_999 }, a.token),
    ]) {
      expect(res).toMatchObject({ code: ErrorCode.SessionNotFound, message: 'Session does not exist' });
    }
  });
});

describe('session/page', () => {
  it('lists my sessions by last chat time with unread counts', async () => {
    const me = await createUser(t);
    const peers = [await createUser(t), await createUser(t), await createUser(t)];
    const sessions: number[] = [];
    for (const p of peers) {
      const asked = await t.ok(friendApi.addFriend, { userId: p.id }, me.token);
      const confirmed = await t.ok(friendApi.confirmFriend, { id: asked.id, agree: true }, p.token);
      sessions.push(confirmed.sessionId!);
    }
    await sendText(t, peers[0]!, sessions[0]!, 'one');
    await sendText(t, peers[0]!, sessions[0]!, 'two');
    const { list, pagination } = await listOf(me.token);
    expect(pagination.total).toBe(3);
    expect(list.map((s) => s.id)).toEqual([sessions[0], sessions[2], sessions[1]]);
    expect(list[0]).toMatchObject({ unreadCount: 3, content: { text: 'two' }, contentType: 'text' });
    expect(list[0]!.senderUsername).toBe(peers[0]!.username);
    const asc = await t.ok(
      sessionApi.page,
      { page: 1, size: 100, order: 'lastChatTime', sort: 'asc' },
      me.token,
    );
    expect(asc.list.map((s) => s.id)).toEqual([sessions[1], sessions[2], sessions[0]]);
    const tooBig = await t.call(sessionApi.page, { page: 1, size: 101 }, me.token);
    expect(tooBig.code).toBe(ErrorCode.Validation);
    const small = await t.ok(sessionApi.page, { page: 2, size: 2 }, me.token);
    expect(small.list.map((s) => s.id)).toEqual([sessions[1]]);
  });

  it('names a friend by my remark-free nick name and never shows private fields', async () => {
    const { a, b } = await createFriendPair(t);
    await t.call(userApi.setUser, { dataKey: 'avatar', dataValue: '/uploads/2026-01-01/a.png' }, b.token);
    const { list } = await listOf(a.token);
    expect(list[0]).toMatchObject({
      name: expect.stringContaining('Nick'),
      headimgs: '/uploads/2026-01-01/a.png',
    });
    expect(JSON.stringify(list)).not.toMatch(/password|Hash|token/i);
  });
});

describe('session/setChat', () => {
  it('chat.delete hides the session for me (read) until a new message, and tells my other sockets', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await sendText(t, b, sessionId, 'hello');
    const other = await connectSocket(t, a.token);
    sockets.push(other);
    const deletes = recorder(other, 'onSessionDelete');
    const res = await t.call(sessionApi.setChat, { id: sessionId, action: 'chat.delete' }, a.token);
    expect(res.data).toMatchObject({ isDelete: true, unreadCount: 0 });
    expect(await deletes.next()).toEqual({ sessionId });
    expect((await listOf(a.token)).list.map((s) => s.id)).not.toContain(sessionId);
    expect((await listOf(b.token)).list.map((s) => s.id)).toContain(sessionId);
    await sendText(t, b, sessionId, 'are you there?');
    const back = (await listOf(a.token)).list.find((s) => s.id === sessionId);
    expect(back).toMatchObject({ isDelete: false, unreadCount: 1, content: { text: 'are you there?' } });
  });

  it('notify.off / notify.on toggle useNotify; chat.top pins a session first', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const newer = (await createSingleSession(t, a, await createUser(t))).id;
    expect(
      (await t.call(sessionApi.setChat, { sessionId, action: 'notify.off' }, a.token)).data,
    ).toMatchObject({
      useNotify: false,
    });
    expect(
      (await t.call(sessionApi.setChat, { sessionId, action: 'notify.on' }, a.token)).data,
    ).toMatchObject({
      useNotify: true,
    });
    expect((await listOf(a.token)).list[0]!.id).toBe(newer);
    await t.call(sessionApi.setChat, { sessionId, action: 'chat.top' }, a.token);
    expect((await listOf(a.token)).list[0]).toMatchObject({ id: sessionId, isTop: true });
    await t.call(sessionApi.setChat, { sessionId, action: 'chat.untop' }, a.token);
    expect((await listOf(a.token)).list[0]!.id).toBe(newer);
    // The other member is not affected.
    expect((await t.call(sessionApi.info, { id: sessionId }, b.token)).data).toMatchObject({ isTop: false });
  });

  it('refuses unknown actions and other people’s sessions', async () => {
    const { sessionId } = await createFriendPair(t);
    const stranger = await createUser(t);
    const bad = await t.call(
      sessionApi.setChat,
      { id: sessionId, action: 'chat.explode' as 'chat.top' },
      stranger.token,
    );
    expect(bad.code).toBe(ErrorCode.Validation);
    const res = await t.call(sessionApi.setChat, { id: sessionId, action: 'notify.off' }, stranger.token);
    expect(res.code).toBe(ErrorCode.SessionNotFound);
  });
});

describe('session settings on every device of mine', () => {
  const socketOf = async (token: string) => {
    const s = await connectSocket(t, token);
    sockets.push(s);
    return s;
  };

  it('a pin and a mute reach my other socket as they now are; the other member hears nothing', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const mine = recorder(await socketOf(a.token), 'onSessionSetting');
    const theirs = recorder(await socketOf(b.token), 'onSessionSetting');
    await t.ok(sessionApi.setChat, { id: sessionId, action: 'chat.top' }, a.token);
    expect(await mine.next()).toEqual({ sessionId, isTop: true, useNotify: true });
    await t.ok(sessionApi.setChat, { id: sessionId, action: 'notify.off' }, a.token);
    expect(await mine.next((p) => !p.useNotify)).toEqual({ sessionId, isTop: true, useNotify: false });
    await t.ok(sessionApi.setChat, { id: sessionId, action: 'chat.untop' }, a.token);
    expect(await mine.next((p) => !p.isTop)).toEqual({ sessionId, isTop: false, useNotify: false });
    // B's own change is the first event B's socket gets (events on one socket keep their order).
    await t.ok(sessionApi.setChat, { id: sessionId, action: 'chat.top' }, b.token);
    await theirs.next();
    expect(theirs.seen).toEqual([{ sessionId, isTop: true, useNotify: true }]);
    // Hiding is its own event (the session leaves the list), not a settings change.
    const deletes = recorder(await socketOf(a.token), 'onSessionDelete');
    await t.ok(sessionApi.setChat, { id: sessionId, action: 'chat.delete' }, a.token);
    await deletes.next();
    await t.ok(sessionApi.setChat, { id: sessionId, action: 'notify.on' }, a.token);
    await mine.next((p) => p.useNotify && !p.isTop);
    expect(mine.seen).toHaveLength(4);
  });

  it('a device that was away reads my hide, pin and mute in the list it loads on reconnect', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const c = await createUser(t);
    const pinned = (await createSingleSession(t, a, c)).id;
    await sendText(t, b, sessionId, 'hello');
    const away = await connectSocket(t, a.token);
    away.disconnect();
    await t.ok(sessionApi.setChat, { id: sessionId, action: 'chat.delete' }, a.token);
    await t.ok(sessionApi.setChat, { id: pinned, action: 'chat.top' }, a.token);
    await t.ok(sessionApi.setChat, { id: pinned, action: 'notify.off' }, a.token);
    // Back online: the socket connects again and the list is read again (as the app does on every connect).
    await socketOf(a.token);
    const { list } = await listOf(a.token);
    expect(list.map((s) => s.id)).not.toContain(sessionId);
    expect(list[0]).toMatchObject({ id: pinned, isTop: true, useNotify: false });
  });
});

describe('session/checkService', () => {
  it('opens the customer-service session with the seeded support account, who can answer', async () => {
    const me = await createUser(t);
    const res = await t.call(sessionApi.checkService, {}, me.token);
    expect(res.data).toMatchObject({ type: 'single', kind: 'service', name: 'Customer Service' });
    const session = successData(sessionApi.checkService, res);
    expect((await t.call(sessionApi.checkService, {}, me.token)).data).toMatchObject({ id: session.id });
    await sendText(t, me, session.id, 'I need help');
    const support = await t.ok(userApi.loginByName, { username: 'support', password: 'support-pass-1' });
    const reply = await t.call(
      messageApi.send,
      {
        sessionId: session.id,
        clientMsgId: 'svc-1',
        contentType: 'text',
        content: { text: 'How can I help?' },
      },
      support.token,
    );
    expect(reply.code).toBe(1000);
    const admin = await loginAdmin(t);
    expect((await t.call(sessionApi.checkService, {}, admin.token)).code).toBe(1000);
  });
});

describe('session/toMccId', () => {
  it('opens the session with a trade counterparty by public member id', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant);
    const a = await createTrader(t);
    await startOrder(t, a, ad.id, '10');
    const res = await t.call(sessionApi.toMccId, { mccId: merchant.memberId }, a.token);
    expect(res.data).toMatchObject({ kind: 'mcc', userId: merchant.id });
    const sessionId = successData(sessionApi.toMccId, res).id;
    expect((await listOf(merchant.token)).list.find((s) => s.id === sessionId)).toBeUndefined();
    await sendText(t, a, sessionId, 'Is the ad still open?');
    expect((await listOf(merchant.token)).list.find((s) => s.id === sessionId)).toMatchObject({
      unreadCount: 1,
    });
    await sendText(t, merchant, sessionId, 'Yes');
    expect((await t.call(sessionApi.toMccId, { mccId: '99999999' }, a.token)).code).toBe(
      ErrorCode.UserNotFound,
    );
    expect((await t.call(sessionApi.toMccId, { mccId: 'abc' }, a.token)).code).toBe(ErrorCode.Validation);
  });

  it('refuses a member I never traded with and am not friends with; a friend is fine', async () => {
    const a = await createUser(t);
    const stranger = await createUser(t);
    await t.fails(sessionApi.toMccId, { mccId: stranger.memberId }, a.token, ErrorCode.NotFriends);
    await t.fails(sessionApi.toMccId, { mccId: a.memberId }, stranger.token, ErrorCode.NotFriends);
    const { a: me, b: friend } = await createFriendPair(t);
    await t.ok(sessionApi.toMccId, { mccId: friend.memberId }, me.token);
  });
});
