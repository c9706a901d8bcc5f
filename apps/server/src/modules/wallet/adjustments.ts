import { ErrorCode, formatUsdt, type Micro, micro } from '@chatpay/shared';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import {
  ensureMemberAccounts,
  ensureSystemAccount,
  ledgerAccounts,
  postEntry,
  SystemAccount,
} from '../ledger/index.ts';
import { walletAdjustRequests } from './tables.ts';

type RequestRow = typeof walletAdjustRequests.$inferSelect;

const present = (r: RequestRow) => ({
  id: r.id,
  userId: r.userId,
  amount: formatUsdt(micro(r.amount)),
  reason: r.reason,
  status: r.status as 'pending' | 'approved' | 'rejected',
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

/**
 * Maker-checker for admin credits above the approval cap (separation of duties): the maker's call
 * files a request, a different admin approves (the entry is posted) or rejects it.
 */
export class AdjustmentService {
  constructor(private readonly db: Db) {}

  /** Files a request (idempotent by maker and requestId) and audits it. */
  async request(
    makerId: number,
    input: { userId: number; amount: Micro; reason: string; requestId: string },
  ) {
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(walletAdjustRequests)
        .values({
          userId: input.userId,
          amount: input.amount,
          reason: input.reason,
          requestId: input.requestId,
          makerId,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        const [first] = await tx
          .select()
          .from(walletAdjustRequests)
          .where(
            and(
              eq(walletAdjustRequests.makerId, makerId),
              eq(walletAdjustRequests.requestId, input.requestId),
            ),
          );
        if (!first || first.userId !== input.userId || first.amount !== input.amount) {
          throw new AppError(ErrorCode.IdempotencyConflict);
        }
        return first;
      }
      await recordAudit(tx, {
        actorId: makerId,
        action: 'usdt:wallet:adjust-request',
        targetUserId: input.userId,
        amount: input.amount,
        reason: input.reason,
        requestId: input.requestId,
      });
      return created;
    });
  }

  async page(input: {
    page: number;
    size: number;
    status?: 'pending' | 'approved' | 'rejected' | undefined;
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
      if (decision === 'approve' && r.makerId === checkerId) throw new AppError(ErrorCode.DutySeparation);
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
