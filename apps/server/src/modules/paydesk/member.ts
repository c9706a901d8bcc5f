import { randomInt } from 'node:crypto';
import {
  ErrorCode,
  formatUsdt,
  type Locale,
  micro,
  PAY_ORDER_TTL_SECONDS,
  type PayOrder,
  type PayOrderStatus,
} from '@chatpay/shared';
import { and, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { appGoods, goodsTextsOf, grantGoods, grantsOfOrders } from '../app/index.ts';
import { recordAudit } from '../audit/index.ts';
import { merchantNames, merchantProfile } from '../c2c/index.ts';
import { ensureMemberAccounts, ensureSystemAccount, postEntry, SystemAccount } from '../ledger/index.ts';
import type { OutflowGuard } from '../outflow/index.ts';
import { verifyPin } from '../user/index.ts';
import { queuePayWebhook } from './events.ts';
import { type PayOrderRow, presentOrder, statusOf } from './presenter.ts';
import { payOrders } from './tables.ts';

/** `P` + UTC yyyyMMddHHmmss + 10 random digits: unique by index, sortable, nothing to guess from it. */
export const newOrderNo = () => {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const random = `${randomInt(100_000)}`.padStart(5, '0') + `${randomInt(100_000)}`.padStart(5, '0');
  return `P${stamp}${random}`;
};

/**
 * The pay desk as members use it (docs/design/paydesk.md): buy the operator's goods, and pay merchant orders
 * by their cashier link. `pay` moves payer available → payee (merchant or `paydesk` revenue) under the order's
 * row lock, so an order is paid at most once. Unpaid orders close at their expiry (lazily).
 */
export class PayDeskService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly outflows: OutflowGuard,
    private readonly realtime: Realtime,
  ) {}

  async create(
    userId: number,
    input: { goodsId: number; requestId: string; lang?: Locale },
  ): Promise<PayOrder> {
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
    if (created) return this.present(created, input.lang);
    const [first] = await this.db
      .select()
      .from(payOrders)
      .where(and(eq(payOrders.userId, userId), eq(payOrders.requestId, input.requestId)));
    if (!first) throw new Error(`Pay order ${input.requestId} vanished`);
    if (first.goodsId !== input.goodsId) throw new AppError(ErrorCode.IdempotencyConflict);
    return this.present(first, input.lang);
  }

  /**
   * Free checks (visible, unpaid, open, not my own shop), the PIN, then one transaction: the order row locked,
   * still unpaid and open, the entry `pay:<orderId>`, the order paid by me, the audit row and the merchant's
   * webhook. A second pay finds it paid (PayOrderPaid) and moves nothing.
   */
  async pay(userId: number, input: { orderNo: string; pin: string; lang?: Locale }): Promise<PayOrder> {
    const order = await this.visible(userId, input.orderNo);
    checkPayable(order, this.clock.now());
    if (order.payeeId === userId) throw new AppError(ErrorCode.CannotTransferToSelf);
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
      // A shop whose merchant status was revoked takes no more money (its open orders are not paid).
      if (row!.payeeId !== null && (await merchantProfile(tx, row!.payeeId))?.status !== 'approved') {
        throw new AppError(ErrorCode.MerchantNotFound, 'This shop no longer takes payments');
      }
      await this.outflows.check(tx, {
        userId,
        channel: 'paydesk',
        amount: row!.amount,
        key: `pay:${row!.id}`,
      });
      const accounts = await ensureMemberAccounts(
        tx,
        row!.payeeId === null ? [userId] : [userId, row!.payeeId],
      );
      const payee =
        row!.payeeId === null
          ? await ensureSystemAccount(tx, SystemAccount.PayDesk)
          : accounts.get(row!.payeeId)!.available;
      const entry = await postEntry(tx, {
        key: `pay:${row!.id}`,
        kind: 'paydesk',
        legs: [
          { accountId: accounts.get(userId)!.available, amount: -row!.amount },
          { accountId: payee, amount: row!.amount },
        ],
        memo: row!.goodsName || row!.description,
        ref: { type: 'pay-order', id: row!.orderNo },
        createdBy: userId,
      });
      const [paid] = await tx
        .update(payOrders)
        .set({ status: 'paid', userId, paidTime: entry.createTime, entryId: entry.id })
        .where(eq(payOrders.id, row!.id))
        .returning();
      await recordAudit(tx, {
        actorId: userId,
        action: 'paydesk:order:pay',
        targetUserId: paid!.payeeId,
        amount: paid!.amount,
        reason: paid!.orderNo,
        entryId: entry.id,
      });
      await queuePayWebhook(tx, paid!, 'payment.paid', now);
      // What the goods grant lands with the payment or not at all.
      if (paid!.goodsId !== null) {
        await grantGoods(tx, { userId, goodsId: paid!.goodsId, orderNo: paid!.orderNo, now });
      }
      return paid!;
    });
    if (outcome.status === 'closed') throw new AppError(ErrorCode.PayOrderClosed);
    // A member merchant's balances follow the payment live (a system shop has no member to tell).
    if (outcome.payeeId !== null && outcome.entryId !== null) {
      this.realtime.emitToUser(outcome.payeeId, 'wallet', {
        kind: 'payIn',
        entryId: outcome.entryId,
        amount: formatUsdt(micro(outcome.amount)),
        orderNo: outcome.orderNo,
      });
    }
    return this.present(outcome, input.lang);
  }

  async info(userId: number, orderNo: string, lang?: Locale): Promise<PayOrder> {
    return this.present(await this.visible(userId, orderNo), lang);
  }

  /** Orders I bought or paid, newest first. */
  async page(userId: number, opts: { page: number; size: number; status?: PayOrderStatus; lang?: Locale }) {
    const now = this.clock.now();
    const byStatus: Record<PayOrderStatus, SQL> = {
      unpaid: and(eq(payOrders.status, 'unpaid'), gt(payOrders.expireTime, now))!,
      paid: eq(payOrders.status, 'paid'),
      partially_refunded: eq(payOrders.status, 'partially_refunded'),
      refunded: eq(payOrders.status, 'refunded'),
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
    const names = await merchantNames(
      this.db,
      rows.map((r) => r.payeeId).filter((id) => id !== null),
    );
    const texts = await goodsTextsOf(
      this.db,
      rows.map((r) => r.goodsId).filter((id) => id !== null),
      opts.lang,
    );
    const grants = await grantsOfOrders(
      this.db,
      rows.filter((r) => r.goodsId !== null).map((r) => r.orderNo),
    );
    return {
      list: rows.map((r) =>
        presentOrder(r, now, {
          merchantName: r.payeeId === null ? null : (names.get(r.payeeId) ?? ''),
          goodsText: r.goodsId === null ? undefined : texts.get(r.goodsId),
          grant: grants.get(r.orderNo),
        }),
      ),
      pagination: { page: opts.page, size: opts.size, total: count?.total ?? 0 },
    };
  }

  private async present(row: PayOrderRow, lang?: Locale) {
    const merchantName =
      row.payeeId === null ? null : ((await merchantProfile(this.db, row.payeeId))?.name ?? '');
    const goodsText =
      row.goodsId === null ? undefined : (await goodsTextsOf(this.db, [row.goodsId], lang)).get(row.goodsId);
    const grant =
      row.goodsId === null ? undefined : (await grantsOfOrders(this.db, [row.orderNo])).get(row.orderNo);
    return presentOrder(row, this.clock.now(), { merchantName, goodsText, grant });
  }

  /**
   * An order I may see: mine (I bought or paid it), one my shop sells, or a merchant order nobody has paid yet
   * (the cashier link is the invitation). Anything else, or none, is PayOrderNotFound.
   */
  private async visible(userId: number, orderNo: string) {
    const [row] = await this.db
      .select()
      .from(payOrders)
      .where(
        and(
          eq(payOrders.orderNo, orderNo),
          or(
            eq(payOrders.userId, userId),
            eq(payOrders.payeeId, userId),
            and(sql`${payOrders.payeeId} IS NOT NULL`, inArray(payOrders.status, ['unpaid', 'closed'])),
          ),
        ),
      );
    if (!row) throw new AppError(ErrorCode.PayOrderNotFound);
    return row;
  }
}

const checkPayable = (row: PayOrderRow, now: Date) => {
  const status = statusOf(row, now);
  if (status === 'closed') throw new AppError(ErrorCode.PayOrderClosed);
  if (status !== 'unpaid') throw new AppError(ErrorCode.PayOrderPaid);
};
