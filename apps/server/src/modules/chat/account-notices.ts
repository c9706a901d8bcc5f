import { Role } from '@chatpay/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type AccountNoticePort, users } from '../user/index.ts';
import { deliver } from './message/store.ts';
import { postNotice } from './session/membership.ts';
import { openSingleSession } from './session/queries.ts';

/**
 * Account notices (a PIN change) for the user module: a system notice in the member's customer-service
 * session, from the first support account, delivered at once. Without a support account nothing is posted.
 */
export const accountNoticePort: AccountNoticePort = {
  notify: async (db, realtime, userId, content) => {
    const [support] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${Role.Support} = any(${users.roles})`, eq(users.disabled, false)))
      .orderBy(asc(users.id))
      .limit(1);
    if (!support || support.id === userId) return;
    const stored = await db.transaction(async (tx) => {
      const session = await openSingleSession(tx, userId, support.id, 'service');
      return postNotice(tx, { sessionId: session.id, senderId: support.id, content });
    });
    deliver(realtime, stored);
  },
};
