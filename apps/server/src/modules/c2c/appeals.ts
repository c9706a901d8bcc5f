import { randomUUID } from 'node:crypto';
import { ErrorCode, type OrderStatus } from '@chatpay/shared';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { deliver, messageById, sessionHistory, storeMessage, versionsOf } from '../chat/index.ts';
import { users } from '../user/index.ts';
import { hydrateOrders } from './hydrate.ts';
import { orderNotice } from './order-chat.ts';
import type { OrderService } from './orders.ts';
import { presentEvent, presentOrders } from './present.ts';
import { strike } from './standing.ts';
import { c2cOrderEvents, c2cOrders } from './tables.ts';
import { assertStatus, cancelOrder, lockOrder, releaseOrder } from './transitions.ts';

/** Support's side of appeals (docs/design/market.md, "Support"). */
export class AppealService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
    private readonly realtime: Parameters<typeof deliver>[0],
    private readonly clock: Clock,
    /** More strikes than this suspend trading (`C2C_STRIKE_LIMIT`). */
    private readonly strikeLimit: number,
  ) {}

  private async order(id: number) {
    const [o] = await this.db.select().from(c2cOrders).where(eq(c2cOrders.id, id));
    if (!o) throw new AppError(ErrorCode.OrderNotFound);
    return o;
  }

  async page(opts: { page: number; size: number; status: OrderStatus; order?: 'asc' | 'desc' | undefined }) {
    const where = eq(c2cOrders.status, opts.status);
    // Open appeals oldest first (who waited longest) unless asked otherwise; other statuses newest first.
    const direction = opts.order ?? (opts.status === 'appealing' ? 'asc' : 'desc');
    const by = opts.status === 'appealing' ? c2cOrders.appealTime : c2cOrders.id;
    const dir = direction === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(c2cOrders)
        .where(where)
        .orderBy(dir(by), dir(c2cOrders.id))
        .limit(opts.size)
        .offset((opts.page - 1) * opts.size),
      this.db.select({ n: count() }).from(c2cOrders).where(where),
    ]);
    return {
      list: await this.withResolver(
        rows,
        presentOrders(rows, await hydrateOrders(this.db, rows), this.clock.now()),
      ),
      pagination: { page: opts.page, size: opts.size, total: total?.n ?? 0 },
    };
  }

  async info(id: number) {
    const o = await this.order(id);
    const [view] = presentOrders([o], await hydrateOrders(this.db, [o]), this.clock.now());
    const events = await this.db
      .select()
      .from(c2cOrderEvents)
      .where(eq(c2cOrderEvents.orderId, id))
      .orderBy(c2cOrderEvents.id);
    const [withResolver] = await this.withResolver([o], [view!]);
    return { ...withResolver!, events: events.map(presentEvent) };
  }

  /** Adds the staff member who resolved each appeal (id and nickname). */
  private async withResolver<V>(rows: { resolvedBy: number | null }[], views: V[]) {
    const ids = [...new Set(rows.map((r) => r.resolvedBy).filter((id): id is number => id !== null))];
    const staff = ids.length
      ? await this.db
          .select({ id: users.id, nickName: users.nickName })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    return views.map((v, i) => {
      const id = rows[i]!.resolvedBy;
      const who = id === null ? undefined : staff.find((s) => s.id === id);
      return { ...v, resolvedBy: who ? { id: who.id, nickName: who.nickName } : null };
    });
  }

  async messages(id: number) {
    const o = await this.order(id);
    if (o.sessionId === null) return { list: [] };
    const rows = await sessionHistory(this.db, o.sessionId, 500);
    return {
      list: rows.map((m) => ({
        id: m.id,
        seq: m.seq,
        senderId: m.senderId,
        contentType: m.contentType,
        content: m.recalled ? {} : m.content,
        createTime: m.createTime.toISOString(),
        editTime: m.editTime?.toISOString() ?? null,
      })),
    };
  }

  /**
   * An edited message's earlier texts, for support weighing an appeal; the message must belong to the order's
   * chat. Reading them is audited: they are what a party chose to take back.
   */
  async messageVersions(supportId: number, id: number, messageId: number) {
    const o = await this.order(id);
    const message = await messageById(this.db, messageId);
    if (o.sessionId === null || !message || message.sessionId !== o.sessionId)
      throw new AppError(ErrorCode.MessageNotFound);
    const rows = await versionsOf(this.db, messageId);
    await recordAudit(this.db, {
      actorId: supportId,
      action: 'c2c:appeal:messageVersions',
      targetUserId: message.senderId,
      reason: `order ${o.orderNo}, message ${messageId}`,
    });
    return {
      list: rows.map((v) => ({
        content: message.recalled ? {} : v.content,
        writtenTime: v.writtenTime.toISOString(),
        replacedTime: v.replacedTime.toISOString(),
      })),
    };
  }

  /** Support writes into the order chat as itself; both parties receive it. */
  async message(supportId: number, id: number, text: string) {
    const o = await this.order(id);
    if (o.sessionId === null) throw new AppError(ErrorCode.SessionNotFound);
    const sessionId = o.sessionId;
    const stored = await this.db.transaction((tx) =>
      storeMessage(tx, {
        sessionId,
        senderId: supportId,
        clientMsgId: `c2c-support:${randomUUID()}`,
        contentType: 'text',
        content: { text },
      }),
    );
    deliver(this.realtime, stored);
    return { ok: true as const };
  }

  /** Ends an appeal: complete (coins to the buyer) or cancel (back to the seller), with a note both see. */
  async resolve(
    supportId: number,
    input: { id: number; result: 'completed' | 'canceled'; note: string; fault: 'none' | 'buyer' | 'seller' },
  ) {
    const order = await this.orders.run(async (tx) => {
      const o = await lockOrder(tx, input.id);
      assertStatus(o, 'appealing');
      // Separation of duties: staff never decide an appeal on their own order.
      if (o.buyerId === supportId || o.sellerId === supportId) throw new AppError(ErrorCode.DutySeparation);
      const now = this.clock.now();
      const done =
        input.result === 'completed'
          ? await releaseOrder(tx, o, { actorId: supportId, kind: 'resolve', note: input.note, now })
          : await cancelOrder(tx, o, { reason: 'support', actorId: supportId, note: input.note, now });
      if (input.result === 'canceled') {
        await tx
          .update(c2cOrders)
          .set({ resolvedBy: supportId, resolutionNote: input.note })
          .where(eq(c2cOrders.id, o.id));
      }
      await recordAudit(tx, {
        actorId: supportId,
        action: `c2c:appeal:${input.result}`,
        targetUserId: input.result === 'completed' ? o.buyerId : o.sellerId,
        amount: o.amountCoin,
        reason: input.note,
      });
      if (input.fault !== 'none') {
        await strike(tx, {
          userId: input.fault === 'buyer' ? o.buyerId : o.sellerId,
          orderId: o.id,
          supportId,
          note: input.note,
          limit: this.strikeLimit,
        });
      }
      const notices = await orderNotice(tx, done, supportId, 'c2c.resolve', input.note, {
        result: input.result,
      });
      return {
        order: { ...done, resolvedBy: supportId, resolutionNote: input.note },
        notices,
      };
    });
    const [view] = presentOrders([order], await hydrateOrders(this.db, [order]), this.clock.now());
    return view!;
  }
}
