import { ErrorCode, groupApi, messageApi, sessionApi, userApi } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import {
  createGroup,
  createGroupOf,
  createUser,
  makeFriends,
  sendText,
  type TestUser,
} from '../helpers/factories.ts';
import { type ChatSocket, connectSocket, recorder } from '../helpers/sockets.ts';

const sockets: ChatSocket[] = [];
const t = useTestApp();
afterAll(async () => {
  for (const s of sockets) s.disconnect();
});

const socketOf = async (u: TestUser) => {
  const s = await connectSocket(t, u.token);
  sockets.push(s);
  return s;
};
const messagesOf = async (u: TestUser, sessionId: number) =>
  await t.ok(messageApi.page, { sessionId, size: 200 }, u.token);
const sessionsOf = async (u: TestUser) =>
  (await t.ok(sessionApi.page, { page: 1, size: 100, order: 'lastChatTime', sort: 'desc' }, u.token)).list;

describe('group/create', () => {
  it('creates a group with my friends: I am the owner, everyone gets the session and the notice', async () => {
    const owner = await createUser(t, { nickName: 'Alice' });
    const b = await createUser(t, { nickName: 'Bob' });
    const c = await createUser(t, { nickName: 'Carol' });
    await makeFriends(t, owner, b);
    await makeFriends(t, owner, c);
    const sockB = recorder(await socketOf(b), 'message');
    const group = await t.ok(groupApi.create, { userIds: [b.id, c.id] }, owner.token);
    expect(group).toMatchObject({
      name: 'Alice, Bob, Carol',
      ownerId: owner.id,
      memberCount: 3,
      dissolved: false,
      myRole: 'owner',
      announcement: '',
    });
    expect(group.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(group.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.id, 'owner'],
      [b.id, 'member'],
      [c.id, 'member'],
    ]);
    expect(group.members[1]).toMatchObject({ nickName: 'Bob', note: '', isMuted: false, avatar: '' });

    const notice = await sockB.next((m) => m.sessionId === group.sessionId);
    expect(notice).toMatchObject({ seq: 1, contentType: 'notice', senderId: owner.id });
    expect(notice.content).toMatchObject({
      type: 'group.create',
      text: 'Alice created the group and invited Bob, Carol',
    });

    for (const u of [owner, b, c]) {
      const s = (await sessionsOf(u)).find((x) => x.id === group.sessionId);
      expect(s).toMatchObject({
        type: 'group',
        kind: 'group',
        name: 'Alice, Bob, Carol',
        userId: null,
        lastSeq: 1,
      });
      expect(s?.groupInfo).toMatchObject({
        groupId: group.id,
        ownerId: owner.id,
        memberCount: 3,
        dissolved: false,
      });
    }
    const forB = (await sessionsOf(b)).find((x) => x.id === group.sessionId)!;
    expect(forB.unreadCount).toBe(1);
  });

  it('needs at least 2 friends, all of them mine', async () => {
    const owner = await createUser(t);
    const friend = await createUser(t);
    const stranger = await createUser(t);
    await makeFriends(t, owner, friend);
    expect((await t.call(groupApi.create, { userIds: [friend.id, owner.id] }, owner.token)).code).toBe(
      ErrorCode.GroupTooSmall,
    );
    expect((await t.call(groupApi.create, { userIds: [friend.id] }, owner.token)).code).toBe(
      ErrorCode.Validation,
    );
    expect((await t.call(groupApi.create, { userIds: [friend.id, stranger.id] }, owner.token)).code).toBe(
      ErrorCode.NotFriends,
    );
    expect((await t.call(groupApi.list, {}, owner.token)).data).toEqual([]);
  });

  it('takes a given name, and session/create with groupId gives a member the group session', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    expect(group.name).toBeTruthy();
    const named = await createGroup(t, owner, [await createUser(t), await createUser(t)], 'Weekend hike');
    expect(named.name).toBe('Weekend hike');
    const s = await t.ok(sessionApi.create, { type: 'group', groupId: group.id }, members[0]!.token);
    expect(s).toMatchObject({ id: group.sessionId, type: 'group', name: group.name });
    expect(s.groupInfo?.members).toHaveLength(3);
    const stranger = await createUser(t);
    expect((await t.call(sessionApi.create, { type: 'group', groupId: group.id }, stranger.token)).code).toBe(
      ErrorCode.GroupNotFound,
    );
  });
});

