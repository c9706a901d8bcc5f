import { adminServiceApi, consoleApi, ErrorCode, messageApi, sessionApi, userApi } from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser, makeFriends, sendText, uniqueName } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';

/** The console's customer-service inbox over the shared service account (`session/checkService`). */
const t = useTestApp({ SUPPORT_PASSWORD: 'support-pass-1' });

let admin: string;
let serviceId: number;
const staff = async (nickName: string) => {
  const username = uniqueName('cs');
  const created = await t.ok(
    consoleApi.staffAdd,
    { username, password: 'staff-pass-1', nickName, roles: ['support'] },
    admin,
  );
  const login = await t.ok(userApi.loginByName, { username, password: 'staff-pass-1' });
  return { ...created.member!, token: login.token };
};

beforeAll(async () => {
  admin = await adminToken(t);
  const service = await t.ok(userApi.loginByName, { username: 'support', password: 'support-pass-1' });
  serviceId = (await t.ok(userApi.person, {}, service.token)).id;
});

/** A member who opened customer service and wrote `text`. */
const asking = async (text: string) => {
  const nickName = uniqueName('Asker');
  const member = await createUser(t, { nickName });
  const session = await t.ok(sessionApi.checkService, {}, member.token);
  await sendText(t, member, session.id, text);
  return { member: { ...member, nickName }, sessionId: session.id };
};

