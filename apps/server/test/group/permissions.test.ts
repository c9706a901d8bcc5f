import { type Endpoint, ErrorCode, type GroupInfo, groupApi, messageApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createGroupOf, createUser, makeFriends, type TestUser } from '../helpers/factories.ts';

const t = useTestApp();

/** Owner A, manager B, members C and D; E is A's friend outside the group. */
const setup = async () => {
  const { owner, members, group } = await createGroupOf(t, 3);
  const [b, c, d] = members as [TestUser, TestUser, TestUser];
  await t.ok(groupApi.setManager, { groupId: group.id, userId: b.id }, owner.token);
  const e = await createUser(t);
  await makeFriends(t, owner, e);
  await makeFriends(t, b, e);
  await makeFriends(t, c, e);
  return { a: owner, b, c, d, e, group };
};

/** The group as the owner sees it, and its last seq: what must not change after a refused call. */
const snapshot = async (owner: TestUser, group: GroupInfo) => {
  const info = await t.ok(groupApi.info, { groupId: group.id }, owner.token);
  const page = await t.ok(messageApi.page, { sessionId: group.sessionId }, owner.token);
  return { info, lastSeq: page.lastSeq };
};

/** Every call that acts on a group, with input aimed at `target`. */
const actions = (g: GroupInfo, target: TestUser, friend: TestUser): [string, Endpoint, object][] => [
  ['invite', groupApi.invite, { groupId: g.id, userIds: [friend.id] }],
  ['remove', groupApi.remove, { groupId: g.id, userIds: [target.id] }],
  ['dissolve', groupApi.dissolve, { groupId: g.id }],
  ['setManager', groupApi.setManager, { groupId: g.id, userId: target.id }],
  ['unsetManager', groupApi.unsetManager, { groupId: g.id, userId: target.id }],
  ['mute', groupApi.mute, { groupId: g.id, userId: target.id }],
  ['unmute', groupApi.unmute, { groupId: g.id, userId: target.id }],
  ['muteFor', groupApi.mute, { groupId: g.id, userId: target.id, minutes: 10 }],
  ['muteAll', groupApi.muteAll, { groupId: g.id, on: true }],
  ['update', groupApi.update, { groupId: g.id, name: 'Hijacked', announcement: 'x' }],
  ['transferOwner', groupApi.transferOwner, { groupId: g.id, userId: target.id }],
];

describe('a stranger', () => {
  it('gets "Group does not exist" for info and every action, and nothing changes', async () => {
    const { a, d, e, group } = await setup();
    const stranger = await createUser(t);
    await makeFriends(t, stranger, e);
    const before = await snapshot(a, group);
    const all: [string, Endpoint, object][] = [
      ['info', groupApi.info, { groupId: group.id }],
      ['quit', groupApi.quit, { groupId: group.id }],
      ['setNote', groupApi.setNote, { groupId: group.id, note: 'x' }],
      ...actions(group, d, e),
    ];
    for (const [name, endpoint, input] of all) {
      const res = await t.call(endpoint, input as never, stranger.token);
      expect(res.code, name).toBe(ErrorCode.GroupNotFound);
    }
    const send = await t.call(
      messageApi.send,
      { sessionId: group.sessionId, clientMsgId: 's-1', contentType: 'text', content: { text: 'x' } },
      stranger.token,
    );
    expect(send.code).toBe(ErrorCode.SessionNotFound);
    expect(await snapshot(a, group)).toEqual(before);
  });
});

describe('a plain member', () => {
  it('gets Forbidden for every owner or manager action, and nothing changes', async () => {
    const { a, c, d, e, group } = await setup();
    const before = await snapshot(a, group);
    for (const [name, endpoint, input] of actions(group, d, e)) {
      const res = await t.call(endpoint, input as never, c.token);
      expect(res.code, name).toBe(ErrorCode.Forbidden);
    }
    expect(await snapshot(a, group)).toEqual(before);
  });
});

describe('a manager', () => {
  it('cannot dissolve, transfer, or make or unmake managers', async () => {
    const { a, b, c, group } = await setup();
    const before = await snapshot(a, group);
    for (const [endpoint, input] of [
      [groupApi.dissolve, { groupId: group.id }],
      [groupApi.transferOwner, { groupId: group.id, userId: c.id }],
      [groupApi.setManager, { groupId: group.id, userId: c.id }],
      [groupApi.unsetManager, { groupId: group.id, userId: b.id }],
    ] as [Endpoint, object][]) {
      expect((await t.call(endpoint, input as never, b.token)).code, endpoint.path).toBe(ErrorCode.Forbidden);
    }
    expect(await snapshot(a, group)).toEqual(before);
  });

  it('cannot remove, mute or unmute the owner or another manager', async () => {
    const { a, b, c, group } = await setup();
    await t.ok(groupApi.setManager, { groupId: group.id, userId: c.id }, a.token);
    await t.ok(groupApi.mute, { groupId: group.id, userId: c.id }, a.token);
    const before = await snapshot(a, group);
    for (const target of [a, c]) {
      for (const endpoint of [groupApi.mute, groupApi.unmute]) {
        const res = await t.call(endpoint, { groupId: group.id, userId: target.id }, b.token);
        expect(res.code, `${endpoint.path} ${target === a ? 'owner' : 'manager'}`).toBe(ErrorCode.Forbidden);
      }
      const res = await t.call(groupApi.remove, { groupId: group.id, userIds: [target.id] }, b.token);
      expect(res.code).toBe(ErrorCode.Forbidden);
    }
    // One forbidden target in a list refuses the whole call.
    const mixed = await t.call(groupApi.remove, { groupId: group.id, userIds: [c.id, a.id] }, b.token);
    expect(mixed.code).toBe(ErrorCode.Forbidden);
    expect(await snapshot(a, group)).toEqual(before);
  });

  it('may invite their friends, mute and remove plain members, and edit the group', async () => {
    const { b, c, d, e, group } = await setup();
    await t.ok(groupApi.invite, { groupId: group.id, userIds: [e.id] }, b.token);
    await t.ok(groupApi.mute, { groupId: group.id, userId: c.id }, b.token);
    await t.ok(groupApi.update, { groupId: group.id, announcement: 'Rules' }, b.token);
    const info = await t.ok(groupApi.remove, { groupId: group.id, userIds: [d.id] }, b.token);
    expect(info.members.map((m) => m.userId)).toContain(e.id);
    expect(info.members.map((m) => m.userId)).not.toContain(d.id);
    expect(info.members.find((m) => m.userId === c.id)?.isMuted).toBe(true);
    expect(info.announcement).toBe('Rules');
  });
});