describe('group/info and group/list', () => {
  it('a member reads the group by group id or session id; a stranger gets "not found"', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const bySession = await t.ok(groupApi.info, { sessionId: group.sessionId }, members[1]!.token);
    expect(bySession).toMatchObject({ id: group.id, myRole: 'member', memberCount: 3 });
    const stranger = await createUser(t);
    expect((await t.call(groupApi.info, { groupId: group.id }, stranger.token)).code).toBe(
      ErrorCode.GroupNotFound,
    );
    expect((await t.call(groupApi.info, { sessionId: group.sessionId }, stranger.token)).code).toBe(
      ErrorCode.GroupNotFound,
    );
    expect((await t.call(groupApi.info, { groupId: 999_999 }, owner.token)).code).toBe(
      ErrorCode.GroupNotFound,
    );
    const list = await t.ok(groupApi.list, {}, members[0]!.token);
    expect(list.map((g) => g.id)).toEqual([group.id]);
    expect(list[0]).not.toHaveProperty('members');
  });
});

describe('group session view', () => {
  it('headimgs are the first members’ avatars (up to 9) and groupInfo.members carries the §3 fields', async () => {
    const owner = await createUser(t);
    const others: TestUser[] = [];
    for (let i = 0; i < 10; i++) others.push(await createUser(t));
    for (const [i, u] of [owner, ...others].entries()) {
      await t.ok(userApi.setUser, { dataKey: 'avatar', dataValue: `/uploads/a${i}.png` }, u.token);
    }
    const group = await createGroup(t, owner, others);
    const s = await t.ok(sessionApi.detail, { id: group.sessionId }, owner.token);
    expect(s.headimgs.split(',')).toEqual(Array.from({ length: 9 }, (_, i) => `/uploads/a${i}.png`));
    expect(s.groupInfo?.memberCount).toBe(11);
    expect(s.groupInfo?.members[0]).toEqual({
      userId: owner.id,
      nickName: expect.any(String),
      avatar: '/uploads/a0.png',
      note: '',
      isMuted: false,
      role: 'owner',
    });
  });

  it('members send and read in the group with seqs; unread counts per member', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b, c] = members as [TestUser, TestUser];
    const sockC = recorder(await socketOf(c), 'message');
    const sent = await sendText(t, b, group.sessionId, 'hello group');
    expect(sent.seq).toBe(2);
    expect((await sockC.next((m) => m.id === sent.id)).content).toEqual({ text: 'hello group' });
    await sendText(t, owner, group.sessionId, 'hi');
    const forC = (await sessionsOf(c)).find((x) => x.id === group.sessionId)!;
    expect(forC.unreadCount).toBe(3);
    expect(forC.senderNickName).toBeTruthy();
  });
});

describe('group/invite and group/addByCode', () => {
  it('the owner invites friends: they get the session from the invite on, a notice, and no older history', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    await sendText(t, owner, group.sessionId, 'before you came');
    const d = await createUser(t, { nickName: 'Dave' });
    await makeFriends(t, owner, d);
    const sockD = recorder(await socketOf(d), 'message');
    const sockB = recorder(await socketOf(members[0]!), 'message');
    const info = await t.ok(groupApi.invite, { groupId: group.id, userIds: [d.id] }, owner.token);
    expect(info.memberCount).toBe(4);
    const notice = await sockD.next((m) => m.sessionId === group.sessionId);
    expect(notice).toMatchObject({ seq: 3, contentType: 'notice' });
    expect(notice.content).toMatchObject({ type: 'group.invite', userIds: [d.id] });
    expect((notice.content as { text: string }).text).toMatch(/invited Dave to the group$/);
    await sockB.next((m) => m.id === notice.id);
    const page = await messagesOf(d, group.sessionId);
    expect(page.list.map((m) => m.seq)).toEqual([3]);
    expect((await sessionsOf(d)).find((s) => s.id === group.sessionId)?.unreadCount).toBe(1);
    // Inviting someone already in the group changes nothing and posts nothing.
    await t.ok(groupApi.invite, { groupId: group.id, userIds: [d.id] }, owner.token);
    expect((await messagesOf(owner, group.sessionId)).lastSeq).toBe(3);
  });

  it('only friends of the inviter can be invited', async () => {
    const { owner, group } = await createGroupOf(t, 2);
    const stranger = await createUser(t);
    expect(
      (await t.call(groupApi.invite, { groupId: group.id, userIds: [stranger.id] }, owner.token)).code,
    ).toBe(ErrorCode.NotFriends);
    expect((await t.ok(groupApi.info, { groupId: group.id }, owner.token)).memberCount).toBe(3);
  });

  it('anyone with the group code joins; joining twice is harmless; a bad code is refused', async () => {
    const { owner, group } = await createGroupOf(t, 2);
    const e = await createUser(t, { nickName: 'Eve' });
    const sockOwner = recorder(await socketOf(owner), 'message');
    const joined = await t.ok(groupApi.addByCode, { code: group.code.toLowerCase() }, e.token);
    expect(joined).toMatchObject({ id: group.id, myRole: 'member', memberCount: 4 });
    const notice = await sockOwner.next((m) => m.sessionId === group.sessionId && m.seq === 2);
    expect(notice.content).toMatchObject({ type: 'group.join', text: 'Eve joined the group via QR code' });
    expect((await t.ok(groupApi.addByCode, { code: group.code }, e.token)).memberCount).toBe(4);
    expect((await messagesOf(owner, group.sessionId)).lastSeq).toBe(2);
    expect((await t.call(groupApi.addByCode, { code: 'ZZZZZZZZ' }, e.token)).code).toBe(
      ErrorCode.InvalidGroupCode,
    );
  });
});

