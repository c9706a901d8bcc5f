import type { ChatSession } from '@chatpay/shared';
import type { Executor } from '../../db/connection.ts';

/**
 * How a group session looks in a member's session list (docs/product.md#sessions: name, headimgs, groupInfo).
 */
export interface GroupSessionView {
  name: string;
  headimgs: string;
  groupInfo: NonNullable<ChatSession['groupInfo']>;
}

/**
 * What chat needs to know about group sessions. Chat does not import the group module (group builds on
 * chat: it opens sessions and posts notices through chat's functions); the group module provides this port
 * when it registers, so the dependency points one way.
 */
export interface GroupPort {
  /**
   * Throws unless `userId` may send in the group session: SessionNotFound for a non-member, GroupDissolved,
   * Muted (docs/product.md#groups). Locks the group row first (lock order: group, session, members).
   */
  assertCanSend(tx: Executor, sessionId: number, userId: number): Promise<void>;
  /** Name, avatars and group info of the given group sessions, by session id. */
  describe(exec: Executor, sessionIds: number[]): Promise<Map<number, GroupSessionView>>;
  /**
   * Search: the sessions of my groups whose name matches `pattern` (an ILIKE pattern, its
   * wildcards already escaped), at most `limit`.
   */
  sessionsNamed(exec: Executor, userId: number, pattern: string, limit: number): Promise<number[]>;
  /** The session of `groupId` when `userId` is a member of the group, else null. */
  sessionOfMember(exec: Executor, groupId: number, userId: number): Promise<number | null>;
}

let port: GroupPort | null = null;

/** Called once by the group module at start-up. */
export const provideGroupPort = (groups: GroupPort) => {
  port = groups;
};

export const groupPort = (): GroupPort => {
  if (!port) throw new Error('group sessions are not available: the group module has not registered');
  return port;
};
