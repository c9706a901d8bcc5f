import { groupApi, messageApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import {
  createFriendPair,
  createGroupOf,
  createUser,
  makeFriends,
  sendText,
  type TestUser,
} from '../helpers/factories.ts';

/**
 * Scale of data: `message/page` answers `pagination.total` from the session's counters instead of
 * counting the history. Whatever way it is computed, it must be exactly the number of messages the member can
 * page through: above their clear point (a group member's join point), not deleted for them.
 */
const t = useTestApp();

/** Every message `user` can page through, newest page first then history, and the totals each page gave. */
const everything = async (user: TestUser, sessionId: number) => {
  const seen: number[] = [];
  const totals = new Set<number>();
  let page = await t.ok(messageApi.page, { sessionId, size: 4 }, user.token);
  for (;;) {
    totals.add(page.pagination.total);
    seen.unshift(...page.list.map((m) => m.seq));
    if (!page.hasMore) break;
    page = await t.ok(messageApi.page, { sessionId, size: 4, beforeSeq: page.list[0]!.seq }, user.token);
  }
  const catchUp = await t.ok(messageApi.page, { sessionId, afterSeq: 0, size: 200 }, user.token);
  totals.add(catchUp.pagination.total);
  expect(catchUp.list.map((m) => m.seq)).toEqual(seen);
  return { seqs: seen, totals: [...totals] };
};

/** `total` is the same on every page and equals what paging finds. */
const expectTotalExact = async (user: TestUser, sessionId: number, expected: number) => {
  const { seqs, totals } = await everything(user, sessionId);
  expect(seqs).toHaveLength(expected);
  expect(totals).toEqual([expected]);
};

describe('message/page pagination.total', () => {
  it('counts what I can see after deletions for me (repeated, of recalled messages) and clears', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    // seq 1 is the friendship notice.
    const sent = [];
    for (let i = 1; i <= 12; i++) sent.push(await sendText(t, i % 2 ? a : b, sessionId, `m${i}`));
    await expectTotalExact(b, sessionId, 13);

    // B deletes three for B (one of them twice); A still sees all.
    await t.ok(messageApi.remove, { ids: [sent[0]!.id, sent[5]!.id] }, b.token);
    await t.ok(messageApi.remove, { ids: [sent[5]!.id, sent[11]!.id] }, b.token);
    await expectTotalExact(b, sessionId, 10);
    await expectTotalExact(a, sessionId, 13);

    // A recalled message stays in the history (as a notice), so it still counts.
    await t.ok(messageApi.recall, { id: sent[10]!.id }, a.token);
    await expectTotalExact(b, sessionId, 10);

    // B clears: nothing left; then new messages count, and removals below the clear point no longer matter.
    await t.ok(messageApi.clear, { sessionId }, b.token);
    await expectTotalExact(b, sessionId, 0);
    const later = [];
    for (let i = 1; i <= 3; i++) later.push(await sendText(t, a, sessionId, `later ${i}`));
    await expectTotalExact(b, sessionId, 3);
    // Deleting a message from before the clear point (its id is still known) changes nothing; after it does.
    await t.ok(messageApi.remove, { ids: [sent[2]!.id, later[1]!.id] }, b.token);
    await expectTotalExact(b, sessionId, 2);
    await expectTotalExact(a, sessionId, 16);
  });

  it('counts a group member’s messages from their join, across leaving and joining again', async () => {
    const { owner, members, group } = await createGroupOf(t, 2);
    const before = [];
    for (let i = 1; i <= 5; i++) before.push(await sendText(t, owner, group.sessionId, `before ${i}`));
    const late = await createUser(t);
    await makeFriends(t, owner, late);
    await t.ok(groupApi.invite, { groupId: group.groupId, userIds: [late.id] }, owner.token);
    const joined = await everything(late, group.sessionId);
    for (let i = 1; i <= 3; i++) await sendText(t, members[0]!, group.sessionId, `after ${i}`);
    const total = joined.seqs.length + 3;
    await expectTotalExact(late, group.sessionId, total);

    // A message from before the join, deleted for me by id, was never counted.
    await t.ok(messageApi.remove, { ids: [before[1]!.id] }, late.token);
    await expectTotalExact(late, group.sessionId, total);

    // Removed and invited again: the history starts over at the new join; the old deletion stays below it.
    const mine = await sendText(t, late, group.sessionId, 'mine');
    await t.ok(messageApi.remove, { ids: [mine.id] }, late.token);
    await expectTotalExact(late, group.sessionId, total);
    await t.ok(groupApi.remove, { groupId: group.groupId, userIds: [late.id] }, owner.token);
    await t.ok(groupApi.invite, { groupId: group.groupId, userIds: [late.id] }, owner.token);
    const again = await everything(late, group.sessionId);
    expect(again.seqs.every((seq) => seq > mine.seq)).toBe(true);
    await sendText(t, owner, group.sessionId, 'welcome back');
    await expectTotalExact(late, group.sessionId, again.seqs.length + 1);
  });
});
