import { randomUUID } from 'node:crypto';
import { ErrorCode, messageApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, createGroupOf, createUser, type TestUser } from '../helpers/factories.ts';

const t = useTestApp();

const say = (from: TestUser, sessionId: number, content: Record<string, unknown>) =>
  t.call(
    messageApi.send,
    { sessionId, clientMsgId: randomUUID(), contentType: 'text', content: { text: '@you', ...content } },
    from.token,
  );

/** The content of the newest message of the session, as `viewer` reads it. */
const newest = async (viewer: TestUser, sessionId: number) => {
  const page = await t.ok(messageApi.page, { sessionId }, viewer.token);
  return page.list.at(-1)!.content as Record<string, unknown>;
};

describe('@mentions in group chats', () => {
  it('keep only members of the group, never the sender', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b, c] = members as [TestUser, TestUser];
    const outsider = await createUser(t);
    const sent = await say(owner, group.sessionId, { mentions: [c.id, outsider.id, owner.id, c.id] });
    expect(sent.code).toBe(ErrorCode.Success);
    expect(await newest(b, group.sessionId)).toMatchObject({ text: '@you', mentions: [c.id] });
    // Nobody left to mention: the field goes.
    await say(owner, group.sessionId, { mentions: [outsider.id] });
    expect(await newest(b, group.sessionId)).not.toHaveProperty('mentions');
  });

  it('@everyone is for the owner and managers only', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const [b] = members as [TestUser];
    expect((await say(b, group.sessionId, { mentionAll: true })).code).toBe(ErrorCode.Forbidden);
    expect((await say(owner, group.sessionId, { mentionAll: true })).code).toBe(ErrorCode.Success);
    expect(await newest(b, group.sessionId)).toMatchObject({ mentionAll: true });
  });

  it('mean nothing in a single chat, and a forwarded copy mentions nobody', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await say(a, sessionId, { mentions: [b.id], mentionAll: true });
    const single = await newest(b, sessionId);
    expect(single).not.toHaveProperty('mentions');
    expect(single).not.toHaveProperty('mentionAll');

    const { owner, members, group } = await createGroupOf(t, 2);
    const [c] = members as [TestUser];
    await say(owner, group.sessionId, { mentions: [c.id] });
    const page = await t.ok(messageApi.page, { sessionId: group.sessionId }, owner.token);
    await t.ok(
      messageApi.transmit,
      { ids: [page.list.at(-1)!.id], sessionIds: [group.sessionId] },
      owner.token,
    );
    expect(await newest(c, group.sessionId)).not.toHaveProperty('mentions');
  });

  it('refuse more than 50 names and ids that are not ids', async () => {
    const { owner, group } = await createGroupOf(t, 2);
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    expect((await say(owner, group.sessionId, { mentions: many })).code).toBe(ErrorCode.MalformedContent);
    expect((await say(owner, group.sessionId, { mentions: ['x'] })).code).toBe(ErrorCode.MalformedContent);
  });
});
