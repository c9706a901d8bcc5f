import {
  type Endpoint,
  ErrorCode,
  friendApi,
  messageApi,
  sessionApi,
  successData,
  userApi,
} from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, createUser, makeFriends, sendText } from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';

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

describe('friend/search and friend/query', () => {
  it('finds a member by exact user name or member id only, with public fields only', async () => {
    const me = await createUser(t);
    const other = await createUser(t, { nickName: 'Searchable' });
    await t.call(userApi.setUser, { dataKey: 'phone', dataValue: '+1 555 0100' }, other.token);
    // A prefix or a share code lists nobody: search cannot walk the member list.
    for (const keyword of [other.username.slice(0, 8), other.shareCode.toLowerCase()]) {
      expect(await t.ok(friendApi.search, { keyword }, me.token)).toEqual([]);
    }
    for (const keyword of [other.username.toUpperCase(), other.memberId]) {
      const res = await t.call(friendApi.search, { keyword }, me.token);
      expect(res.code).toBe(1000);
      const found = successData(friendApi.search, res).find((u) => u.userId === other.id);
      expect(found).toMatchObject({
        nickName: 'Searchable',
        memberId: other.memberId,
        isFriend: false,
        username: '',
      });
      const raw = JSON.stringify(res.data);
      for (const secret of ['password', 'Hash', 'token', 'phone', '555 0100', 'shareCode', other.username]) {
        expect(raw).not.toContain(secret);
      }
    }
  });

  it('treats LIKE wildcards as plain text', async () => {
    const me = await createUser(t);
    const res = await t.call(friendApi.search, { keyword: '%' }, me.token);
    expect(res.data).toEqual([]);
  });

  it('query answers one member by id or keyword, and says what we have in common', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const byId = await t.call(friendApi.query, { userId: b.id }, a.token);
    expect(byId.data).toMatchObject({ userId: b.id, isFriend: true, sessionId, requestPending: false });
    const byName = await t.call(friendApi.query, { keyword: b.username.toUpperCase() }, a.token);
    expect(byName.data).toMatchObject({ userId: b.id });
    const missing = await t.call(friendApi.query, { keyword: 'nobody_here_x' }, a.token);
    expect(missing.code).toBe(ErrorCode.UserNotFound);
    const none = await t.call(friendApi.query, {}, a.token);
    expect(none.code).toBe(ErrorCode.Validation);
  });

  it("query by sequential id does not reveal a stranger's login name; self and friends see it", async () => {
    const me = await createUser(t);
    const stranger = await createUser(t);
    const byId = await t.ok(friendApi.query, { userId: stranger.id }, me.token);
    expect(byId).toMatchObject({ userId: stranger.id, memberId: stranger.memberId, username: '' });
    expect(JSON.stringify(byId)).not.toContain(stranger.username);
    expect((await t.ok(friendApi.query, { userId: me.id }, me.token)).username).toBe(me.username);
    const { a, b } = await createFriendPair(t);
    expect((await t.ok(friendApi.query, { userId: b.id }, a.token)).username).toBe(b.username);
  });

  it('needs a login', async () => {
    const res = await t.call(friendApi.search, { keyword: 'abc' });
    expect(res.status).toBe(401);
  });
});

describe('lookup quota (FRIEND_LOOKUP_HOURLY_LIMIT 5)', () => {
  const q = useTestApp({ FRIEND_LOOKUP_HOURLY_LIMIT: '5' });

  it('searches and looks at strangers count per member; friends and self do not', async () => {
    const me = await createUser(q);
    const other = await createUser(q);
    const { a, b } = await createFriendPair(q);
    for (let i = 0; i < 3; i++) await q.ok(friendApi.search, { keyword: `nobody_${i}` }, a.token);
    await q.fails(friendApi.query, { userId: 999_999 }, a.token, ErrorCode.UserNotFound);
    await q.ok(friendApi.query, { userId: other.id }, a.token);
    // Five used: the sixth look at a stranger is refused, a friend and oneself are still fine.
    await q.fails(friendApi.search, { keyword: other.memberId }, a.token, ErrorCode.RateLimited);
    await q.fails(friendApi.query, { userId: me.id }, a.token, ErrorCode.RateLimited);
    await q.ok(friendApi.query, { userId: b.id }, a.token);
    await q.ok(friendApi.query, { userId: a.id }, a.token);
    // Another member has a quota of their own.
    await q.ok(friendApi.search, { keyword: other.memberId }, me.token);
  });
});

