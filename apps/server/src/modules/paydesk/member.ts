import { randomInt } from 'node:crypto';
import { ErrorCode, PAY_ORDER_TTL_SECONDS, type PayOrder, type PayOrderStatus } from '@chatpay/shared';
import { and, desc, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import { appGoods } from '../../app/index.ts';
import { ensureMemberAccounts, ensureSystemAccount, postEntry, SystemAccount } from '../../ledger/index.ts';
import { verifyPin } from '../../user/index.ts';
import { payOrders } from '../tables.ts';
import { type PayOrderRow, presentOrder } from './presenter.ts';

/** `P` + UTC yyyyMMddHHmmss + 10 random digits: unique by index, sortable, nothing to guess from it. */
const newOrderNo = () => {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const random = `${randomInt(100_000)}`.padStart(5, '0') + `${randomInt(100_000)}`.padStart(5, '0');
  return `P${stamp}${random}`;
};

const isClosed = (row: PayOrderRow, now: Date) =>
  row.status === 'closed' || (row.status === 'unpaid' && row.expireTime <= now);

/**
 * The pay desk (cashier): a member buys goods with wallet balance. `create` copies the price into an order
 * (idempotent per (member, requestId)); `pay` moves member available → `paydesk` revenue under the order's
 * row lock, so an order is paid at most once. Unpaid orders close 30 minutes after creation (lazily).
 */
export class PayDeskService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, input: { goodsId: number; requestId: string }): Promise<PayOrder> {
    const [goods] = await this.db
      .select()
      .from(appGoods)
      .where(and(eq(appGoods.id, input.goodsId), eq(appGoods.active, true)));
    if (!goods || goods.price <= 0n) throw new AppError(ErrorCode.GoodsNotFound);
    const [created] = await this.db
      .insert(payOrders)
      .values({
        orderNo: newOrderNo(),
        userId,
        requestId: input.requestId,
        goodsId: goods.id,
        goodsName: goods.name,
        goodsImage: goods.image,
        amount: goods.price,
        expireTime: new Date(this.clock.now().getTime() + PAY_ORDER_TTL_SECONDS * 1000),
      })
      .onConflictDoNothing({ target: [payOrders.userId, payOrders.requestId] })
      .returning();
    if (created) return presentOrder(created, this.clock.now());
    const [first] = await this.db
      .select()
      .from(payOrders)
      .where(and(eq(payOrders.userId, userId), eq(payOrders.requestId, input.requestId)));
    if (!first) throw new Error(`Pay order ${input.requestId} vanished`);
    if (first.goodsId !== input.goodsId) throw new AppError(ErrorCode.IdempotencyConflict);
    return presentOrder(first, this.clock.now());
  }

  /**
   * Free checks (mine, unpaid, open), the PIN, then one transaction: the order row locked, still unpaid and open,
   * the entry `pay:<orderId>`, the order paid. A second pay finds it paid (PayOrderPaid) and moves nothing.
   */
  async pay(userId: number, input: { orderNo: string; pin: string }): Promise<PayOrder> {
    const order = await this.own(userId, input.orderNo);
    checkPayable(order, this.clock.now());
    await verifyPin(this.db, userId, input.pin);
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(payOrders).where(eq(payOrders.id, order.id)).for('update');
      const now = this.clock.now();
      if (row!.status === 'unpaid' && row!.expireTime <= now) {
        const [closed] = await tx
          .update(payOrders)
          .set({ status: 'closed' })
          .where(eq(payOrders.id, row!.id))
          .returning();
        return closed!;
      }
      checkPayable(row!, now);
      const revenue = await ensureSystemAccount(tx, SystemAccount.PayDesk);
      const member = (await ensureMemberAccounts(tx, [userId])).get(userId)!;
      const entry = await postEntry(tx, {
        key: `pay:${row!.id}`,
        kind: 'paydesk',
        legs: [
          { accountId: member.available, amount: -row!.amount },
          { accountId: revenue, amount: row!.amount },
        ],
        memo: row!.goodsName,
        ref: { type: 'pay-order', id: row!.orderNo },
        createdBy: userId,
      });
      const [paid] = await tx
        .update(payOrders)
        .set({ status: 'paid', paidTime: entry.createTime, entryId: entry.id })
        .where(eq(payOrders.id, row!.id))
        .returning();
      return paid!;
    });
    if (outcome.status === 'closed') throw new AppError(ErrorCode.PayOrderClosed);
    return presentOrder(outcome, this.clock.now());
  }

  async info(userId: number, orderNo: string): Promise<PayOrder> {
    return presentOrder(await this.own(userId, orderNo), this.clock.now());
  }

  async page(userId: number, opts: { page: number; size: number; status?: PayOrderStatus }) {
    const now = this.clock.now();
    const byStatus: Record<PayOrderStatus, SQL> = {
      unpaid: and(eq(payOrders.status, 'unpaid'), gt(payOrders.expireTime, now))!,
      paid: eq(payOrders.status, 'paid'),
      closed: or(
        eq(payOrders.status, 'closed'),
        and(eq(payOrders.status, 'unpaid'), lte(payOrders.expireTime, now)),
      )!,
    };
    const where = and(eq(payOrders.userId, userId), opts.status ? byStatus[opts.status] : undefined);
    const rows = await this.db
      .select()
      .from(payOrders)
      .where(where)
      .orderBy(desc(payOrders.id))
      .limit(opts.size)
      .offset((opts.page - 1) * opts.size);
    const [count] = await this.db.select({ total: sql<number>`count(*)::int` }).from(payOrders).where(where);
    return {
      list: rows.map((r) => presentOrder(r, now)),
      pagination: { page: opts.page, size: opts.size, total: count?.total ?? 0 },
    };
  }

  /** My order by number; anyone else's (or none) is PayOrderNotFound. */
  private async own(userId: number, orderNo: string) {
    const [row] = await this.db
      .select()
      .from(payOrders)
      .where(and(eq(payOrders.orderNo, orderNo), eq(payOrders.userId, userId)));
    if (!row) throw new AppError(ErrorCode.PayOrderNotFound);
    return row;
  }
}

const checkPayable = (row: PayOrderRow, now: Date) => {
  if (row.status === 'paid') throw new AppError(ErrorCode.PayOrderPaid);
  if (isClosed(row, now)) throw new AppError(ErrorCode.PayOrderClosed);
};
