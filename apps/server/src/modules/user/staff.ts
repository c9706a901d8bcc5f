import { ErrorCode, LoggedOutReason, Role } from '@chatpay/shared';
import { and, arrayOverlaps, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { recordAudit } from '../audit/index.ts';
import { endUserSessions } from './service.ts';
import { users } from './tables.ts';

type UserRow = typeof users.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const presentMember = (u: UserRow) => ({
  id: u.id,
  username: u.username,
  nickName: u.nickName,
  memberId: u.memberId,
  role: u.roles,
  frozen: u.disabled,
  createTime: u.createTime.toISOString(),
});

export interface SessionDeps {
  db: Db;
  realtime: Realtime;
  clock: Clock;
}

/** Refuses money movement for a frozen account (the caller's own or a counterparty's). */
export const assertNotFrozen = async (exec: Executor, userId: number) => {
  const [row] = await exec.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId));
  if (row?.disabled) throw new AppError(ErrorCode.AccountFrozen);
};

const findMember = async (exec: Executor, userId: number) => {
  const [row] = await exec.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(ErrorCode.MemberNotFound);
  return row;
};

const STAFF = [Role.Support, Role.Admin];

/** Staff accounts, member search and the incident calls. Every change is audited. */
export class StaffService {
  constructor(private readonly deps: SessionDeps) {}

  private get db() {
    return this.deps.db;
  }

  async search(input: {
    page: number;
    size: number;
    keyword?: string | undefined;
    frozen?: boolean | undefined;
    staffOnly?: boolean;
    sort?: 'id' | 'createTime' | 'username';
    order?: 'asc' | 'desc';
  }) {
    const conditions: SQL[] = [];
    if (input.keyword) {
      const like = `%${escapeLike(input.keyword)}%`;
      conditions.push(
        or(
          ilike(users.username, like),
          ilike(users.nickName, like),
          ilike(users.memberId, like),
          /^\d{1,9}$/.test(input.keyword) ? eq(users.id, Number(input.keyword)) : undefined,
        )!,
      );
    }
    if (input.frozen !== undefined) conditions.push(eq(users.disabled, input.frozen));
    if (input.staffOnly) conditions.push(arrayOverlaps(users.roles, STAFF));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const column = { id: users.id, createTime: users.createTime, username: users.username }[
      input.sort ?? 'id'
    ];
    const orderBy = input.order === 'asc' ? asc(column) : desc(column);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(orderBy, desc(users.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return {
      list: rows.map(presentMember),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }

  async freeze(actorId: number, input: { userId: number; frozen: boolean; reason: string }) {
    if (actorId === input.userId) throw new AppError(ErrorCode.DutySeparation);
    const row = await this.db.transaction(async (tx) => {
      await findMember(tx, input.userId);
      const [updated] = await tx
        .update(users)
        .set({ disabled: input.frozen, updateTime: new Date() })
        .where(eq(users.id, input.userId))
        .returning();
      await recordAudit(tx, {
        actorId,
        action: input.frozen ? 'admin:user:freeze' : 'admin:user:unfreeze',
        targetUserId: input.userId,
        reason: input.reason,
      });
      return updated!;
    });
    // The member's clients say "frozen by an operator"; the operator's reason stays in the audit log.
    if (input.frozen) await endUserSessions(this.deps, input.userId, LoggedOutReason.Frozen);
    return presentMember(row);
  }

  async logout(actorId: number, userId: number) {
    await this.db.transaction(async (tx) => {
      await findMember(tx, userId);
      await recordAudit(tx, { actorId, action: 'admin:user:logout', targetUserId: userId });
    });
    await endUserSessions(this.deps, userId, 'forced logout');
    return { ok: true as const };
  }

  async unlockPin(actorId: number, userId: number) {
    if (actorId === userId) throw new AppError(ErrorCode.DutySeparation);
    await this.db.transaction(async (tx) => {
      await findMember(tx, userId);
      await tx.update(users).set({ pinFailures: 0, pinLockedUntil: null }).where(eq(users.id, userId));
      await recordAudit(tx, { actorId, action: 'admin:user:unlockPin', targetUserId: userId });
    });
    return { ok: true as const };
  }

  /**
   * The member a console field names (docs/product.md#naming-a-member): the member id members see, else the
   * user name, both exact. The internal id is not accepted: staff never see it in a form.
   */
  async resolve(who: string) {
    const [byMemberId] = await this.db.select().from(users).where(eq(users.memberId, who));
    if (byMemberId) return byMemberId;
    const [byName] = await this.db.select().from(users).where(sql`lower(${users.username}) = lower(${who})`);
    if (!byName) throw new AppError(ErrorCode.MemberNotFound);
    return byName;
  }

  async member(userId: number) {
    return findMember(this.db, userId);
  }
}
