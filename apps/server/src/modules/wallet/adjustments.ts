import {
  type adjustmentStatuses,
  ErrorCode,
  formatUsdt,
  type Micro,
  micro,
  parseSignedUsdt,
} from '@chatpay/shared';
import { and, asc, count, desc, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { recordAudit } from '../audit/index.ts';
import {
  ensureMemberAccounts,
  ensureSystemAccount,
  ledgerAccounts,
  postEntry,
  SystemAccount,
} from '../ledger/index.ts';
import { assertIndependentChecker, users } from '../user/index.ts';
import { walletAdjustRequests } from './tables.ts';

type RequestRow = typeof walletAdjustRequests.$inferSelect;
type AdjustmentStatus = (typeof adjustmentStatuses)[number];

const present = (r: RequestRow) => ({
  id: r.id,
  userId: r.userId,
  amount: formatUsdt(micro(r.amount)),
  reason: r.reason,
  status: r.status as AdjustmentStatus,
  makerId: r.makerId,
  checkerId: r.checkerId,
  entryId: r.entryId,
  note: r.note,
  createTime: r.createTime.toISOString(),
  decideTime: r.decideTime?.toISOString() ?? null,
});

/** Posts an adjustment: credit (positive, from `external`) or debit (negative, to `external`), audited once. */
export const postAdjustment = async (
  tx: Executor,
  input: { actorId: number; userId: number; amount: Micro; reason: string; key: string; requestId: string },
) => {
  const external = await ensureSystemAccount(tx, SystemAccount.External);
  const member = (await ensureMemberAccounts(tx, [input.userId])).get(input.userId)!;
  const posted = await postEntry(tx, {
    key: input.key,
    kind: 'adjust',
    legs: [
      { accountId: member.available, amount: input.amount },
      { accountId: external, amount: micro(-input.amount) },
    ],
    memo: input.reason,
    ref: { type: 'user', id: String(input.userId) },
    createdBy: input.actorId,
  });
  if (!posted.replayed) {
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'usdt:wallet:adjust',
      targetUserId: input.userId,
      amount: input.amount,
      reason: input.reason,
      requestId: input.requestId,
      entryId: posted.id,
    });
  }
  return posted;
};

/** The namespace of the per-maker advisory lock that serialises a maker's adjustments. */
const ADJUST_LOCK = 7_418_002;
const DAY_MS = 24 * 3600 * 1000;

const abs = (n: bigint) => (n < 0n ? -n : n);

/** The adjust call's answer: the entry when posted, the request while it waits for a second admin. */
const presentAdjust = (r: RequestRow) => {
  const posted = r.status === 'posted';
  return {
    id: posted ? r.entryId : null,
    status: posted ? ('posted' as const) : ('pending' as const),
    approvalId: posted ? null : r.id,
    userId: r.userId,
    amount: formatUsdt(micro(r.amount)),
    reason: r.reason,
    createTime: r.createTime.toISOString(),
  };
};

export interface AdjustCaps {
  /** A single adjustment above this (micro-USDT, absolute) waits for a second admin. */
  approval: bigint;
  /** A maker's rolling 24 h total above this (micro-USDT, absolute values) waits for a second admin. */
  daily: bigint;
}

/**
 * Admin adjustments with separation of duties (docs/security.md, "Ledger adjustments"): every adjustment is a
 * row; under both caps it posts at once, else it waits for an independent admin to approve or reject it.
 */