describe('group/remove and group/quit', () => {
  it('removing members rotates the join code: the removed member cannot rejoin with the old QR code', async () => {
    const { owner, members, group } = await createGroupOf(t, 3);
    const [b] = members as [TestUser];
    const before = group.code;
    const info = await t.ok(groupApi.remove, { groupId: group.id, userIds: [b.id] }, owner.token);
    expect(info.code).not.toBe(before);
    expect(info.code).toMatch(/^[A-Z0-9]{8}$/);
    await t.fails(groupApi.addByCode, { code: before }, b.token, ErrorCode.InvalidGroupCode);
    // The members left see the new code (what the group QR now carries).
    expect((await t.ok(groupApi.info, { groupId: group.id }, members[1]!.token)).code).toBe(info.code);
  });

  it('a removed member stops receiving, loses the session (onSessionDelete) and cannot send or read', async () => {
    const { owner, members, group } = await createGroupOf(t, 3);
    const [b, c] = members as [TestUser, TestUser];
    const sockB = await socketOf(b);
    const deletes = recorder(sockB, 'onSessionDelete');
    const messagesB = recorder(sockB, 'message');
    const sockC = recorder(await socketOf(c), 'message');
    const info = await t.ok(groupApi.remove, { groupId: group.id, userIds: [b.id] }, owner.token);
    expect(info.members.map((m) => m.userId)).not.toContain(b.id);
    expect(await deletes.next((p) => p.sessionId === group.sessionId)).toEqual({
      sessionId: group.sessionId,
    });
    const notice = await sockC.next((m) => m.sessionId === group.sessionId && m.seq === 2);
    expect(notice.content).toMatchObject({ type: 'group.remove', userIds: [b.id] });
    const later = await sendText(t, owner, group.sessionId, 'after b left');
    await sockC.next((m) => m.id === later.id);
    expect(messagesB.seen.some((m) => m.id === later.id)).toBe(false);
    expect((await sessionsOf(b)).some((s) => s.id === group.sessionId)).toBe(false);
    const send = await t.call(
      messageApi.send,
      { sessionId: group.sessionId, clientMsgId: 'x-1', contentType: 'text', content: { text: 'hey' } },
      b.token,
    );
    expect(send.code).toBe(ErrorCode.SessionNotFound);
    expect((await t.call(groupApi.info, { groupId: group.id }, b.token)).code).toBe(ErrorCode.GroupNotFound);
  });

  it('a member quits: notice to the rest, onSessionDelete to them; the owner cannot quit without transferring', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b, c] = members as [TestUser, TestUser];
    const deletes = recorder(await socketOf(c), 'onSessionDelete');
    const sockB = recorder(await socketOf(b), 'message');
    expect(await t.ok(groupApi.quit, { groupId: group.id }, c.token)).toEqual({ ok: true });
    await deletes.next((p) => p.sessionId === group.sessionId);
    const notice = await sockB.next((m) => m.sessionId === group.sessionId && m.seq === 2);
    expect(notice.content).toMatchObject({ type: 'group.quit' });
    expect((await t.call(groupApi.quit, { groupId: group.id }, owner.token)).code).toBe(
      ErrorCode.OwnerCannotQuit,
    );
    expect((await t.ok(groupApi.info, { groupId: group.id }, owner.token)).memberCount).toBe(2);
    // After transferring, the old owner may leave.
    await t.ok(groupApi.transferOwner, { groupId: group.id, userId: b.id }, owner.token);
    await t.ok(groupApi.quit, { groupId: group.id }, owner.token);
    const info = await t.ok(groupApi.info, { groupId: group.id }, b.token);
    expect(info).toMatchObject({ ownerId: b.id, myRole: 'owner', memberCount: 1 });
  });
});

