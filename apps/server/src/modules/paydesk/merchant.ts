import { cashierPath, ErrorCode, formatUsdt, type MerchantPayOrder, micro, parseUsdt } from '@chatpay/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Ports } from '../../http/ports.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { recordAudit } from '../audit/index.ts';
import { merchantProfile } from '../c2c/index.ts';
import { ensureMemberAccounts, postEntry } from '../ledger/index.ts';
import { users } from '../user/index.ts';
import { queuePayWebhook } from './events.ts';
import { newOrderNo } from './member.ts';
import { type PayOrderRow, presentMerchantOrder } from './presenter.ts';
import { payOrders, payRefunds } from './tables.ts';

export interface CreatePayOrder {
  amount: string;
  description: string;
  merchantOrderRef: string;
  expireMinutes: number;
  notifyUrl?: string | undefined;
  returnUrl?: string | undefined;
}

/**
 * The pay desk as merchants use it through the signed merchant API (docs/design/paydesk.md): create a payment
 * order (idempotent by their reference), read it, refund it in full or in parts, never beyond what was paid.
 */
export class MerchantPayService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly realtime: Realtime,
    private readonly publicUrl: string | undefined,
    private readonly ports: Ports,
  ) {}

  async create(merchantId: number, input: CreatePayOrder) {
    const amount = parseUsdt(input.amount);
    const now = this.clock.now();
    const [created] = await this.db
      .insert(payOrders)
      .values({
        orderNo: newOrderNo(),
        payeeId: merchantId,
        merchantRef: input.merchantOrderRef,
        description: input.description,
        amount,
        notifyUrl: input.notifyUrl ?? '',
        returnUrl: input.returnUrl ?? '',
        expireTime: new Date(now.getTime() + input.expireMinutes * 60_000),
      })
      .onConflictDoNothing({ target: [payOrders.payeeId, payOrders.merchantRef] })
      .returning();
    const row = created ?? (await this.byRef(merchantId, input.merchantOrderRef));
    if (!created && (row.amount !== amount || row.description !== input.description)) {
      throw new AppError(ErrorCode.IdempotencyConflict);
    }
    const base = this.publicUrl ? `${this.publicUrl.replace(/\/+$/, '')}/` : '';
    return { cashierUrl: `${base}${cashierPath(row.orderNo)}`, order: await this.present(row) };
  }

  async info(
    merchantId: number,
    by: { orderNo?: string | undefined; merchantOrderRef?: string | undefined },
  ) {
    const row = by.orderNo
      ? await this.own(merchantId, by.orderNo)
      : await this.byRef(merchantId, by.merchantOrderRef!);
    return this.present(row);
  }

  /**
   * One refund: the order row locked, the reference unused (a replay answers the order as it is), paid, the
   * total within what was paid; entry `pay-refund:<orderId>:<refundRef>` merchant → payer, the refund row, the
   * order's running total and status, the audit row and the webhook, all in one transaction. The payer is told
   * after the commit.
   */
  async refund(
    merchantId: number,
    input: { orderNo: string; refundRef: string; amount: string; reason: string },
  ): Promise<MerchantPayOrder> {
    const amount = parseUsdt(input.amount);
    const order = await this.own(merchantId, input.orderNo);
    const done = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(payOrders).where(eq(payOrders.id, order.id)).for('update');
      const [earlier] = await tx
        .select()
        .from(payRefunds)
        .where(and(eq(payRefunds.orderId, order.id), eq(payRefunds.refundRef, input.refundRef)));
      if (earlier) {
        if (earlier.amount !== amount) throw new AppError(ErrorCode.IdempotencyConflict);
        return { row: row!, entryId: null };
      }
      if (row!.status !== 'paid' && row!.status !== 'partially_refunded' && row!.status !== 'refunded') {
        throw new AppError(ErrorCode.PayOrderNotPaid);
      }
      if (row!.refunded + amount > row!.amount) throw new AppError(ErrorCode.RefundExceedsPaid);
      const payerId = row!.userId!;
      const accounts = await ensureMemberAccounts(tx, [merchantId, payerId]);
      const entry = await postEntry(tx, {
        key: `pay-refund:${row!.id}:${input.refundRef}`,
        kind: 'paydesk-refund',
        legs: [
          { accountId: accounts.get(merchantId)!.available, amount: -amount },
          { accountId: accounts.get(payerId)!.available, amount },
        ],
        memo: row!.description,
        ref: { type: 'pay-order', id: row!.orderNo },
        createdBy: merchantId,
      });
      await tx.insert(payRefunds).values({
        orderId: row!.id,
        refundRef: input.refundRef,
        amount,
        reason: input.reason,
        entryId: entry.id,
      });
      const refunded = row!.refunded + amount;
      const [updated] = await tx
        .update(payOrders)
        .set({ refunded, status: refunded === row!.amount ? 'refunded' : 'partially_refunded' })
        .where(eq(payOrders.id, row!.id))
        .returning();
      await recordAudit(tx, {
        actorId: merchantId,
        action: 'paydesk:order:refund',
        targetUserId: payerId,
        amount,
        reason: input.reason || row!.orderNo,
        requestId: input.refundRef,
        entryId: entry.id,
      });
      await queuePayWebhook(tx, updated!, 'payment.refunded', this.clock.now(), {
        refundRef: input.refundRef,
        amount,
      });
      return { row: updated!, entryId: entry.id };
    });
    if (done.entryId !== null) await this.tellPayer(done.row, done.entryId, amount);
    return this.present(done.row);
  }

  /** Like a transfer by member id: a `wallet` event refreshes an open wallet, a notice names the merchant. */
  private async tellPayer(row: PayOrderRow, entryId: number, amount: bigint) {
    const payerId = row.userId!;
    const name = (await merchantProfile(this.db, row.payeeId!))?.name ?? '';
    const shown = formatUsdt(micro(amount));
    this.realtime.emitToUser(payerId, 'wallet', {
      kind: 'payRefund',
      entryId,
      amount: shown,
      orderNo: row.orderNo,
      merchant: { name },
    });
    await this.ports.accountNotices.notify(this.db, this.realtime, payerId, {
      type: 'wallet.payRefund',
      text: `${name} refunded ${shown} USDT of order ${row.orderNo}`,
      amount: shown,
      name,
      orderNo: row.orderNo,
    });
  }

  private async present(row: PayOrderRow) {
    const refunds = await this.db
      .select()
      .from(payRefunds)
      .where(eq(payRefunds.orderId, row.id))
      .orderBy(asc(payRefunds.id));
    let payer: string | null = null;
    if (row.userId !== null) {
      const [u] = await this.db
        .select({ memberId: users.memberId })
        .from(users)
        .where(eq(users.id, row.userId));
      payer = u?.memberId ?? null;
    }
    return presentMerchantOrder(row, this.clock.now(), payer, refunds);
  }

  private async own(merchantId: number, orderNo: string) {
    const [row] = await this.db
      .select()
      .from(payOrders)
      .where(and(eq(payOrders.orderNo, orderNo), eq(payOrders.payeeId, merchantId)));
    if (!row) throw new AppError(ErrorCode.PayOrderNotFound);
    return row;
  }

  private async byRef(merchantId: number, ref: string) {
    const [row] = await this.db
      .select()
      .from(payOrders)
      .where(and(eq(payOrders.payeeId, merchantId), eq(payOrders.merchantRef, ref)));
    if (!row) throw new AppError(ErrorCode.PayOrderNotFound);
    return row;
  }
}
