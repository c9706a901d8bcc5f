import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { TokenService } from '../apps/server/src/modules/user/tokens.ts';

export interface SeededMember {
  id: number;
  token: string;
  username: string;
}

/** The password of every seeded member. */
export const SEED_PASSWORD = 'bench-pass-1';

/**
 * `count` members straight into the database (one password hash for all, so seeding 10,000 takes seconds, not
 * minutes of argon2), each with a login token signed with the server's secret.
 */
export const seedMembers = async (
  databaseUrl: string,
  jwtSecret: string,
  count: number,
  prefix: string,
): Promise<SeededMember[]> => {
  const { db, close } = await openDatabase({ url: databaseUrl, dataDir: null });
  try {
    const passwordHash = await hash(SEED_PASSWORD);
    const run = randomUUID().slice(0, 6);
    // Consecutive member ids from a random start: random ones collided at 20,000 members.
    const firstMemberId = Math.floor(Math.random() * 90_000_000);
    const rows: { id: number; username: string }[] = [];
    for (let start = 0; start < count; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
        const i = start + k;
        return {
          username: `${prefix}_${run}_${i}`,
          passwordHash,
          nickName: `Member ${i}`,
          memberId: String(900_000_000 + ((firstMemberId + i) % 90_000_000)),
          shareCode: `B${run}${i}`.toUpperCase().slice(0, 16),
        };
      });
      rows.push(
        ...(await db.insert(users).values(batch).returning({ id: users.id, username: users.username })),
      );
    }
    const tokens = new TokenService(db, jwtSecret, systemClock, {
      member: 30 * 86_400_000,
      staff: 12 * 3_600_000,
    });
    const members: SeededMember[] = [];
    for (const row of rows) {
      const login = await tokens.startSession(db, { id: row.id, roles: ['user'] }, new Date());
      members.push({ id: row.id, token: login.token, username: row.username });
    }
    return members;
  } finally {
    await close();
  }
};
