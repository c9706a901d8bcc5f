import { adminUserApi } from '@chatpay/shared';
import { count, desc, ilike, or } from 'drizzle-orm';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { users } from './tables.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const registerAdminUserRoutes = (deps: AppDeps) => {
  route(deps, adminUserApi.page, async ({ page, size, keyword }) => {
    const where = keyword
      ? or(
          ilike(users.username, `%${escapeLike(keyword)}%`),
          ilike(users.nickName, `%${escapeLike(keyword)}%`),
          ilike(users.memberId, `%${escapeLike(keyword)}%`),
        )
      : undefined;
    const [rows, [total]] = await Promise.all([
      deps.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.id))
        .limit(size)
        .offset((page - 1) * size),
      deps.db.select({ n: count() }).from(users).where(where),
    ]);
    return {
      list: rows.map((u) => ({
        id: u.id,
        username: u.username,
        nickName: u.nickName,
        memberId: u.memberId,
        role: u.roles,
        createTime: u.createTime.toISOString(),
      })),
      pagination: { page, size, total: total?.n ?? 0 },
    };
  });
};
