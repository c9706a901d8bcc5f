import type { ChatSession } from '@chatpay/shared';

/**
 * docs/product.md#errors "abnormal session": the server answered for a session, but its data does not hold
 * together (another session's id, a group session without its group, a one-to-one session without the other
 * member).
 */
export const isAbnormalSession = (session: ChatSession, sessionId: number) =>
  session.id !== sessionId ||
  (session.type === 'group') !== (session.groupInfo !== null) ||
  (session.type === 'single' && session.kind === 'friend' && session.userId === null);