describe('friend requests', () => {
  it('addFriend reaches the other side at once and shows in their request list and count', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const bSocket = await socketOf(b.token);
    const requests = recorder(bSocket, 'onFriendRequest');
    const res = await t.call(friendApi.addFriend, { userId: b.id, message: 'Hello from A' }, a.token);
    expect(res).toMatchObject({ code: 1000, data: { status: 'pending', sessionId: null } });
    const { id } = successData(friendApi.addFriend, res);
    const event = await requests.next();
    expect(event).toMatchObject({ id, userId: a.id, message: 'Hello from A', status: 'pending' });

    expect((await t.call(friendApi.requestCount, {}, b.token)).data).toBe(1);
    const list = await t.ok(friendApi.requestList, {}, b.token);
    expect(list).toHaveLength(1);
    // The receiver is a stranger: the sender's login name stays private.
    expect(list[0]).toMatchObject({ id, userId: a.id, username: '', message: 'Hello from A' });
    expect((await t.call(friendApi.requestCount, {}, a.token)).data).toBe(0);
  });

  it('refuses a second pending request, adding yourself and an unknown member', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await t.call(friendApi.addFriend, { userId: b.id }, a.token);
    expect((await t.call(friendApi.addFriend, { userId: b.id }, a.token)).code).toBe(
      ErrorCode.RequestPending,
    );
    expect((await t.call(friendApi.addFriend, { userId: a.id }, a.token)).code).toBe(ErrorCode.CannotAddSelf);
    expect((await t.call(friendApi.addFriend, { userId: 999_999 }, a.token)).code).toBe(
      ErrorCode.UserNotFound,
    );
  });

  it('limits the greeting to 100 characters', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const res = await t.call(friendApi.addFriend, { userId: b.id, message: 'x'.repeat(101) }, a.token);
    expect(res.code).toBe(ErrorCode.Validation);
  });

  it('adding someone who already asked me accepts their request', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const aSocket = await socketOf(a.token);
    const confirms = recorder(aSocket, 'onFriendConfirm');
    const asked = await t.call(friendApi.addFriend, { userId: b.id }, a.token);
    const res = await t.call(friendApi.addFriend, { userId: a.id }, b.token);
    expect(res.data).toMatchObject({ id: successData(friendApi.addFriend, asked).id, status: 'accepted' });
    const { sessionId } = successData(friendApi.addFriend, res);
    expect(await confirms.next()).toMatchObject({ userId: b.id, sessionId });
    expect((await t.call(friendApi.requestCount, {}, a.token)).data).toBe(0);
    expect((await t.call(friendApi.addFriend, { userId: b.id }, a.token)).code).toBe(
      ErrorCode.AlreadyFriends,
    );
  });

  it('approving makes both friends, opens the single session with a notice and tells the requester', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const aSocket = await socketOf(a.token);
    const confirms = recorder(aSocket, 'onFriendConfirm');
    const messages = recorder(aSocket, 'message');
    const asked = await t.call(friendApi.addFriend, { userId: b.id }, a.token);
    const { id } = successData(friendApi.addFriend, asked);
    const res = await t.call(friendApi.confirmFriend, { id, agree: true }, b.token);
    expect(res.data).toMatchObject({ id, status: 'accepted' });
    const { sessionId } = successData(friendApi.confirmFriend, res);
    expect(await confirms.next()).toEqual({ id, userId: b.id, sessionId });
    const notice = await messages.next();
    expect(notice).toMatchObject({ sessionId, seq: 1, senderId: b.id, contentType: 'notice' });

    const aFriends = await t.ok(friendApi.list, {}, a.token);
    const bFriends = await t.ok(friendApi.list, {}, b.token);
    expect(aFriends.map((f) => f.userId)).toEqual([b.id]);
    expect(bFriends).toMatchObject([{ userId: a.id, sessionId }]);
    // Handled once only.
    const again = await t.call(friendApi.confirmFriend, { id, agree: false }, b.token);
    expect(again.code).toBe(ErrorCode.RequestHandled);
  });

  it('rejecting leaves them strangers; a new request may follow', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const { id } = await t.ok(friendApi.addFriend, { userId: b.id }, a.token);
    const res = await t.call(friendApi.confirmFriend, { id, agree: false }, b.token);
    expect(res.data).toEqual({ id, status: 'rejected', sessionId: null });
    expect((await t.call(friendApi.list, {}, a.token)).data).toEqual([]);
    expect((await t.call(friendApi.requestCount, {}, b.token)).data).toBe(0);
    const list = await t.ok(friendApi.requestList, {}, b.token);
    expect(list[0]).toMatchObject({ id, status: 'rejected' });
    expect((await t.call(friendApi.addFriend, { userId: b.id }, a.token)).code).toBe(1000);
  });

  it('only the receiver can answer a request', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    const { id } = await t.ok(friendApi.addFriend, { userId: b.id }, a.token);
    expect((await t.call(friendApi.confirmFriend, { id, agree: true }, a.token)).code).toBe(
      ErrorCode.NotFound,
    );
    expect((await t.call(friendApi.confirmFriend, { id, agree: true }, c.token)).code).toBe(
      ErrorCode.NotFound,
    );
    expect((await t.call(friendApi.confirmFriend, { id: 999_999, agree: true }, b.token)).code).toBe(
      ErrorCode.NotFound,
    );
  });

  it('addByCode sends a request to the owner of a share code', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const res = await t.call(friendApi.addByCode, { shareCode: b.shareCode.toLowerCase() }, a.token);
    expect(res.data).toMatchObject({ status: 'pending' });
    expect((await t.call(friendApi.requestCount, {}, b.token)).data).toBe(1);
    expect((await t.call(friendApi.addByCode, { shareCode: 'ZZZZ99' }, a.token)).code).toBe(
      ErrorCode.UserNotFound,
    );
    expect((await t.call(friendApi.addByCode, { shareCode: a.shareCode }, a.token)).code).toBe(
      ErrorCode.CannotAddSelf,
    );
  });

  it('concurrent cross-adds end as one friendship', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const [x, y] = await Promise.all([
      t.call(friendApi.addFriend, { userId: b.id }, a.token),
      t.call(friendApi.addFriend, { userId: a.id }, b.token),
    ]);
    expect([x.code, y.code]).toEqual([1000, 1000]);
    const statuses = [x.data, y.data].map((d) => (d as { status: string }).status).sort();
    expect(statuses).toEqual(['accepted', 'pending']);
    expect((await t.call(friendApi.list, {}, a.token)).data).toHaveLength(1);
  });
});