describe('group/dissolve', () => {
  it('the owner dissolves: everyone gets the notice, sessions show it dissolved, no further sends or actions', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b] = members as [TestUser];
    const sockB = recorder(await socketOf(b), 'message');
    expect(await t.ok(groupApi.dissolve, { groupId: group.id }, owner.token)).toEqual({ ok: true });
    const notice = await sockB.next((m) => m.sessionId === group.sessionId && m.seq === 2);
    expect(notice.content).toMatchObject({ type: 'group.dissolve' });
    const s = (await sessionsOf(b)).find((x) => x.id === group.sessionId)!;
    expect(s.groupInfo?.dissolved).toBe(true);
    for (const u of [owner, b]) {
      const res = await t.call(
        messageApi.send,
        {
          sessionId: group.sessionId,
          clientMsgId: `d-${u.id}`,
          contentType: 'text',
          content: { text: 'hi' },
        },
        u.token,
      );
      expect(res.code).toBe(ErrorCode.GroupDissolved);
    }
    expect((await t.call(groupApi.invite, { groupId: group.id, userIds: [b.id] }, owner.token)).code).toBe(
      ErrorCode.GroupDissolved,
    );
    expect((await t.call(groupApi.dissolve, { groupId: group.id }, owner.token)).code).toBe(
      ErrorCode.GroupDissolved,
    );
    expect((await t.call(groupApi.quit, { groupId: group.id }, b.token)).code).toBe(ErrorCode.GroupDissolved);
    expect((await t.call(groupApi.addByCode, { code: group.code }, (await createUser(t)).token)).code).toBe(
      ErrorCode.GroupDissolved,
    );
    // Members still read the group and its history.
    expect((await t.ok(groupApi.info, { groupId: group.id }, b.token)).dissolved).toBe(true);
    expect((await messagesOf(b, group.sessionId)).lastSeq).toBe(2);
    expect(await t.ok(groupApi.list, {}, b.token)).toEqual([]);
  });
});

