import { ErrorCode } from '@chatpay/shared';
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../db/connection.ts';
import { AppError } from '../../../lib/errors.ts';
import { users } from '../../user/index.ts';
import { chatMembers, chatMessages, chatSessions, friends } from '../tables.ts';

export type SessionKind = 'friend' | 'service' | 'mcc' | 'group';
export type SessionRow = typeof chatSessions.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;

/** The same key for a pair whoever asks: 'smaller:larger'. */
export const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** My member row of a session; a stranger (or no such session) gets "Session does not exist". */
export const memberOf = async (exec: Executor, sessionId: number, userId: number): Promise<MemberRow> => {
  const [row] = await exec
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)));
  if (!row) throw new AppError(ErrorCode.SessionNotFound);
  return row;
};

export const sessionById = async (exec: Executor, id: number): Promise<SessionRow> => {
  const [row] = await exec.select().from(chatSessions).where(eq(chatSessions.id, id));
  if (!row) throw new AppError(ErrorCode.SessionNotFound);
  return row;
};

/** The other member of a single session. */
export const peerOf = async (exec: Executor, sessionId: number, userId: number) => {
  const [row] = await exec
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.sessionId, sessionId), ne(chatMembers.userId, userId)));
  return row?.userId ?? null;
};

export const areFriends = async (exec: Executor, a: number, b: number) => {
  const [row] = await exec
    .select({ id: friends.userId })
    .from(friends)
    .where(and(eq(friends.userId, a), eq(friends.friendId, b)));
  return row !== undefined;
};

/**
 * Finds or creates the pair's single session (unique on (type, pair_key), so concurrent opens get one) with
 * both members. `a` opens it: it shows in a's list at once, in b's from the first message. A `service` or
 * `mcc` open upgrades a `friend` session, so the pair may talk without being friends; `friend` never
 * downgrades (delFriend does that).
 */
export const openSingleSession = async (tx: Tx, a: number, b: number, kind: SessionKind) => {
  const pairKey = pairKeyOf(a, b);
  await tx
    .insert(chatSessions)
    .values({ type: 'single', kind, pairKey })
    .onConflictDoNothing({ target: [chatSessions.type, chatSessions.pairKey] });
  // Locks are always taken session row first, then member rows (as storeMessage does): no deadlocks.
  const [session] = await tx
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.type, 'single'), eq(chatSessions.pairKey, pairKey)))
    .for('update');
  // The peer's row starts hidden: a session nobody has written in yet does not appear in their list.
  await tx
    .insert(chatMembers)
    .values([
      { sessionId: session!.id, userId: a },
      { sessionId: session!.id, userId: b, isDelete: true },
    ])
    .onConflictDoNothing();
  await tx
    .update(chatMembers)
    .set({ isDelete: false })
    .where(
      and(eq(chatMembers.sessionId, session!.id), eq(chatMembers.userId, a), eq(chatMembers.isDelete, true)),
    );
  if (kind !== 'friend' && session!.kind === 'friend') {
    await tx.update(chatSessions).set({ kind }).where(eq(chatSessions.id, session!.id));
  }
  return session!;
};

export const findSingleSession = async (exec: Executor, a: number, b: number) => {
  const [row] = await exec
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.type, 'single'), eq(chatSessions.pairKey, pairKeyOf(a, b))));
  return row ?? null;
};

const peer = alias(chatMembers, 'peer');
const peerUser = alias(users, 'peer_user');
const sender = alias(users, 'sender');

const lastChat = sql`coalesce(${chatSessions.lastChatTime}, ${chatSessions.updateTime})`;

/** Everything a session view needs, for one member: the session, my row, the peer, the last message. */
const viewQuery = (exec: Executor, userId: number) =>
  exec
    .select({
      session: chatSessions,
      member: chatMembers,
      peerReadSeq: peer.readSeq,
      peer: {
        id: peerUser.id,
        username: peerUser.username,
        nickName: peerUser.nickName,
        avatar: peerUser.avatar,
      },
      remark: friends.remark,
      last: {
        id: chatMessages.id,
        seq: chatMessages.seq,
        contentType: chatMessages.contentType,
        content: chatMessages.content,
      },
      sender: { id: sender.id, username: sender.username, nickName: sender.nickName, avatar: sender.avatar },
    })
    .from(chatMembers)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMembers.sessionId))
    // Only a single session has one peer; a group's members come from the group module.
    .leftJoin(
      peer,
      and(
        eq(chatSessions.type, 'single'),
        eq(peer.sessionId, chatSessions.id),
        ne(peer.userId, chatMembers.userId),
      ),
    )
    .leftJoin(peerUser, eq(peerUser.id, peer.userId))
    .leftJoin(friends, and(eq(friends.userId, chatMembers.userId), eq(friends.friendId, peer.userId)))
    .leftJoin(chatMessages, eq(chatMessages.id, chatSessions.lastMessageId))
    .leftJoin(sender, eq(sender.id, chatMessages.senderId))
    .where(eq(chatMembers.userId, userId))
    .$dynamic();