describe('friend/delFriend', () => {
  it('removes both directions, tells the other side, and the removed friend can no longer send', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await sendText(t, b, sessionId, 'still friends');
    const bSocket = await socketOf(b.token);
    const removals = recorder(bSocket, 'onFriendRemove');
    expect((await t.call(friendApi.delFriend, { userId: b.id }, a.token)).data).toEqual({ ok: true });
    expect(await removals.next()).toEqual({ userId: a.id });
    expect((await t.call(friendApi.list, {}, a.token)).data).toEqual([]);
    expect((await t.call(friendApi.list, {}, b.token)).data).toEqual([]);
    for (const who of [a, b]) {
      const res = await t.call(
        messageApi.send,
        { sessionId, clientMsgId: `gone-${who.id}`, contentType: 'text', content: { text: 'hello?' } },
        who.token,
      );
      expect(res.code).toBe(ErrorCode.NotFriends);
      expect(res.message).toBe('You are not friends: add them as a friend to chat');
    }
    // History is still readable.
    expect((await t.ok(messageApi.page, { sessionId }, b.token)).list).toHaveLength(2);
    expect((await t.call(friendApi.delFriend, { userId: b.id }, a.token)).code).toBe(ErrorCode.NotFriends);
    // Friends again: the same session works again.
    expect(await makeFriends(t, b, a)).toBe(sessionId);
    await sendText(t, b, sessionId, 'back again');
  });
});

