import { randomUUID } from 'node:crypto';
import { friendApi, groupApi } from '@chatpay/shared';
import { hash } from '@node-rs/argon2';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { TokenService } from '../apps/server/src/modules/user/tokens.ts';

export interface SeededMember {
  id: number;
  token: string;
}
export interface Seed {
  members: SeededMember[];
  /** Single sessions of friend pairs (members 2k and 2k+1). */
  pairs: { sessionId: number; a: number; b: number }[];
  group: { sessionId: number; memberIds: number[] };
}

/**
 * Members straight into the database (one password hash for all, tokens signed with the server's secret), then
 * friendships and the big group through the server's HTTP API, as members would make them.
 */
export const seedChat = async (opts: {
  databaseUrl: string;
  jwtSecret: string;
  serverUrl: string;
  members: number;
  groupSize: number;
}): Promise<Seed> => {
  const { db, close } = await openDatabase({ url: opts.databaseUrl, dataDir: null });
  const passwordHash = await hash('bench-pass-1');
  const run = randomUUID().slice(0, 6);
  const rows: { id: number }[] = [];
  for (let start = 0; start < opts.members; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, opts.members - start) }, (_, k) => {
      const i = start + k;
      return {
        username: `chatbench_${run}_${i}`,
        passwordHash,
        nickName: `Member ${i}`,
        memberId: String(900_000_000 + i),
        shareCode: `B${run}${i}`.toUpperCase().slice(0, 16),
      };
    });
    rows.push(...(await db.insert(users).values(batch).returning({ id: users.id })));
  }
  const tokens = new TokenService(db, opts.jwtSecret);
  const members: SeededMember[] = [];
  for (const row of rows) {
    const login = await tokens.startSession(db, { id: row.id, roles: ['user'] });
    members.push({ id: row.id, token: login.token });
  }
  await close();

  const post = async (path: string, body: unknown, token: string) => {
    const res = await fetch(`${opts.serverUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: unknown; message: string };
    if (json.code !== 1000) throw new Error(`${path}: ${json.code} ${json.message}`);
    return json.data;
  };
  const befriend = async (a: SeededMember, b: SeededMember) => {
    const asked = (await post(friendApi.addFriend.path, { userId: b.id, message: 'hi' }, a.token)) as {
      id: number;
    };
    const done = (await post(friendApi.confirmFriend.path, { id: asked.id, agree: true }, b.token)) as {
      sessionId: number;
    };
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
  const created = (await post(
    groupApi.create.path,
    { userIds: others.slice(0, 100).map((m) => m.id), name: 'Bench group' },
    owner.token,
  )) as { groupId: number; sessionId: number };
  for (let i = 100; i < others.length; i += 100) {
    await post(
      groupApi.invite.path,
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
