import {
  AdStatus,
  type AppealReason,
  cents,
  ErrorCode,
  formatFiat,
  formatUsdt,
  KYC_LEVEL_FOR,
  micro,
  type OrderKey,
  type OrderStatus,
} from '@chatpay/shared';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { assertNotBlocked, deliver, type StoredMessage } from '../chat/index.ts';
import { assertLevel, assertLevelAtLeast, levelSql } from '../kyc/index.ts';
import { ensureSystemAccount } from '../ledger/index.ts';
import type { OutflowGuard } from '../outflow/index.ts';
import { assertMayUseMedia } from '../uploads/index.ts';
import { verifyPin } from '../user/index.ts';
import type { MethodRow } from './cards.ts';
import { C2C_ESCROW, escrowLegs } from './escrow.ts';
import { assertTakerQualifies } from './gates.ts';
import { hydrateOrders, hydrateStartedOrder } from './hydrate.ts';
import { emitOrder, unreadCount } from './notify.ts';
import { ensureOrderChat, orderNotice } from './order-chat.ts';
import { paymentDeadlinePassed, releaseCountdownRuns } from './policies.ts';
import { presentEvent, presentOrdersFor } from './present.ts';
import { priceOrder } from './pricing.ts';
import { suspendedSql } from './standing.ts';
import { AdChangedSinceCheck, commitStartMoney, type StartPlan } from './start-money.ts';
import { type AdRow, c2cAds, c2cOrderEvents, c2cOrders, c2cPaymentMethods, type OrderRow } from './tables.ts';
import {
  applyTransition,
  assertParty,
  assertStatus,
  cancelOrder,
  lockOrder,
  releaseOrder,
} from './transitions.ts';

const MAX_PROOF = 9;
/** Checks of one start against an ad that keeps changing under it, before it answers AdNotActive. */
const START_ATTEMPTS = 5;

/**
 * Test seam: runs right after a start's money commit, before its chat is written. The crash test makes it
 * throw to stand for a process that dies at that instant (test/c2c/start-crash.test.ts).
 */
export const startCrashPoint = { afterMoneyCommit: async (): Promise<void> => {} };

const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export interface StartInput {
  adId: number;
  amountCoin?: string | undefined;
  amountFiat?: string | undefined;
  paymentMethodId?: number | undefined;
  pin?: string | undefined;
  requestId?: string | undefined;
}