describe('managers, mute, name, announcement, transfer, note', () => {
  it('the owner makes and unmakes managers, with notices', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b] = members as [TestUser];
    const info = await t.ok(groupApi.setManager, { groupId: group.id, userId: b.id }, owner.token);
    expect(info.members.find((m) => m.userId === b.id)?.role).toBe('manager');
    expect((await t.ok(groupApi.info, { groupId: group.id }, b.token)).myRole).toBe('manager');
    const back = await t.ok(groupApi.unsetManager, { groupId: group.id, userId: b.id }, owner.token);
    expect(back.members.find((m) => m.userId === b.id)?.role).toBe('member');
    const page = await messagesOf(owner, group.sessionId);
    expect(page.list.map((m) => (m.content as { type: string }).type)).toEqual([
      'group.create',
      'group.manager',
      'group.unmanager',
    ]);
    expect(page.list.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('a muted member cannot send in the group ("Muted, send failed") while their single chats still work', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b, c] = members as [TestUser, TestUser];
    await t.ok(groupApi.setManager, { groupId: group.id, userId: b.id }, owner.token);
    const muted = await t.ok(groupApi.mute, { groupId: group.id, userId: c.id }, b.token);
    expect(muted.members.find((m) => m.userId === c.id)?.isMuted).toBe(true);
    const s = await t.ok(sessionApi.detail, { id: group.sessionId }, c.token);
    expect(s.groupInfo?.members.find((m) => m.userId === c.id)?.isMuted).toBe(true);
    const res = await t.call(
      messageApi.send,
      { sessionId: group.sessionId, clientMsgId: 'muted-1', contentType: 'text', content: { text: 'hi' } },
      c.token,
    );
    expect(res).toMatchObject({ code: ErrorCode.Muted, message: 'Muted, send failed' });
    // Forwarding into the group is refused too.
    const single = await makeFriends(t, c, await createUser(t));
    const own = await sendText(t, c, single, 'single chat works');
    expect(own.seq).toBeGreaterThan(0);
    const fwd = await t.call(messageApi.transmit, { ids: [own.id], sessionIds: [group.sessionId] }, c.token);
    expect(fwd.code).toBe(ErrorCode.Muted);
    // A's single chat with C (owner is C's friend) still works.
    const ownerSingle = (await sessionsOf(c)).find((x) => x.type === 'single' && x.userId === owner.id)!;
    await sendText(t, c, ownerSingle.id, 'still talking to you');
    await t.ok(groupApi.unmute, { groupId: group.id, userId: c.id }, b.token);
    await sendText(t, c, group.sessionId, 'back');
    const types = (await messagesOf(owner, group.sessionId)).list.map(
      (m) => (m.content as { type?: string }).type,
    );
    expect(types).toContain('group.mute');
    expect(types).toContain('group.unmute');
  });

  it('owner or manager changes the name and announcement; empty name is "Content cannot be empty"', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b] = members as [TestUser];
    await t.ok(groupApi.setManager, { groupId: group.id, userId: b.id }, owner.token);
    const renamed = await t.ok(groupApi.update, { groupId: group.id, name: 'Team' }, b.token);
    expect(renamed.name).toBe('Team');
    const ann = await t.ok(
      groupApi.update,
      { groupId: group.id, announcement: 'Meeting at 10' },
      owner.token,
    );
    expect(ann.announcement).toBe('Meeting at 10');
    expect(await t.call(groupApi.update, { groupId: group.id, name: '   ' }, owner.token)).toMatchObject({
      code: ErrorCode.ContentEmpty,
      message: 'Content cannot be empty',
    });
    const s = await t.ok(sessionApi.detail, { id: group.sessionId }, b.token);
    expect(s.name).toBe('Team');
    const last = (await messagesOf(owner, group.sessionId)).list.slice(-2).map((m) => m.content);
    expect(last[0]).toMatchObject({ type: 'group.name', name: 'Team' });
    expect(last[1]).toMatchObject({
      type: 'group.announcement',
      text: expect.stringMatching(/updated the group announcement$/),
    });
  });

  it('the owner transfers ownership to a member and becomes a member', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b] = members as [TestUser];
    const info = await t.ok(groupApi.transferOwner, { groupId: group.id, userId: b.id }, owner.token);
    expect(info).toMatchObject({ ownerId: b.id, myRole: 'member' });
    expect(info.members.find((m) => m.userId === b.id)?.role).toBe('owner');
    // The new owner has the owner's rights; the old owner lost them.
    expect((await t.call(groupApi.dissolve, { groupId: group.id }, owner.token)).code).toBe(
      ErrorCode.Forbidden,
    );
    const last = (await messagesOf(b, group.sessionId)).list.at(-1)!;
    expect(last.content).toMatchObject({ type: 'group.owner', userIds: [b.id] });
    expect((await t.call(groupApi.transferOwner, { groupId: group.id, userId: 999_999 }, b.token)).code).toBe(
      ErrorCode.NotGroupMember,
    );
  });

  it('a member sets their note in the group without a notice', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b] = members as [TestUser];
    const info = await t.ok(groupApi.setNote, { groupId: group.id, note: 'Bobby' }, b.token);
    expect(info.members.find((m) => m.userId === b.id)?.note).toBe('Bobby');
    expect((await messagesOf(owner, group.sessionId)).lastSeq).toBe(1);
  });
});

describe('group notices', () => {
  it('carry the names of the members they are about as they were then (shown after they leave)', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b] = members as [TestUser];
    await t.ok(groupApi.quit, { groupId: group.id }, b.token);
    const page = await t.ok(messageApi.page, { sessionId: group.sessionId }, owner.token);
    const quit = page.list.find((m) => m.content.type === 'group.quit')!;
    const { nickName } = await t.ok(userApi.person, {}, b.token);
    expect(quit.content).toMatchObject({ userIds: [b.id], names: { [b.id]: nickName } });
    const created = page.list.find((m) => m.content.type === 'group.create')!;
    expect(
      Object.keys(created.content.names as object)
        .map(Number)
        .sort(),
    ).toEqual([owner.id, ...members.map((m) => m.id)].sort());
  });
});
