import { randomUUID } from 'node:crypto';
import {
  adminMemberApi,
  ErrorCode,
  friendApi,
  groupApi,
  LoggedOutReason,
  messageApi,
  userApi,
} from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import {
  adminToken,
  createFriendPair,
  createGroupOf,
  sendText,
  type TestUser,
} from '../helpers/factories.ts';

/**
 * The send path remembers the caller's user row and "may U send in S" for a few seconds
 * (docs/design/chat-delivery.md "Caches on the send path"). Every change that takes a right away must still
 * take effect at once: each case first sends (so the answers are remembered), changes, and sends again.
 */
const t = useTestApp({ AUTH_CACHE_SECONDS: '30', CHAT_SEND_CACHE_SECONDS: '30' });

const trySend = (from: TestUser, sessionId: number) =>
  t.call(
    messageApi.send,
    { sessionId, clientMsgId: randomUUID(), contentType: 'text', content: { text: 'hello' } },
    from.token,
  );

/** Sends twice: the second send is answered from what the first remembered. */
const warm = async (from: TestUser, sessionId: number) => {
  await sendText(t, from, sessionId, 'one');
  await sendText(t, from, sessionId, 'two');
};

describe('what the send path remembers ends with the change that ends it', () => {
  it('a logout: the token is refused at once', async () => {
    const { a, sessionId } = await createFriendPair(t);
    await warm(a, sessionId);
    await t.ok(userApi.logout, {}, a.token);
    expect((await trySend(a, sessionId)).code).toBe(ErrorCode.Unauthorized);
  });

  it('a login elsewhere: the old session is refused at once, saying it was replaced', async () => {
    const { a, sessionId } = await createFriendPair(t);
    await warm(a, sessionId);
    const again = await t.ok(userApi.loginByName, { username: a.username, password: a.password });
    expect(await trySend(a, sessionId)).toMatchObject({
      code: ErrorCode.Unauthorized,
      data: { reason: LoggedOutReason.Replaced },
    });
    expect((await trySend({ ...a, token: again.token }, sessionId)).code).toBe(ErrorCode.Success);
  });

  it('a freeze: the member is refused at once, saying frozen', async () => {
    const { a, sessionId } = await createFriendPair(t);
    await warm(a, sessionId);
    await t.ok(adminMemberApi.freeze, { userId: a.id, frozen: true, reason: 'x' }, await adminToken(t));
    expect(await trySend(a, sessionId)).toMatchObject({
      code: ErrorCode.Unauthorized,
      data: { reason: LoggedOutReason.Frozen },
    });
  });

  it('a friend removal: neither side may send at once', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await warm(a, sessionId);
    await warm(b, sessionId);
    await t.ok(friendApi.delFriend, { userId: a.id }, b.token);
    expect((await trySend(a, sessionId)).code).toBe(ErrorCode.NotFriends);
    expect((await trySend(b, sessionId)).code).toBe(ErrorCode.NotFriends);
  });

  it('a block: neither side may send at once; an unblock lets them again', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await warm(a, sessionId);
    await warm(b, sessionId);
    await t.ok(friendApi.block, { userId: a.id }, b.token);
    expect((await trySend(a, sessionId)).code).toBe(ErrorCode.Blocked);
    expect((await trySend(b, sessionId)).code).toBe(ErrorCode.Blocked);
    await t.ok(friendApi.unblock, { userId: a.id }, b.token);
    expect((await trySend(a, sessionId)).code).toBe(ErrorCode.Success);
  });

  it('a group mute: the member may not send at once', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [c] = members as [TestUser];
    await warm(c, group.sessionId);
    await t.ok(groupApi.mute, { groupId: group.id, userId: c.id, minutes: 10 }, owner.token);
    expect((await trySend(c, group.sessionId)).code).toBe(ErrorCode.Muted);
  });

  it('a removal from a group: the member may not send at once', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [c] = members as [TestUser];
    await warm(c, group.sessionId);
    await t.ok(groupApi.remove, { groupId: group.id, userIds: [c.id] }, owner.token);
    expect((await trySend(c, group.sessionId)).code).toBe(ErrorCode.SessionNotFound);
  });
});
