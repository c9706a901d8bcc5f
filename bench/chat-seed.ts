import { friendApi, groupApi } from '@chatpay/shared';
import { httpClient } from '../test-support/http.ts';
import { type SeededMember, seedMembers } from './seed.ts';

export interface Seed {
  members: SeededMember[];
  /** Single sessions of friend pairs (members 2k and 2k+1). */
  pairs: { sessionId: number; a: number; b: number }[];
  group: { sessionId: number; memberIds: number[] };
}

/** Members straight into the database (seed.ts), then friendships and the big group through the HTTP API. */
export const seedChat = async (opts: {
  databaseUrl: string;
  jwtSecret: string;
  serverUrl: string;
  members: number;
  groupSize: number;
}): Promise<Seed> => {
  const members = await seedMembers(opts.databaseUrl, opts.jwtSecret, opts.members, 'chatbench');

  const api = httpClient(opts.serverUrl);
  const befriend = async (a: SeededMember, b: SeededMember) => {
    const asked = await api.ok(friendApi.addFriend, { userId: b.id, message: 'hi' }, a.token);
    const done = await api.ok(friendApi.confirmFriend, { id: asked.id, agree: true }, b.token);
    if (done.sessionId === null) throw new Error('confirmFriend answered no session');
    return done.sessionId;
  };
  const inParallel = async <T>(items: T[], width: number, work: (item: T) => Promise<void>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < items.length) await work(items[next++]!);
      }),
    );
  };

  const pairs: Seed['pairs'] = [];
  const pairIndexes = Array.from({ length: Math.floor(members.length / 2) }, (_, k) => k);
  await inParallel(pairIndexes, 16, async (k) => {
    const a = members[2 * k]!;
    const b = members[2 * k + 1]!;
    pairs.push({ sessionId: await befriend(a, b), a: a.id, b: b.id });
  });

  // The big group: its owner befriends everyone in it, creates it with 100 and invites the rest by 100.
  const owner = members[members.length - 1]!;
  const others = members.slice(0, Math.min(opts.groupSize, members.length) - 1);
  await inParallel(others, 16, async (m) => {
    if (m.id === members[members.length - 2]!.id && members.length % 2 === 0) {
      // Already the owner's pair friend.
      return;
    }
    await befriend(owner, m);
  });
  const created = await api.ok(
    groupApi.create,
    { userIds: others.slice(0, 100).map((m) => m.id), name: 'Bench group' },
    owner.token,
  );
  for (let i = 100; i < others.length; i += 100) {
    await api.ok(
      groupApi.invite,
      { groupId: created.groupId, userIds: others.slice(i, i + 100).map((m) => m.id) },
      owner.token,
    );
  }
  return {
    members,
    pairs,
    group: { sessionId: created.sessionId, memberIds: [owner.id, ...others.map((m) => m.id)] },
  };
};
