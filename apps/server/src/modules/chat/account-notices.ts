import { Role } from '@chatpay/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { AccountNoticePort } from '../../http/ports.ts';
import { ShortCache } from '../../lib/short-cache.ts';
import { users } from '../user/index.ts';
import { deliver, type StoredMessage } from './message/store.ts';
import { postNotice } from './session/membership.ts';
import { openSingleSession } from './session/queries.ts';

/** How long a process trusts its answer to "which account is customer service". */
const SUPPORT_TTL_MS = 60_000;
/** How long a process remembers a member's service session (it is never deleted, only hidden). */
const SERVICE_SESSION_TTL_MS = 10 * 60_000;

/**
 * Account notices (a PIN change, a transfer received, a merchant review) for the modules below chat
 * (http/ports.ts; app.ts builds one per app, so its caches are the app's): a system notice
 * in the member's customer-service session, from the first support account, delivered at once. Without a
 * support account nothing is posted.
 *
 * A notice follows every transfer, so its cost is on the payment path: the support account and
 * each member's service session are remembered per app. With both known, the notice is the message store
 * alone (one statement that also un-hides the session for both members, as opening it would); the first
 * notice to a member opens the session in a transaction as before. A service session is never deleted and
 * never changes kind again, so a remembered id stays right; a new support account is picked up within a
 * minute (notices meanwhile still come from the previous one, which is harmless).
 */
export const createAccountNoticePort = (): AccountNoticePort => {
  const supportCache = new ShortCache<'support', number | null>(SUPPORT_TTL_MS, 1);
  const serviceSessions = new ShortCache<string, number>(SERVICE_SESSION_TTL_MS);

  const supportId = async (db: Db) => {
    const known = supportCache.get('support');
    if (known !== undefined) return known;
    const ticket = supportCache.ticket();
    const [support] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${Role.Support} = any(${users.roles})`, eq(users.disabled, false)))
      .orderBy(asc(users.id))
      .limit(1);
    supportCache.set('support', support?.id ?? null, ticket);
    return support?.id ?? null;
  };

  return {
    notify: async (db, realtime, userId, content) => {
      const support = await supportId(db);
      if (support === null || support === userId) return;
      const key = `${userId}:${support}`;
      const sessionId = serviceSessions.get(key);
      let stored: StoredMessage;
      if (sessionId !== undefined) {
        stored = await postNotice(db, { sessionId, senderId: support, content });
      } else {
        const ticket = serviceSessions.ticket();
        stored = await db.transaction(async (tx) => {
          const session = await openSingleSession(tx, userId, support, 'service');
          return postNotice(tx, { sessionId: session.id, senderId: support, content });
        });
        serviceSessions.set(key, stored.message.sessionId, ticket);
      }
      deliver(realtime, stored);
    },
  };
};
