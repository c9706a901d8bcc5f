import type { GroupInfo, GroupMemberInfo } from '@chatpay/shared';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { chatKeys } from '../chat/index.ts';
import {
  dissolved,
  withFields,
  withMuteAll,
  withMuted,
  withNote,
  withOwner,
  withoutMembers,
  withRole,
} from './cache.ts';
import { groupChangeOptions, groupKeys, mutedState } from './queries.ts';

const member = (userId: number, role: GroupMemberInfo['role'] = 'member'): GroupMemberInfo => ({
  userId,
  nickName: `user${userId}`,
  avatar: '',
  note: '',
  isMuted: false,
  mutedUntil: null,
  role,
});

const group: GroupInfo = {
  id: 7,
  groupId: 7,
  sessionId: 70,
  name: 'Lunch club',
  announcement: '',
  ownerId: 1,
  memberCount: 3,
  code: 'abc',
  dissolved: false,
  muteAll: false,
  myRole: 'owner',
  createTime: '2025-01-01T00:00:00.000Z',
  members: [member(1, 'owner'), member(2), member(3)],
};

const roleOf = (g: GroupInfo, userId: number) => g.members.find((m) => m.userId === userId)?.role;

describe('group cache changes (what a change looks like before the answer)', () => {
  it('sets roles and mutes one member only', () => {
    expect(roleOf(withRole(group, 2, 'manager'), 2)).toBe('manager');
    expect(roleOf(withRole(group, 2, 'manager'), 3)).toBe('member');
    expect(withMuted(group, 3, true).members.map((m) => m.isMuted)).toEqual([false, false, true]);
  });

  it('a timed mute carries its end; mute all is a group switch', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    const muted = withMuted(group, 3, true, 10, now);
    expect(muted.members[2]).toMatchObject({ isMuted: true, mutedUntil: '2026-01-01T00:10:00.000Z' });
    expect(withMuted(muted, 3, false).members[2]).toMatchObject({ isMuted: false, mutedUntil: null });
    expect(withMuteAll(group, true).muteAll).toBe(true);
  });

  it('says why I may not send: my own mute until it ends, then mute all for plain members only', () => {
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    const timed = withMuted(group, 3, true, 10, now);
    expect(mutedState(timed, 3, now)).toBe('member');
    expect(mutedState(timed, 3, now + 10 * 60_000 + 1)).toBeNull();
    expect(mutedState(withMuted(group, 3, true), 3, now + 1e12)).toBe('member');
    const all = withMuteAll(group, true);
    expect(mutedState(all, 3, now)).toBe('all');
    expect(mutedState(all, 1, now)).toBeNull();
    expect(mutedState(withRole(all, 2, 'manager'), 2, now)).toBeNull();
    expect(mutedState(group, 3, now)).toBeNull();
    expect(mutedState(undefined, 3, now)).toBeNull();
  });

  it('removes members and counts them out', () => {
    const after = withoutMembers(group, [2, 99]);
    expect(after.members.map((m) => m.userId)).toEqual([1, 3]);
    expect(after.memberCount).toBe(2);
  });

  it('hands the group over: the new owner is unmuted, the old one a member, and so is my role', () => {
    const after = withOwner(withMuted(group, 2, true), 2);
    expect(after.ownerId).toBe(2);
    expect(after.myRole).toBe('member');
    expect(roleOf(after, 1)).toBe('member');
    expect(after.members.find((m) => m.userId === 2)).toMatchObject({ role: 'owner', isMuted: false });
  });

  it('changes name, announcement, my note and dissolved', () => {
    expect(withFields(group, { name: ' Dinner ' })).toMatchObject({ name: 'Dinner', announcement: '' });
    expect(withFields(group, { announcement: 'Fridays' })).toMatchObject({ name: 'Lunch club' });
    expect(withNote(group, 3, ' Bob ').members[2]?.note).toBe('Bob');
    expect(withNote(group, null, 'x')).toBe(group);
    expect(dissolved(group).dissolved).toBe(true);
    expect(group.dissolved).toBe(false);
  });
});

describe('group change mutations', () => {
  const setup = () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    qc.setQueryData(groupKeys.info(group.sessionId), group);
    qc.setQueryData(chatKeys.sessions(), []);
    return qc;
  };
  const run = async <I, O>(
    qc: QueryClient,
    options: ReturnType<typeof groupChangeOptions<I, O>>,
    input: I,
  ) => {
    const observer = new MutationObserver(qc, options);
    return observer.mutate(input).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  };

  it('shows the change at once, then keeps the server answer', async () => {
    const qc = setup();
    let seen: GroupInfo | undefined;
    const answer = { ...withRole(group, 2, 'manager'), name: 'Renamed by the server' };
    const result = await run(
      qc,
      groupChangeOptions(
        qc,
        group.sessionId,
        async (_i: { userId: number }) => {
          seen = qc.getQueryData<GroupInfo>(groupKeys.info(group.sessionId));
          return answer;
        },
        (g, i) => withRole(g, i.userId, 'manager'),
      ),
      { userId: 2 },
    );
    expect(result.ok).toBe(true);
    expect(seen && roleOf(seen, 2)).toBe('manager');
    expect(qc.getQueryData(groupKeys.info(group.sessionId))).toEqual(answer);
    // The session list that shows the group is stale now.
    expect(qc.getQueryState(chatKeys.sessions())?.isInvalidated).toBe(true);
  });

  it('rolls the optimistic change back when the server refuses', async () => {
    const qc = setup();
    const result = await run(
      qc,
      groupChangeOptions(
        qc,
        group.sessionId,
        async (_i: { userIds: number[] }) => {
          throw new Error('Forbidden');
        },
        (g, i) => withoutMembers(g, i.userIds),
      ),
      { userIds: [3] },
    );
    expect(result.ok).toBe(false);
    expect(qc.getQueryData(groupKeys.info(group.sessionId))).toEqual(group);
  });
});