export class AdjustmentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly caps: AdjustCaps,
    private readonly realtime: Realtime,
  ) {}

  /** The member's balances follow a posted adjustment live, whatever page is open. */
  private tellMember(r: RequestRow) {
    if (r.entryId === null) return;
    this.realtime.emitToUser(r.userId, 'wallet', {
      kind: 'adjusted',
      entryId: r.entryId,
      amount: formatUsdt(micro(r.amount)),
    });
  }

  /**
   * Credit (positive) or debit (negative) a member, never the maker's own account. The maker's rolling total
   * is read and the row written under the maker's advisory lock, so two adjustments at once see each other;
   * a retry with the same requestId answers the same row.
   */
  async adjust(
    makerId: number,
    input: { userId: number; amount: string; reason: string; requestId: string },
  ) {
    const amount = parseSignedUsdt(input.amount);
    if (input.userId === makerId) throw new AppError(ErrorCode.DutySeparation);
    const [target] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!target) throw new AppError(ErrorCode.MemberNotFound);
    const row = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADJUST_LOCK}, ${makerId})`);
      const [first] = await tx
        .select()
        .from(walletAdjustRequests)
        .where(
          and(eq(walletAdjustRequests.makerId, makerId), eq(walletAdjustRequests.requestId, input.requestId)),
        );
      if (first) {
        if (first.userId !== input.userId || first.amount !== amount)
          throw new AppError(ErrorCode.IdempotencyConflict);
        return first;
      }
      const now = this.clock.now();
      const [window] = await tx
        .select({ total: sql<string>`coalesce(sum(abs(${walletAdjustRequests.amount})), 0)` })
        .from(walletAdjustRequests)
        .where(
          and(
            eq(walletAdjustRequests.makerId, makerId),
            gt(walletAdjustRequests.createTime, new Date(now.getTime() - DAY_MS)),
            ne(walletAdjustRequests.status, 'rejected'),
          ),
        );
      const alone =
        abs(amount) <= this.caps.approval && BigInt(window?.total ?? 0) + abs(amount) <= this.caps.daily;
      const [created] = await tx
        .insert(walletAdjustRequests)
        .values({
          userId: input.userId,
          amount,
          reason: input.reason,
          requestId: input.requestId,
          makerId,
          status: alone ? 'posted' : 'pending',
          createTime: now,
        })
        .returning();
      if (!alone) {
        await recordAudit(tx, {
          actorId: makerId,
          action: 'usdt:wallet:adjust-request',
          targetUserId: input.userId,
          amount,
          reason: input.reason,
          requestId: input.requestId,
        });
        return created!;
      }
      const posted = await postAdjustment(tx, {
        actorId: makerId,
        userId: input.userId,
        amount,
        reason: input.reason,
        key: `adjust:${makerId}:${input.requestId}`,
        requestId: input.requestId,
      });
      const [done] = await tx
        .update(walletAdjustRequests)
        .set({ entryId: posted.id, decideTime: now })
        .where(eq(walletAdjustRequests.id, created!.id))
        .returning();
      return done!;
    });
    this.tellMember(row);
    return presentAdjust(row);
  }

  async page(input: {
    page: number;
    size: number;
    status?: AdjustmentStatus | undefined;
    order: 'asc' | 'desc';
  }) {
    const conditions: SQL[] = [];
    if (input.status) conditions.push(eq(walletAdjustRequests.status, input.status));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(walletAdjustRequests)
        .where(where)
        .orderBy(input.order === 'asc' ? asc(walletAdjustRequests.id) : desc(walletAdjustRequests.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db.select({ n: count() }).from(walletAdjustRequests).where(where),
    ]);
    return {
      list: rows.map(present),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }

  async decide(checkerId: number, id: number, decision: 'approve' | 'reject', note = '') {
    const row = await this.db.transaction(async (tx) => {
      const [r] = await tx
        .select()
        .from(walletAdjustRequests)
        .where(eq(walletAdjustRequests.id, id))
        .for('update');
      if (!r) throw new AppError(ErrorCode.AdjustmentNotFound);
      if (r.status !== 'pending') throw new AppError(ErrorCode.AdjustmentNotPending);
      // Nobody decides an adjustment of their own account, either way.
      if (r.userId === checkerId) throw new AppError(ErrorCode.DutySeparation);
      if (decision === 'approve')
        await assertIndependentChecker(tx, { makerId: r.makerId, checkerId, targetUserId: r.userId });
      let entryId: number | null = null;
      if (decision === 'approve') {
        const posted = await postAdjustment(tx, {
          actorId: checkerId,
          userId: r.userId,
          amount: micro(r.amount),
          reason: r.reason,
          key: `adjust-request:${r.id}`,
          requestId: r.requestId,
        });
        entryId = posted.id;
      } else {
        await recordAudit(tx, {
          actorId: checkerId,
          action: 'usdt:wallet:adjust-reject',
          targetUserId: r.userId,
          amount: r.amount,
          reason: note,
          requestId: r.requestId,
        });
      }
      const [updated] = await tx
        .update(walletAdjustRequests)
        .set({
          status: decision === 'approve' ? 'approved' : 'rejected',
          checkerId,
          entryId,
          note,
          decideTime: new Date(),
        })
        .where(eq(walletAdjustRequests.id, id))
        .returning();
      return updated!;
    });
    this.tellMember(row);
    return present(row);
  }

  /** The system accounts of the books (fees, escrow, red packets, pay desk, chain) with their balances. */
  async systemAccounts() {
    const rows = await this.db
      .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'system'))
      .orderBy(asc(ledgerAccounts.code));
    return rows.map((r) => ({ code: r.code ?? '', balance: formatUsdt(micro(r.balance)) }));
  }
}
