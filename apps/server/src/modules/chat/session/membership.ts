import { and, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/connection.ts';
import { type StoredMessage, storeMessage } from '../message/store.ts';
import { chatMembers, chatSessions, friends } from '../tables.ts';
import { type NewSession, noticeMessage } from './opening.ts';

// What other modules may do to chat sessions (group creates and fills its session; c2c opens an order chat).
// Chat's tables are written only here and in chat's own services.

/** A new session with no members yet; answers its id. */
export const createSession = async (tx: Tx, input: NewSession) => {
  const [session] = await tx
    .insert(chatSessions)
    .values({
      type: input.type,
      kind: input.kind,
      pairKey: input.pairKey ?? null,
      trade: input.trade ?? null,
    })
    .returning({ id: chatSessions.id });
  return session!.id;
};

/** Records which group a group session belongs to. */
export const attachGroup = async (tx: Tx, sessionId: number, groupId: number) => {
  await tx.update(chatSessions).set({ groupId }).where(eq(chatSessions.id, sessionId));
};

/** Takes the session row lock (callers lock their own rows first) and answers its last seq. */
export const lockSession = async (tx: Tx, sessionId: number) => {
  const [row] = await tx
    .select({ lastSeq: chatSessions.lastSeq })
    .from(chatSessions)
    .where(eq(chatSessions.id, sessionId))
    .for('update');
  return row!.lastSeq;
};

/**
 * Adds members; each sees nothing from before `fromSeq` (cleared and read up to it). Members already there
 * are left as they are.
 */
export const addSessionMembers = async (tx: Tx, sessionId: number, userIds: number[], fromSeq = 0) => {
  if (userIds.length === 0) return;
  await tx
    .insert(chatMembers)
    .values(userIds.map((userId) => ({ sessionId, userId, readSeq: fromSeq, clearedSeq: fromSeq })))
    .onConflictDoNothing();
};

export const removeSessionMembers = async (tx: Tx, sessionId: number, userIds: number[]) => {
  if (userIds.length === 0) return;
  await tx
    .delete(chatMembers)
    .where(and(eq(chatMembers.sessionId, sessionId), inArray(chatMembers.userId, userIds)));
};

/**
 * A system notice in a session (group changes, order events). `key` makes it idempotent per sender when
 * given; otherwise each call posts a new notice. Deliver the answer after the commit.
 */
export const postNotice = (
  tx: Executor,
  input: { sessionId: number; senderId: number; content: Record<string, unknown>; key?: string },
): Promise<StoredMessage> => storeMessage(tx, { sessionId: input.sessionId, ...noticeMessage(input) });

/** Which of `ids` are friends of `userId`. */
export const friendsAmong = async (exec: Executor, userId: number, ids: number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await exec
    .select({ id: friends.friendId })
    .from(friends)
    .where(and(eq(friends.userId, userId), inArray(friends.friendId, ids)));
  return new Set(rows.map((r) => r.id));
};