/** Orders (docs/design/market.md, "Orders: state machine"): members' calls. */
export class OrderService {
  /** `c2c-escrow`'s account id: a system account is never deleted, so the first answer is kept. */
  private escrowAccount: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly outflows: OutflowGuard,
  ) {}

  /**
   * Coins leave the seller for good on release; selling into a buy ad counts at the start (the seller's own
   * act), and its release then passes under the same key.
   */
  private sellerOutflow(tx: Tx, order: OrderRow) {
    return this.outflows.check(tx, {
      userId: order.sellerId,
      channel: 'c2c',
      amount: order.amountCoin,
      key: `c2c-order:${order.id}`,
    });
  }

  /**
   * Orders I bought and let fall today: canceled by me, or by the deadline sweeper (or overdue and not swept yet).
   * Letting an order expire locks the seller's coins just like opening and canceling it (docs/security.md).
   */
  private fallenToday(userId: number) {
    const now = this.clock.now();
    const today = startOfUtcDay(now);
    return and(
      eq(c2cOrders.buyerId, userId),
      or(
        and(inArray(c2cOrders.cancelReason, ['buyer', 'timeout']), gte(c2cOrders.canceledTime, today)),
        and(
          eq(c2cOrders.status, 'pending'),
          lt(c2cOrders.paymentDeadline, now),
          gte(c2cOrders.paymentDeadline, today),
        ),
      ),
    );
  }

  private async canceledToday(userId: number) {
    const [row] = await this.db.select({ n: count() }).from(c2cOrders).where(this.fallenToday(userId));
    return row?.n ?? 0;
  }

  /**
   * A taker may start orders: verified (docs/design/identity.md, level 1), not suspended (standing.ts), under
   * the daily cancel limit; one read for the three.
   */
  private async assertMayStart(userId: number) {
    const [row] = await this.db
      .select({ level: levelSql(userId), suspended: suspendedSql(userId), fallen: count() })
      .from(c2cOrders)
      .where(this.fallenToday(userId));
    assertLevelAtLeast(Number(row?.level ?? 0), KYC_LEVEL_FOR.c2c);
    if (row?.suspended) throw new AppError(ErrorCode.TradingSuspended);
    if ((row?.fallen ?? 0) >= this.config.C2C_DAILY_CANCEL_LIMIT) {
      throw new AppError(ErrorCode.CancelLimitReached);
    }
  }

  /**
   * An order call's `id` as the internal id: a public order number is looked up (unknown: OrderNotFound,
   * like an order of someone else, so the number space cannot be probed).
   */
  async idOf(key: OrderKey): Promise<number> {
    if (typeof key === 'number') return key;
    const [row] = await this.db
      .select({ id: c2cOrders.id })
      .from(c2cOrders)
      .where(eq(c2cOrders.orderNo, key));
    if (!row) throw new AppError(ErrorCode.OrderNotFound);
    return row.id;
  }

  /** `c2c-escrow`'s account id, read once per process. */
  private async escrowId() {
    this.escrowAccount ??= await ensureSystemAccount(this.db, C2C_ESCROW);
    return this.escrowAccount;
  }

  /** Runs one transition in a transaction, then emits to both parties and delivers chat notices. */
  async run(work: (tx: Tx) => Promise<{ order: OrderRow; notices?: StoredMessage[] }>) {
    const { order, notices } = await this.db.transaction(work);
    for (const n of notices ?? []) deliver(this.realtime, n);
    await emitOrder(this.db, this.realtime, order);
    return order;
  }

  /** An order as its party sees it; one whose chat was never written (a start died) gets it first. */
  async view(userId: number, order: OrderRow) {
    const current = order.sessionId === null ? await this.writeChat(order.id) : order;
    return presentOrdersFor([current], await hydrateOrders(this.db, [current]), this.clock.now(), userId)[0]!;
  }

  /** The order a start just wrote, with its chat, as its taker sees it. */
  private async viewStarted(userId: number, order: OrderRow, ad: AdRow) {
    const hydration = await hydrateStartedOrder(this.db, order, ad);
    return presentOrdersFor([order], hydration, this.clock.now(), userId)[0]!;
  }

  /** The order a start with this requestId made, if any (a different ad under the same key is a conflict). */
  private async startedBefore(userId: number, input: StartInput) {
    if (!input.requestId) return null;
    const [before] = await this.db
      .select()
      .from(c2cOrders)
      .where(eq(c2cOrders.requestKey, `${userId}:${input.requestId}`));
    if (!before) return null;
    if (before.adId !== input.adId) throw new AppError(ErrorCode.IdempotencyConflict);
    return this.view(userId, before);
  }

  async start(userId: number, input: StartInput) {
    const replay = await this.startedBefore(userId, input);
    if (replay) return replay;
    try {
      return await this.startNew(userId, input);
    } catch (error) {
      // A concurrent start with the same requestId won the unique key: answer its order.
      if (uniqueViolation(error) === 'c2c_orders_request_key') {
        const winner = await this.startedBefore(userId, input);
        if (winner) return winner;
      }
      throw error;
    }
  }

  /**
   * A new order (docs/design/market.md, "Starting an order"): check without a lock, commit the money with the
   * ad row locked only by the last statements, then write the chat in a second transaction. When the ad
   * changed in between (the guard found no row), everything rolls back and the start checks again.
   */
  private async startNew(userId: number, input: StartInput) {
    let pinChecked = false;
    for (let attempt = 1; ; attempt++) {
      const plan = await this.checkStart(userId, input, pinChecked);
      pinChecked = true;
      let order: OrderRow;
      try {
        order = await this.db.transaction((tx) =>
          commitStartMoney(
            tx,
            plan,
            {
              maxOpenOrders: this.config.C2C_MAX_OPEN_ORDERS,
              beforeSellerEscrow: (t, o) => this.sellerOutflow(t, o),
            },
            this.clock.now(),
          ),
        );
      } catch (error) {
        if (!(error instanceof AdChangedSinceCheck)) throw error;
        if (attempt >= START_ATTEMPTS) throw new AppError(ErrorCode.AdNotActive);
        continue;
      }
      await startCrashPoint.afterMoneyCommit();
      return this.viewStarted(userId, await this.writeChat(order.id, plan.ad), plan.ad);
    }
  }

  /**
   * Everything a start reads and refuses, before any lock: the ad, the gates, the taker's method and PIN (a
   * buy ad), the amounts by the pricing rules and the ledger accounts. `pinChecked` skips the PIN on a retry.
   */
  private async checkStart(userId: number, input: StartInput, pinChecked: boolean): Promise<StartPlan> {
    // The ad with its payment method in one read: a sell ad's is the seller's, where the buyer pays.
    const [found] = await this.db
      .select({ ad: c2cAds, adMethod: c2cPaymentMethods })
      .from(c2cAds)
      .leftJoin(c2cPaymentMethods, eq(c2cPaymentMethods.id, c2cAds.paymentMethodId))
      .where(eq(c2cAds.id, input.adId));
    if (!found || found.ad.status === AdStatus.Deleted) throw new AppError(ErrorCode.AdNotFound);
    const { ad, adMethod } = found;
    if (ad.status !== AdStatus.Active) throw new AppError(ErrorCode.AdNotActive);
    if (ad.userId === userId) throw new AppError(ErrorCode.CannotTradeWithSelf);
    // One block list for chat and market: no new order between two members when either blocked the other.
    await assertNotBlocked(this.db, userId, ad.userId);
    await assertTakerQualifies(this.db, ad, userId, this.clock.now());
    await this.assertMayStart(userId);
    // Selling into a buy ad: my coins go to escrow now, paid to my own payment method of the ad's type.
    let method: MethodRow | undefined;
    if (ad.type === 'buy') {
      if (input.paymentMethodId === undefined) throw new AppError(ErrorCode.PaymentMethodMismatch);
      [method] = await this.db
        .select()
        .from(c2cPaymentMethods)
        .where(
          and(
            eq(c2cPaymentMethods.id, input.paymentMethodId),
            eq(c2cPaymentMethods.userId, userId),
            eq(c2cPaymentMethods.status, 1),
          ),
        );
      if (!method || method.type !== ad.paymentType) throw new AppError(ErrorCode.PaymentMethodMismatch);
      if (!input.pin) {
        throw new AppError(ErrorCode.Validation, 'The payment PIN is required to sell', [
          { field: 'pin', message: 'Required' },
        ]);
      }
      if (!pinChecked) await verifyPin(this.db, userId, input.pin);
    }
    const { amountCoin, amountFiat, charge } = priceOrder(ad, input, this.config.C2C_FEE_PERCENT);
    method ??= adMethod ?? undefined;
    const sellerId = ad.type === 'sell' ? ad.userId : userId;
    return {
      ad,
      takerId: userId,
      buyerId: ad.type === 'sell' ? userId : ad.userId,
      sellerId,
      amountCoin,
      amountFiat,
      charge,
      method: method!,
      legs: escrowLegs(
        sellerId,
        ad.type === 'sell' ? 'frozen' : 'available',
        amountCoin,
        await this.escrowId(),
      ),
      requestKey: input.requestId ? `${userId}:${input.requestId}` : null,
    };
  }

  /**
   * Start's second step and its repair: the order's chat in its own transaction (nothing when it has one),
   * then its notices and the order's status to both parties. Answers the order with its session.
   */
  async writeChat(orderId: number, ad?: AdRow) {
    const { order, notices } = await this.db.transaction((tx) => ensureOrderChat(tx, orderId, ad));
    if (notices.length > 0) {
      for (const n of notices) deliver(this.realtime, n);
      await emitOrder(this.db, this.realtime, order);
    }
    return order;
  }

  /**
   * The `c2c-order-chats` job's step: the oldest order without a chat that nobody else is writing right now
   * (SKIP LOCKED) gets it. Answers false when there is none.
   */
  async repairNextChat() {
    const repaired = await this.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: c2cOrders.id })
        .from(c2cOrders)
        .where(isNull(c2cOrders.sessionId))
        .orderBy(asc(c2cOrders.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return due ? ensureOrderChat(tx, due.id) : null;
    });
    if (!repaired) return false;
    for (const n of repaired.notices) deliver(this.realtime, n);
    await emitOrder(this.db, this.realtime, repaired.order);
    return true;
  }

  /** What an order would be, checked like `start` (limits, remaining, minimum), to show before confirming. */
  async quote(
    userId: number,
    input: { adId: number; amountCoin?: string | undefined; amountFiat?: string | undefined },
  ) {
    const [ad] = await this.db.select().from(c2cAds).where(eq(c2cAds.id, input.adId));
    if (!ad || ad.status === AdStatus.Deleted) throw new AppError(ErrorCode.AdNotFound);
    if (ad.status !== AdStatus.Active) throw new AppError(ErrorCode.AdNotActive);
    if (ad.userId === userId) throw new AppError(ErrorCode.CannotTradeWithSelf);
    // One block list for chat and market: no new order between two members when either blocked the other.
    await assertNotBlocked(this.db, userId, ad.userId);
    await assertLevel(this.db, userId, KYC_LEVEL_FOR.c2c);
    await assertTakerQualifies(this.db, ad, userId, this.clock.now());
    const q = priceOrder(ad, input, this.config.C2C_FEE_PERCENT);
    return {
      adId: ad.id,
      price: formatFiat(cents(ad.price)),
      amountCoin: formatUsdt(q.amountCoin),
      amountFiat: formatFiat(q.amountFiat),
      charge: formatUsdt(q.charge),
      receive: formatUsdt(micro(q.amountCoin - q.charge)),
      feePercent: this.config.C2C_FEE_PERCENT,
    };
  }

  /** Buyer: I have paid. Refused after the payment deadline even before the sweeper runs. */
  async payment(userId: number, id: number) {
    const order = await this.run(async (tx) => {
      const o = await lockOrder(tx, id);
      assertParty(o, userId);
      if (o.buyerId !== userId) throw new AppError(ErrorCode.WrongOrderParty);
      assertStatus(o, 'pending');
      const now = this.clock.now();
      if (paymentDeadlinePassed(o, now)) throw new AppError(ErrorCode.PaymentDeadlinePassed);
      const updated = await applyTransition(tx, o, {
        kind: 'payment',
        to: 'payment',
        actorId: userId,
        now,
        set: {
          paymentTime: now,
          releaseDeadline: new Date(now.getTime() + this.config.C2C_RELEASE_MINUTES * 60_000),
        },
      });
      return { order: updated };
    });
    return this.view(userId, order);
  }

  /** Seller: release with the PIN (checked first, in its own statements, so wrong tries count). */
  async complete(userId: number, id: number, pin: string) {
    const [peek] = await this.db.select().from(c2cOrders).where(eq(c2cOrders.id, id));
    if (!peek) throw new AppError(ErrorCode.OrderNotFound);
    assertParty(peek, userId);
    if (peek.sellerId !== userId) throw new AppError(ErrorCode.WrongOrderParty);
    // A release retried after its answer was lost answers the released order, as a retried transfer does.
    if (releasedBySeller(peek)) return this.view(userId, peek);
    assertStatus(peek, 'payment');
    await verifyPin(this.db, userId, pin);
    const order = await this.run(async (tx) => {
      const o = await lockOrder(tx, id);
      // A concurrent retry released it first: answer that, without a second status event.
      if (releasedBySeller(o)) throw new AlreadyReleased(o);
      assertStatus(o, 'payment');
      await this.sellerOutflow(tx, o);
      return {
        order: await releaseOrder(tx, o, { actorId: userId, kind: 'completed', now: this.clock.now() }),
      };
    }).catch((err: unknown) => {
      if (err instanceof AlreadyReleased) return err.order;
      throw err;
    });
    return this.view(userId, order);
  }

  /** Buyer: cancel while pending. */
  async cancel(userId: number, id: number) {
    const order = await this.run(async (tx) => {
      const o = await lockOrder(tx, id);
      assertParty(o, userId);
      if (o.buyerId !== userId) throw new AppError(ErrorCode.WrongOrderParty);
      assertStatus(o, 'pending');
      return { order: await cancelOrder(tx, o, { reason: 'buyer', actorId: userId, now: this.clock.now() }) };
    });
    return this.view(userId, order);
  }

  /** Proof must be media the member may use (their own upload, or one they can read). */
  private checkUrls(userId: number, urls: string[]) {
    return assertMayUseMedia(this.db, this.config.PUBLIC_URL, userId, urls);
  }

  /** A paid order to support: the seller any time, the buyer after the release countdown and with proof. */
  async appeal(
    userId: number,
    input: { id: number; reasonCode: AppealReason; reason: string; proof: string[] },
  ) {
    await this.checkUrls(userId, input.proof);
    const order = await this.run(async (tx) => {
      const o = await lockOrder(tx, input.id);
      assertParty(o, userId);
      assertStatus(o, 'payment');
      const now = this.clock.now();
      const proof = [...new Set([...o.appealProof, ...input.proof])].slice(0, MAX_PROOF);
      if (o.buyerId === userId) {
        if (releaseCountdownRuns(o, now)) throw new AppError(ErrorCode.AppealTooEarly);
        if (proof.length === 0) throw new AppError(ErrorCode.ProofRequired);
      }
      const updated = await applyTransition(tx, o, {
        kind: 'appealing',
        to: 'appealing',
        actorId: userId,
        note: input.reason,
        now,
        set: {
          appealTime: now,
          appealBy: userId,
          appealReason: input.reason,
          appealReasonCode: input.reasonCode,
          appealProof: proof,
        },
      });
      const notices = await orderNotice(tx, updated, userId, 'c2c.appeal', input.reason, {
        by: o.buyerId === userId ? 'buyer' : 'seller',
        reasonCode: input.reasonCode,
      });
      return { order: updated, notices };
    });
    return this.view(userId, order);
  }

  /** Attaches proof to an open order of mine (files already uploaded through /app/base/comm/upload). */
  async uploadFiles(userId: number, input: { id: number; urls: string[] }) {
    await this.checkUrls(userId, input.urls);
    return this.db.transaction(async (tx) => {
      const o = await lockOrder(tx, input.id);
      assertParty(o, userId);
      assertStatus(o, 'pending', 'payment', 'appealing');
      const proof = [...new Set([...o.appealProof, ...input.urls])];
      if (proof.length > MAX_PROOF) {
        throw new AppError(ErrorCode.Validation, `At most ${MAX_PROOF} files`, [
          { field: 'urls', message: `At most ${MAX_PROOF} files` },
        ]);
      }
      await tx
        .update(c2cOrders)
        .set({ appealProof: proof, updateTime: this.clock.now() })
        .where(eq(c2cOrders.id, o.id));
      return { urls: proof };
    });
  }

  async page(userId: number, opts: { page: number; size: number; status: OrderStatus | 'all' }) {
    const where = and(
      or(eq(c2cOrders.buyerId, userId), eq(c2cOrders.sellerId, userId)),
      opts.status === 'all' ? undefined : eq(c2cOrders.status, opts.status),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(c2cOrders)
        .where(where)
        .orderBy(desc(c2cOrders.id))
        .limit(opts.size)
        .offset((opts.page - 1) * opts.size),
      this.db.select({ n: count() }).from(c2cOrders).where(where),
    ]);
    return {
      list: presentOrdersFor(rows, await hydrateOrders(this.db, rows), this.clock.now(), userId),
      pagination: { page: opts.page, size: opts.size, total: total?.n ?? 0 },
    };
  }

  /** One of my orders, without marking it seen (merchant API). */
  async read(userId: number, id: number) {
    const [o] = await this.db.select().from(c2cOrders).where(eq(c2cOrders.id, id));
    if (!o) throw new AppError(ErrorCode.OrderNotFound);
    assertParty(o, userId);
    return this.view(userId, o);
  }

  /** One of my orders with its events; marks it seen and sends me my new unread count. */
  async detail(userId: number, id: number) {
    const [o] = await this.db.select().from(c2cOrders).where(eq(c2cOrders.id, id));
    if (!o) throw new AppError(ErrorCode.OrderNotFound);
    assertParty(o, userId);
    await this.db
      .update(c2cOrders)
      .set(o.buyerId === userId ? { buyerSeenTime: this.clock.now() } : { sellerSeenTime: this.clock.now() })
      .where(eq(c2cOrders.id, id));
    this.realtime.emitToUser(userId, 'onC2COrderUnread', { count: await unreadCount(this.db, userId) });
    const events = await this.db
      .select()
      .from(c2cOrderEvents)
      .where(eq(c2cOrderEvents.orderId, id))
      .orderBy(c2cOrderEvents.id);
    return { ...(await this.view(userId, o)), events: events.map(presentEvent) };
  }

  async settings(userId: number) {
    return {
      fiat: this.config.C2C_FIAT,
      feePercent: this.config.C2C_FEE_PERCENT,
      releaseMinutes: this.config.C2C_RELEASE_MINUTES,
      cancelLimit: this.config.C2C_DAILY_CANCEL_LIMIT,
      canceledToday: await this.canceledToday(userId),
      timeLimits: [15, 30, 45, 60],
    };
  }

  async unread(userId: number) {
    return { count: await unreadCount(this.db, userId) };
  }
}

/** Completed by the seller's release, not by support resolving an appeal. */
const releasedBySeller = (o: typeof c2cOrders.$inferSelect) =>
  o.status === 'completed' && o.resolvedBy === null;

class AlreadyReleased extends Error {
  constructor(readonly order: typeof c2cOrders.$inferSelect) {
    super('already released');
  }
}
