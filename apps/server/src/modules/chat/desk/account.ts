import { Role } from '@chatpay/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/connection.ts';
import { users } from '../../user/index.ts';

/**
 * The shared customer-service account behind `session/checkService`: the first active support account
 * (seeded as user `support`, see ../seed.ts). Null when there is none.
 */
export const serviceAccountId = async (exec: Executor): Promise<number | null> => {
  const [support] = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${Role.Support} = any(${users.roles})`, eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .limit(1);
  return support?.id ?? null;
};