export type SessionViewRow = Awaited<ReturnType<typeof viewQuery>>[number];

export const sessionViewRow = async (exec: Executor, userId: number, sessionId: number) => {
  const [row] = await viewQuery(exec, userId).where(
    and(eq(chatMembers.userId, userId), eq(chatMembers.sessionId, sessionId)),
  );
  if (!row) throw new AppError(ErrorCode.SessionNotFound);
  return row;
};

/**
 * Search: my sessions that are either one of `groupSessionIds` or a single session in my list whose
 * peer's name (my remark or their nickname) matches `pattern` (ILIKE, wildcards escaped); newest chat first.
 */
export const sessionViewsNamed = (
  exec: Executor,
  userId: number,
  pattern: string,
  groupSessionIds: number[],
  limit: number,
) =>
  viewQuery(exec, userId)
    .where(
      and(
        eq(chatMembers.userId, userId),
        or(
          and(
            eq(chatSessions.type, 'single'),
            eq(chatMembers.isDelete, false),
            or(sql`${friends.remark} ilike ${pattern}`, sql`${peerUser.nickName} ilike ${pattern}`),
          ),
          groupSessionIds.length > 0 ? inArray(chatSessions.id, groupSessionIds) : undefined,
        ),
      ),
    )
    .orderBy(desc(lastChat), desc(chatSessions.id))
    .limit(limit);

/** My views of these sessions (those I am a member of). */
export const sessionViewsOf = (exec: Executor, userId: number, sessionIds: number[]) =>
  sessionIds.length === 0
    ? Promise.resolve([])
    : viewQuery(exec, userId).where(
        and(eq(chatMembers.userId, userId), inArray(chatMembers.sessionId, sessionIds)),
      );

/**
 * My visible sessions: pinned first, then by last chat time, then by id. In two steps so a long list costs
 * little: the page's session ids are picked from my member rows and their sessions' sort keys alone (the
 * whole list's size comes with them, a window over the rows that sort reads anyway); only those sessions get
 * the joins of a full view (peer, names, last message, sender). A session that leaves my list between the two
 * reads is left out of the page.
 */
export const sessionViewPage = async (
  exec: Executor,
  userId: number,
  opts: { page: number; size: number; sort: 'asc' | 'desc' },
) => {
  const visible: SQL = and(eq(chatMembers.userId, userId), eq(chatMembers.isDelete, false))!;
  const order = opts.sort === 'asc' ? asc : desc;
  const picked = await exec
    .select({ sessionId: chatMembers.sessionId, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(chatMembers)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMembers.sessionId))
    .where(visible)
    .orderBy(desc(chatMembers.isTop), order(lastChat), order(chatSessions.id))
    .limit(opts.size)
    .offset((opts.page - 1) * opts.size);
  if (picked.length === 0) {
    // Past the end of the list: no row carried the count.
    const [count] = await exec.select({ total: sql<number>`count(*)::int` }).from(chatMembers).where(visible);
    return { rows: [], total: count?.total ?? 0 };
  }
  const views = await sessionViewsOf(
    exec,
    userId,
    picked.map((p) => p.sessionId),
  );
  const byId = new Map(views.map((v) => [v.session.id, v]));
  const rows = picked.flatMap((p) => byId.get(p.sessionId) ?? []);
  return { rows, total: picked[0]!.total };
};

/** Whether the member is in the session now (a removed group member is not). */
export const isSessionMember = async (exec: Executor, sessionId: number, userId: number) => {
  const [row] = await exec
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)));
  return row !== undefined;
};

/**
 * What a notification about a new message needs: whether the member wants notifications of the session
 * (`useNotify`, docs/product.md#sessions), their unread count, and the session type. Null when they left the
 * session.
 */
export const notifyStateOf = async (exec: Executor, sessionId: number, userId: number) => {
  const [row] = await exec
    .select({
      useNotify: chatMembers.useNotify,
      unread: sql<number>`greatest(${chatSessions.lastSeq} - ${chatMembers.readSeq}, 0)::int`,
      type: chatSessions.type,
    })
    .from(chatMembers)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMembers.sessionId))
    .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)));
  return row ?? null;
};

/** The other member of a single session `userId` belongs to (typing indicator); null otherwise. */
export const singlePeerOf = async (exec: Executor, sessionId: number, userId: number) => {
  const [row] = await exec
    .select({ peerId: peer.userId })
    .from(chatMembers)
    .innerJoin(chatSessions, and(eq(chatSessions.id, chatMembers.sessionId), eq(chatSessions.type, 'single')))
    .innerJoin(peer, and(eq(peer.sessionId, chatMembers.sessionId), ne(peer.userId, chatMembers.userId)))
    .where(and(eq(chatMembers.sessionId, sessionId), eq(chatMembers.userId, userId)));
  return row?.peerId ?? null;
};
