import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connection.ts';
import { users } from '../../user/index.ts';
import { pairKeyOf } from '../session/queries.ts';
import { chatSessions, friendRequests, friends } from '../tables.ts';

/** The columns anyone may see of a member (never a hash, token, phone or note). */
export const publicColumns = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  avatar: users.avatar,
  memberId: users.memberId,
  description: users.description,
};
export type PublicUserRow = { [K in keyof typeof publicColumns]: (typeof publicColumns)[K]['_']['data'] };

/**
 * By exact user name (any case) or exact member id; disabled members are never found. No prefix or partial
 * match: search cannot list members (docs/security.md).
 */
export const searchUsers = (exec: Executor, keyword: string, limit = 20) =>
  exec
    .select(publicColumns)
    .from(users)
    .where(
      and(
        eq(users.disabled, false),
        or(sql`lower(${users.username}) = lower(${keyword})`, eq(users.memberId, keyword)),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);

/** One member by exact user name, member id or share code. */
export const findUserByKeyword = async (exec: Executor, keyword: string) => {
  const [row] = await exec
    .select(publicColumns)
    .from(users)
    .where(
      and(
        eq(users.disabled, false),
        or(
          sql`lower(${users.username}) = lower(${keyword})`,
          eq(users.memberId, keyword),
          eq(users.shareCode, keyword.toUpperCase()),
        ),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
};

export const findUserById = async (exec: Executor, id: number) => {
  const [row] = await exec
    .select(publicColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.disabled, false)));
  return row ?? null;
};

export const friendIdsOf = async (exec: Executor, userId: number) => {
  const rows = await exec.select({ id: friends.friendId }).from(friends).where(eq(friends.userId, userId));
  return new Set(rows.map((r) => r.id));
};

export const pendingBetween = async (exec: Executor, a: number, b: number, lock = false) => {
  const q = exec
    .select()
    .from(friendRequests)
    .where(and(eq(friendRequests.pairKey, pairKeyOf(a, b)), eq(friendRequests.status, 'pending')));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
};

const sessionOfPair = and(
  eq(chatSessions.type, 'single'),
  sql`${chatSessions.pairKey} = least(${friends.userId}, ${friends.friendId})::text || ':' || greatest(${friends.userId}, ${friends.friendId})::text`,
);

/** My friends with their single session, A-Z by nick name; optionally filtered and paged. */
export const friendRows = (exec: Executor, userId: number, filter?: SQL) =>
  exec
    .select({
      user: publicColumns,
      remark: friends.remark,
      createTime: friends.createTime,
      sessionId: chatSessions.id,
    })
    .from(friends)
    .innerJoin(users, eq(users.id, friends.friendId))
    .leftJoin(chatSessions, sessionOfPair)
    .where(and(eq(friends.userId, userId), filter))
    .orderBy(asc(sql`lower(${users.nickName})`), asc(users.id))
    .$dynamic();

export const friendFilter = (keyword: string | undefined) => {
  if (!keyword) return undefined;
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  return or(
    sql`lower(${users.nickName}) like ${like}`,
    sql`lower(${users.username}) like ${like}`,
    sql`lower(${friends.remark}) like ${like}`,
  );
};