describe('friend/setRemark', () => {
  it('names the friend for me only, in my list and my session, and clears with an empty remark', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    expect(
      (await t.call(friendApi.setRemark, { userId: b.id, remark: '  Bobby (work) ' }, a.token)).code,
    ).toBe(1000);
    const mine = await t.ok(friendApi.list, {}, a.token);
    expect(mine.find((f) => f.userId === b.id)?.remark).toBe('Bobby (work)');
    const session = await t.ok(sessionApi.detail, { id: sessionId }, a.token);
    expect(session.name).toBe('Bobby (work)');
    // Private: b's view of a is unchanged.
    const theirs = await t.ok(friendApi.list, {}, b.token);
    expect(theirs.find((f) => f.userId === a.id)?.remark).toBe('');
    await t.call(friendApi.setRemark, { userId: b.id, remark: '' }, a.token);
    const cleared = await t.ok(sessionApi.detail, { id: sessionId }, a.token);
    expect(cleared.name).not.toBe('Bobby (work)');
  });

  it('refuses a stranger and a remark over 32 characters', async () => {
    const a = await createUser(t);
    const stranger = await createUser(t);
    expect((await t.call(friendApi.setRemark, { userId: stranger.id, remark: 'x' }, a.token)).code).toBe(
      ErrorCode.NotFriends,
    );
    const { a: x, b: y } = await createFriendPair(t);
    expect((await t.call(friendApi.setRemark, { userId: y.id, remark: 'r'.repeat(33) }, x.token)).code).toBe(
      ErrorCode.Validation,
    );
  });
});

describe('friend/list and friend/page', () => {
  it('lists friends A-Z and pages them with a name filter', async () => {
    const me = await createUser(t);
    const names = ['Charlie', 'alice', 'Bob'];
    for (const nickName of names) await makeFriends(t, me, await createUser(t, { nickName }));
    const list = await t.ok(friendApi.list, {}, me.token);
    expect(list.map((f) => f.nickName)).toEqual(['alice', 'Bob', 'Charlie']);
    const page = await t.call(friendApi.page, { page: 2, size: 2 }, me.token);
    expect(page.data).toMatchObject({ pagination: { page: 2, size: 2, total: 3 } });
    expect(successData(friendApi.page, page).list.map((f) => f.nickName)).toEqual(['Charlie']);
    const filtered = await t.ok(friendApi.page, { page: 1, size: 20, keyword: 'BO' }, me.token);
    expect(filtered.list.map((f) => f.nickName)).toEqual(['Bob']);
  });
});

describe('the chat contract', () => {
  it('documents every chat call in the OpenAPI page, behind a login', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = [friendApi, sessionApi, messageApi].flatMap((api) => Object.values(api) as Endpoint[]);
    expect(calls).toHaveLength(38);
    for (const call of calls) {
      const doc = spec.paths[`/api${call.path}`]?.[call.method.toLowerCase()];
      expect(doc, call.path).toBeDefined();
      expect(doc.security).toEqual([{ token: [] }]);
      // Without a token: 401, or a validation error first when `{}` is not a valid input.
      const res = await t.call(call, {} as never);
      expect([401, ErrorCode.Validation], call.path).toContain(res.status === 401 ? 401 : res.code);
    }
  });
});
