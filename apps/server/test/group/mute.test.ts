import { randomUUID } from 'node:crypto';
import { ErrorCode, GROUP_MUTE_MAX_MINUTES, groupApi, messageApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createGroupOf, sendText, type TestUser } from '../helpers/factories.ts';

const t = useTestApp();
const minute = 60_000;

/** Owner A, manager B, plain members C and D. */
const setup = async () => {
  const { owner, members, group } = await createGroupOf(t, 3);
  const [b, c, d] = members as [TestUser, TestUser, TestUser];
  await t.ok(groupApi.setManager, { groupId: group.id, userId: b.id }, owner.token);
  return { a: owner, b, c, d, group };
};

const trySend = (from: TestUser, sessionId: number) =>
  t.call(
    messageApi.send,
    { sessionId, clientMsgId: randomUUID(), contentType: 'text', content: { text: 'hello' } },
    from.token,
  );

const memberOf = async (viewer: TestUser, groupId: number, userId: number) => {
  const info = await t.ok(groupApi.info, { groupId }, viewer.token);
  return info.members.find((m) => m.userId === userId)!;
};

/** The notices of the group's chat, newest last, as the owner reads them. */
const notices = async (viewer: TestUser, sessionId: number) => {
  const page = await t.ok(messageApi.page, { sessionId }, viewer.token);
  return page.list
    .filter((m) => m.contentType === 'notice')
    .map((m) => m.content as { type: string; minutes?: number; userIds?: number[] });
};

describe('a timed mute', () => {
  it('stops the member sending until it ends, then lets them send without anyone unmuting', async () => {
    const { a, c, group } = await setup();
    await t.ok(groupApi.mute, { groupId: group.id, userId: c.id, minutes: 10 }, a.token);
    expect((await trySend(c, group.sessionId)).code).toBe(ErrorCode.Muted);
    const muted = await memberOf(c, group.id, c.id);
    expect(muted.isMuted).toBe(true);
    const ends = new Date(muted.mutedUntil!).getTime() - t.clock.now().getTime();
    expect(ends).toBeGreaterThan(9 * minute);
    expect(ends).toBeLessThanOrEqual(10 * minute);
    expect((await notices(a, group.sessionId)).at(-1)).toMatchObject({
      type: 'group.muteFor',
      minutes: 10,
      userIds: [c.id],
    });

    t.clock.advance(10 * minute + 1000);
    expect(await memberOf(c, group.id, c.id)).toMatchObject({ isMuted: false, mutedUntil: null });
    await sendText(t, c, group.sessionId, 'back again');
  });

  it('muting again sets a new end; a mute without minutes lasts until unmuted', async () => {
    const { a, b, c, d, group } = await setup();
    await t.ok(groupApi.mute, { groupId: group.id, userId: c.id, minutes: 10 }, b.token);
    await t.ok(groupApi.mute, { groupId: group.id, userId: c.id, minutes: 60 }, b.token);
    t.clock.advance(30 * minute);
    expect((await trySend(c, group.sessionId)).code).toBe(ErrorCode.Muted);

    await t.ok(groupApi.mute, { groupId: group.id, userId: d.id }, a.token);
    expect(await memberOf(a, group.id, d.id)).toMatchObject({ isMuted: true, mutedUntil: null });
    t.clock.advance(GROUP_MUTE_MAX_MINUTES * minute);
    expect((await trySend(d, group.sessionId)).code).toBe(ErrorCode.Muted);
    await t.ok(groupApi.unmute, { groupId: group.id, userId: d.id }, a.token);
    await sendText(t, d, group.sessionId, 'free');
    // C's mute ended long ago: unmuting changes nothing and posts no notice.
    const before = (await notices(a, group.sessionId)).length;
    await t.ok(groupApi.unmute, { groupId: group.id, userId: c.id }, a.token);
    expect((await notices(a, group.sessionId)).length).toBe(before);
  });

  it('refuses a duration of zero or over 30 days', async () => {
    const { a, c, group } = await setup();
    for (const minutes of [0, -5, GROUP_MUTE_MAX_MINUTES + 1, 1.5]) {
      const res = await t.call(groupApi.mute, { groupId: group.id, userId: c.id, minutes }, a.token);
      expect(res.code, String(minutes)).toBe(ErrorCode.Validation);
    }
    expect((await memberOf(a, group.id, c.id)).isMuted).toBe(false);
  });
});

describe('mute all', () => {
  it('lets only the owner and managers send while on; a plain member cannot switch it', async () => {
    const { a, b, c, d, group } = await setup();
    expect((await t.call(groupApi.muteAll, { groupId: group.id, on: true }, c.token)).code).toBe(
      ErrorCode.Forbidden,
    );
    const on = await t.ok(groupApi.muteAll, { groupId: group.id, on: true }, b.token);
    expect(on.muteAll).toBe(true);
    expect((await trySend(c, group.sessionId)).code).toBe(ErrorCode.Muted);
    expect((await trySend(d, group.sessionId)).code).toBe(ErrorCode.Muted);
    await sendText(t, a, group.sessionId, 'owner speaks');
    await sendText(t, b, group.sessionId, 'manager speaks');
    // Switching it on again is no change and no second notice.
    await t.ok(groupApi.muteAll, { groupId: group.id, on: true }, a.token);
    expect((await notices(a, group.sessionId)).filter((n) => n.type === 'group.muteAll')).toHaveLength(1);

    const off = await t.ok(groupApi.muteAll, { groupId: group.id, on: false }, a.token);
    expect(off.muteAll).toBe(false);
    expect((await notices(a, group.sessionId)).at(-1)?.type).toBe('group.unmuteAll');
    await sendText(t, c, group.sessionId, 'member speaks');
  });

  it('a dissolved group cannot be switched', async () => {
    const { a, group } = await setup();
    await t.ok(groupApi.dissolve, { groupId: group.id }, a.token);
    expect((await t.call(groupApi.muteAll, { groupId: group.id, on: true }, a.token)).code).toBe(
      ErrorCode.GroupDissolved,
    );
  });
});
