import { ErrorCode } from '@chatpay/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { users } from '../user/index.ts';
import { c2cMerchants, c2cTrusted } from './tables.ts';

/** Which of `ids` the viewer marked as trusted. */
export const trustedAmong = async (exec: Executor, viewerId: number, ids: number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await exec
    .select({ id: c2cTrusted.trustedId })
    .from(c2cTrusted)
    .where(and(eq(c2cTrusted.userId, viewerId), inArray(c2cTrusted.trustedId, ids)));
  return new Set(rows.map((r) => r.id));
};

/** A member's trusted list: counterparties they vouch for (docs/design/market.md, "Trust"). */
export class TrustedService {
  constructor(private readonly db: Db) {}

  async add(userId: number, trustedId: number) {
    if (trustedId === userId) throw new AppError(ErrorCode.CannotTradeWithSelf);
    const [target] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, trustedId), eq(users.disabled, false)));
    if (!target) throw new AppError(ErrorCode.UserNotFound);
    await this.db.insert(c2cTrusted).values({ userId, trustedId }).onConflictDoNothing();
    return { ok: true as const };
  }

  async remove(userId: number, trustedId: number) {
    await this.db
      .delete(c2cTrusted)
      .where(and(eq(c2cTrusted.userId, userId), eq(c2cTrusted.trustedId, trustedId)));
    return { ok: true as const };
  }

  async list(userId: number) {
    const rows = await this.db
      .select({
        userId: c2cTrusted.trustedId,
        nickName: users.nickName,
        merchantName: c2cMerchants.name,
        merchantStatus: c2cMerchants.status,
        avatar: users.avatar,
        createTime: c2cTrusted.createTime,
      })
      .from(c2cTrusted)
      .innerJoin(users, eq(users.id, c2cTrusted.trustedId))
      .leftJoin(c2cMerchants, eq(c2cMerchants.userId, c2cTrusted.trustedId))
      .where(eq(c2cTrusted.userId, userId))
      .orderBy(desc(c2cTrusted.createTime));
    return {
      list: rows.map((r) => ({
        userId: r.userId,
        name: (r.merchantStatus === 'approved' && r.merchantName) || r.nickName,
        avatar: r.avatar,
        createTime: r.createTime.toISOString(),
      })),
    };
  }
}