describe('the owner', () => {
  it('may remove or mute a manager, but nobody acts on themselves or on a non-member', async () => {
    const { a, b, c, group } = await setup();
    await t.ok(groupApi.mute, { groupId: group.id, userId: b.id }, a.token);
    const info = await t.ok(groupApi.remove, { groupId: group.id, userIds: [b.id] }, a.token);
    expect(info.members.map((m) => m.userId)).not.toContain(b.id);
    for (const endpoint of [groupApi.mute, groupApi.setManager, groupApi.transferOwner]) {
      expect((await t.call(endpoint, { groupId: group.id, userId: a.id }, a.token)).code).toBe(
        ErrorCode.CannotActOnSelf,
      );
    }
    expect((await t.call(groupApi.remove, { groupId: group.id, userIds: [a.id] }, a.token)).code).toBe(
      ErrorCode.CannotActOnSelf,
    );
    const outsider = await createUser(t);
    for (const endpoint of [groupApi.mute, groupApi.setManager, groupApi.transferOwner]) {
      expect((await t.call(endpoint, { groupId: group.id, userId: outsider.id }, a.token)).code).toBe(
        ErrorCode.NotGroupMember,
      );
    }
    expect((await t.call(groupApi.remove, { groupId: group.id, userIds: [b.id] }, a.token)).code).toBe(
      ErrorCode.NotGroupMember,
    );
    // Only the owner dissolves.
    expect((await t.call(groupApi.dissolve, { groupId: group.id }, c.token)).code).toBe(ErrorCode.Forbidden);
    await t.ok(groupApi.dissolve, { groupId: group.id }, a.token);
  });
});

describe('concurrency', () => {
  it('concurrent joins and messages get distinct seqs with no gaps, one notice per joiner', async () => {
    const { owner, group } = await createGroupOf(t, 2);
    const joiners = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const results = await Promise.all([
      ...joiners.map((j) => t.call(groupApi.addByCode, { code: group.code }, j.token)),
      ...joiners.map((j) => t.call(groupApi.addByCode, { code: group.code }, j.token)),
    ]);
    for (const r of results) expect(r.code, r.message).toBe(1000);
    const page = await t.ok(messageApi.page, { sessionId: group.sessionId, size: 100 }, owner.token);
    expect(page.lastSeq).toBe(7);
    expect(page.list.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const info = await t.ok(groupApi.info, { groupId: group.id }, owner.token);
    expect(info.memberCount).toBe(9);
  });

  it('a send racing a removal or a mute never lands after it', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b, c] = members as [TestUser, TestUser];
    const sends = (u: TestUser, tag: string) =>
      Array.from({ length: 5 }, (_, i) =>
        t.call(
          messageApi.send,
          {
            sessionId: group.sessionId,
            clientMsgId: `${tag}-${i}`,
            contentType: 'text',
            content: { text: tag },
          },
          u.token,
        ),
      );
    const results = await Promise.all([
      ...sends(c, 'mute'),
      t.call(groupApi.mute, { groupId: group.id, userId: c.id }, owner.token),
      ...sends(b, 'remove'),
      t.call(groupApi.remove, { groupId: group.id, userIds: [b.id] }, owner.token),
    ]);
    for (const r of results) {
      expect([1000, ErrorCode.Muted, ErrorCode.SessionNotFound], r.message).toContain(r.code);
    }
    const page = await t.ok(messageApi.page, { sessionId: group.sessionId, size: 100 }, owner.token);
    const seqOf = (type: string) =>
      page.list.find((m) => (m.content as { type?: string }).type === type)!.seq;
    const lastFrom = (u: TestUser) =>
      Math.max(
        0,
        ...page.list.filter((m) => m.senderId === u.id && m.contentType === 'text').map((m) => m.seq),
      );
    expect(lastFrom(c)).toBeLessThan(seqOf('group.mute'));
    expect(lastFrom(b)).toBeLessThan(seqOf('group.remove'));
    expect(page.list.map((m) => m.seq)).toEqual(page.list.map((_, i) => i + 1));
  });
});