describe('customer-service inbox', () => {
  it('lists conversations latest first with unread counts; two staff answer, each reply attributed', async () => {
    const alice = await staff('Alice CS');
    const bob = await staff('Bob CS');
    const first = await asking('My deposit is missing');
    const second = await asking('How do I become a merchant?');
    await sendText(t, second.member, second.sessionId, 'Anyone there?');

    const page = await t.ok(adminServiceApi.page, { size: 100 }, alice.token);
    const ids = page.list.map((c) => c.sessionId);
    expect(ids.indexOf(second.sessionId)).toBeLessThan(ids.indexOf(first.sessionId));
    expect(page.list.find((c) => c.sessionId === second.sessionId)).toMatchObject({
      member: { id: second.member.id },
      unread: 2,
      awaitingReply: true,
      lastMessage: { contentType: 'text', text: 'Anyone there?', fromMember: true },
    });
    const badges = await t.ok(consoleApi.badges, {}, alice.token);
    expect(badges.service).toBeGreaterThanOrEqual(2);

    // Searching by the member's nickname finds the one conversation.
    const found = await t.ok(
      adminServiceApi.page,
      { keyword: second.member.nickName, filter: 'all' },
      bob.token,
    );
    expect(found.list.map((c) => c.sessionId)).toEqual([second.sessionId]);

    // The member's socket sees the replies as the service account; staff sockets hear about the inbox.
    const memberSocket = await connectSocket(t, second.member.token);
    const staffSocket = await connectSocket(t, bob.token);
    const messages = recorder(memberSocket, 'message');
    const consoleEvents = recorder(staffSocket, 'console');
    try {
      const reply = await t.ok(
        adminServiceApi.send,
        {
          sessionId: second.sessionId,
          clientMsgId: 'cs-a-1',
          contentType: 'text',
          content: { text: 'Hello, Alice here' },
        },
        alice.token,
      );
      expect(reply).toMatchObject({ senderId: serviceId, fromMember: false, staff: { id: alice.id } });
      await messages.next((m) => m.id === reply.id);
      expect(JSON.stringify(messages.seen)).not.toContain('Alice CS');
      await consoleEvents.next((e) => e.kind === 'service');
      await t.ok(
        adminServiceApi.send,
        {
          sessionId: second.sessionId,
          clientMsgId: 'cs-b-1',
          contentType: 'image',
          content: { url: '/uploads/answer.png', width: 10, height: 10 },
        },
        bob.token,
      );
      // A member's new message reaches every staff console as a `service` console event.
      consoleEvents.seen.length = 0;
      await sendText(t, second.member, second.sessionId, 'Thanks');
      await consoleEvents.next((e) => e.kind === 'service');
    } finally {
      memberSocket.disconnect();
      staffSocket.disconnect();
    }

    const history = await t.ok(adminServiceApi.messages, { sessionId: second.sessionId }, bob.token);
    expect(history.list.map((m) => [m.contentType, m.fromMember, m.staff?.nickName ?? null])).toEqual([
      ['text', true, null],
      ['text', true, null],
      ['text', false, 'Alice CS'],
      ['image', false, 'Bob CS'],
      ['text', true, null],
    ]);
    expect(history.conversation).toMatchObject({ awaitingReply: true, unread: 1 });
    // Older pages by seq.
    const older = await t.ok(
      adminServiceApi.messages,
      { sessionId: second.sessionId, beforeSeq: history.list[2]!.seq, size: 1 },
      bob.token,
    );
    expect(older).toMatchObject({ hasMore: true, list: [{ seq: history.list[1]!.seq }] });

    // The member sees the replies from the service account, not from a staff member.
    const mine = await t.ok(messageApi.page, { sessionId: second.sessionId }, second.member.token);
    expect(mine.list.filter((m) => m.senderId === serviceId)).toHaveLength(2);
    expect(JSON.stringify(mine)).not.toMatch(/Alice CS|Bob CS|staff/);

    // Reading clears the conversation for every staff member; the filter follows.
    await t.ok(adminServiceApi.read, { sessionId: second.sessionId }, alice.token);
    const unread = await t.ok(adminServiceApi.page, { filter: 'unread', size: 100 }, bob.token);
    expect(unread.list.map((c) => c.sessionId)).not.toContain(second.sessionId);
    expect(unread.list.map((c) => c.sessionId)).toContain(first.sessionId);
    const waiting = await t.ok(adminServiceApi.page, { filter: 'unanswered', size: 100 }, bob.token);
    expect(waiting.list.map((c) => c.sessionId)).toContain(second.sessionId);

    // Each reply is audited with the staff member who sent it.
    const audit = await t.ok(
      consoleApi.auditPage,
      { actorId: alice.id, action: 'chat:service:reply' },
      admin,
    );
    expect(audit.list).toMatchObject([{ targetUserId: second.member.id }]);
  });

  it('a retried send answers the first message; only service conversations are reachable', async () => {
    const cs = await staff('Carol CS');
    const { sessionId } = await asking('Retry please');
    const input = {
      sessionId,
      clientMsgId: 'cs-retry',
      contentType: 'text',
      content: { text: 'Once' },
    } as const;
    const a = await t.ok(adminServiceApi.send, input, cs.token);
    const b = await t.ok(adminServiceApi.send, input, cs.token);
    expect(b.id).toBe(a.id);
    const other = await asking('Other');
    await t.fails(
      adminServiceApi.send,
      { ...input, sessionId: other.sessionId },
      cs.token,
      ErrorCode.ClientMsgIdReused,
    );

    // A friends' chat is not a service conversation, even for staff.
    const [x, y] = await Promise.all([createUser(t), createUser(t)]);
    const friends = await makeFriends(t, x, y);
    await sendText(t, x, friends, 'private');
    await t.fails(adminServiceApi.messages, { sessionId: friends }, cs.token, ErrorCode.SessionNotFound);
    await t.fails(
      adminServiceApi.send,
      { ...input, sessionId: friends, clientMsgId: 'cs-x' },
      cs.token,
      ErrorCode.SessionNotFound,
    );
    await t.fails(adminServiceApi.read, { sessionId: 2_000_000 }, cs.token, ErrorCode.SessionNotFound);
  });

  it('refuses bad input in the envelope', async () => {
    const cs = await staff('Dave CS');
    const { sessionId } = await asking('Bad input');
    const send = (contentType: string, content: unknown, clientMsgId = 'cs-bad') =>
      t.call(adminServiceApi.send, { sessionId, clientMsgId, contentType, content } as never, cs.token);
    expect((await send('text', { text: '   ' })).code).toBe(ErrorCode.ContentEmpty);
    expect((await send('text', { text: 'x'.repeat(10_000) })).code).toBe(ErrorCode.MessageTooLong);
    expect((await send('image', { url: 'https://evil.example/x.png' })).code).toBe(ErrorCode.InvalidMediaUrl);
    expect((await send('transfer', { text: 'x' })).code).toBe(ErrorCode.Validation);
    expect((await send('text', { text: 'x' }, 'bad id!')).code).toBe(ErrorCode.Validation);
    const bad = await t.call(adminServiceApi.page, { filter: 'mine' } as never, cs.token);
    expect(bad).toMatchObject({ code: ErrorCode.Validation, data: [{ field: 'filter' }] });
    expect((await t.call(adminServiceApi.messages, { sessionId: -1 }, cs.token)).code).toBe(
      ErrorCode.Validation,
    );
    expect((await t.call(adminServiceApi.messages, { sessionId, size: 1000 }, cs.token)).code).toBe(
      ErrorCode.Validation,
    );
  });

  it('a member is refused on every inbox call, their own conversation included', async () => {
    const { member, sessionId } = await asking('Let me in');
    await t.fails(adminServiceApi.page, {}, member.token, ErrorCode.Forbidden);
    await t.fails(adminServiceApi.messages, { sessionId }, member.token, ErrorCode.Forbidden);
    await t.fails(adminServiceApi.read, { sessionId }, member.token, ErrorCode.Forbidden);
    await t.fails(
      adminServiceApi.send,
      { sessionId, clientMsgId: 'm-1', contentType: 'text', content: { text: 'as staff' } },
      member.token,
      ErrorCode.Forbidden,
    );
    await t.fails(consoleApi.badges, {}, member.token, ErrorCode.Forbidden);
  });
});
