import { randomBytes } from 'node:crypto';
import { ErrorCode, KYC_LEVEL_FOR, type MerchantInfo, type MerchantStatus, Role } from '@chatpay/shared';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Ports } from '../../http/ports.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { recordAudit } from '../audit/index.ts';
import { assertLevel } from '../kyc/index.ts';
import { grantRole, revokeRole, users, verifyPin } from '../user/index.ts';
import { presentCard } from './cards.ts';
import { type SecretBox, sealedAt } from './crypto.ts';
import { statsOf } from './stats.ts';
import { c2cMerchants, c2cOrders, c2cPaymentMethods } from './tables.ts';

type MerchantRow = typeof c2cMerchants.$inferSelect;

export const presentMerchant = (m: MerchantRow): MerchantInfo => ({
  userId: m.userId,
  merchantNo: m.merchantNo,
  status: m.status as MerchantStatus,
  name: m.name,
  intro: m.intro,
  reviewNote: m.reviewNote,
  webhookUrl: m.webhookUrl,
  hasApiKey: m.apiKeyEnc !== null,
  online: m.online,
  hoursFrom: m.hoursFrom,
  hoursTo: m.hoursTo,
  createTime: m.createTime.toISOString(),
});

/** Merchant applications, profiles, review and API keys (docs/design/market.md, "Merchants"). */
export class MerchantService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly realtime: Realtime,
    private readonly ports: Ports,
  ) {}

  async row(userId: number) {
    const [row] = await this.db.select().from(c2cMerchants).where(eq(c2cMerchants.userId, userId));
    return row ?? null;
  }

  /** My merchant record when approved, else NotMerchant. */
  async approved(userId: number) {
    const row = await this.row(userId);
    if (row?.status !== 'approved') throw new AppError(ErrorCode.NotMerchant);
    return row;
  }

  /** Applying needs identity and address verified (docs/design/identity.md, level 2). */
  async apply(userId: number, input: { name: string; intro: string; note: string }) {
    await assertLevel(this.db, userId, KYC_LEVEL_FOR.merchant);
    const fields = { name: input.name, intro: input.intro, applyNote: input.note, updateTime: new Date() };
    const row = await this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(c2cMerchants)
        .where(eq(c2cMerchants.userId, userId))
        .for('update');
      if (existing && existing.status !== 'rejected') throw new AppError(ErrorCode.MerchantApplied);
      if (existing) {
        const [r] = await tx
          .update(c2cMerchants)
          .set({ ...fields, status: 'pending', reviewNote: '' })
          .where(eq(c2cMerchants.userId, userId))
          .returning();
        return r!;
      }
      const [r] = await tx
        .insert(c2cMerchants)
        .values({ userId, merchantNo: `m${randomBytes(8).toString('hex')}`, ...fields })
        .onConflictDoNothing()
        .returning();
      if (!r) throw new AppError(ErrorCode.MerchantApplied);
      return r;
    });
    return presentMerchant(row);
  }

  async info(userId: number) {
    const row = await this.row(userId);
    return row ? presentMerchant(row) : null;
  }

  /** Profile, cards (masked for others) and 30-day stats of an approved merchant. */
  async detail(viewerId: number, userId: number) {
    const [found] = await this.db
      .select({ m: c2cMerchants, nickName: users.nickName, avatar: users.avatar })
      .from(c2cMerchants)
      .innerJoin(users, eq(users.id, c2cMerchants.userId))
      .where(eq(c2cMerchants.userId, userId));
    if (!found || (found.m.status !== 'approved' && viewerId !== userId)) {
      throw new AppError(ErrorCode.MerchantNotFound);
    }
    const methods = await this.db
      .select()
      .from(c2cPaymentMethods)
      .where(and(eq(c2cPaymentMethods.userId, userId), eq(c2cPaymentMethods.status, 1)))
      .orderBy(desc(c2cPaymentMethods.id));
    const stats = (await statsOf(this.db, [userId])).get(userId)!;
    return {
      merchantInfo: {
        userId,
        merchantNo: found.m.merchantNo,
        name: found.m.name,
        intro: found.m.intro,
        nickName: found.nickName,
        avatar: found.avatar,
        createTime: found.m.createTime.toISOString(),
      },
      cards: methods.map((m) => presentCard(m, viewerId !== userId)),
      stats,
    };
  }

  async update(
    userId: number,
    input: {
      name?: string | undefined;
      intro?: string | undefined;
      webhookUrl?: string | undefined;
      online?: boolean | undefined;
      hours?: { from: number | null; to: number | null } | undefined;
    },
  ) {
    await this.approved(userId);
    const [row] = await this.db
      .update(c2cMerchants)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.intro !== undefined ? { intro: input.intro } : {}),
        ...(input.webhookUrl !== undefined ? { webhookUrl: input.webhookUrl } : {}),
        ...(input.online !== undefined ? { online: input.online } : {}),
        ...(input.hours !== undefined ? { hoursFrom: input.hours.from, hoursTo: input.hours.to } : {}),
        updateTime: new Date(),
      })
      .where(eq(c2cMerchants.userId, userId))
      .returning();
    return presentMerchant(row!);
  }

  /**
   * A new API key, answered once; only its sealed form is kept and the previous key stops working. The key
   * moves money through the merchant API, so making one takes the PIN (wrong tries count like any other).
   */
  async rotateKey(userId: number, pin: string) {
    const merchant = await this.approved(userId);
    await verifyPin(this.db, userId, pin);
    const key = randomBytes(32).toString('base64url');
    await this.db
      .update(c2cMerchants)
      .set({
        apiKeyEnc: this.box.seal(key, sealedAt.merchantKey(userId)),
        apiKeyTime: new Date(),
        updateTime: new Date(),
      })
      .where(eq(c2cMerchants.userId, userId));
    return { merchantId: merchant.merchantNo, merchantKey: key };
  }

  async adminPage(opts: {
    page: number;
    size: number;
    status?: MerchantStatus | undefined;
    order?: 'asc' | 'desc';
  }) {
    const where = opts.status ? eq(c2cMerchants.status, opts.status) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ m: c2cMerchants, nickName: users.nickName, since: users.createTime })
        .from(c2cMerchants)
        .innerJoin(users, eq(users.id, c2cMerchants.userId))
        .where(where)
        .orderBy(
          opts.order === 'asc' ? asc(c2cMerchants.updateTime) : desc(c2cMerchants.updateTime),
          opts.order === 'asc' ? asc(c2cMerchants.userId) : desc(c2cMerchants.userId),
        )
        .limit(opts.size)
        .offset((opts.page - 1) * opts.size),
      this.db.select({ n: count() }).from(c2cMerchants).where(where),
    ]);
    const history = await Promise.all(
      rows.map(async (r) => {
        const [h] = await this.db
          .select({
            orders: count(),
            completed: sql<number>`count(*) filter (where ${c2cOrders.status} = 'completed')`.mapWith(Number),
            appealed: sql<number>`count(*) filter (where ${c2cOrders.appealTime} is not null)`.mapWith(
              Number,
            ),
          })
          .from(c2cOrders)
          .where(or(eq(c2cOrders.buyerId, r.m.userId), eq(c2cOrders.sellerId, r.m.userId)));
        return {
          orders: h?.orders ?? 0,
          completed: h?.completed ?? 0,
          appealed: h?.appealed ?? 0,
          memberSince: r.since.toISOString(),
        };
      }),
    );
    return {
      list: rows.map((r, i) => ({
        ...presentMerchant(r.m),
        nickName: r.nickName,
        applyNote: r.m.applyNote,
        history: history[i]!,
      })),
      pagination: { page: opts.page, size: opts.size, total: total?.n ?? 0 },
    };
  }

  /** Revokes an approved merchant: status rejected with the note, merchant role removed; audited. */
  async revoke(actorId: number, input: { userId: number; note: string }) {
    if (actorId === input.userId) throw new AppError(ErrorCode.DutySeparation);
    const row = await this.db.transaction(async (tx) => {
      const [m] = await tx
        .select()
        .from(c2cMerchants)
        .where(eq(c2cMerchants.userId, input.userId))
        .for('update');
      if (!m) throw new AppError(ErrorCode.MerchantNotFound);
      if (m.status !== 'approved') throw new AppError(ErrorCode.Conflict, 'This merchant is not approved');
      const [r] = await tx
        .update(c2cMerchants)
        .set({ status: 'rejected', reviewNote: input.note, reviewedBy: actorId, updateTime: new Date() })
        .where(eq(c2cMerchants.userId, input.userId))
        .returning();
      await revokeRole(tx, input.userId, Role.Merchant);
      await recordAudit(tx, {
        actorId,
        action: 'c2c:merchant:revoke',
        targetUserId: input.userId,
        reason: input.note,
      });
      return r!;
    });
    // Every process reads the roles again on this member's next call (the token cache, AUTH_CACHE_SECONDS).
    this.realtime.invalidate({ kind: 'user-roles', userId: input.userId });
    return presentMerchant(row);
  }

  /** Approve (adds the merchant role) or reject a pending application; audited. */
  async review(reviewerId: number, input: { userId: number; approve: boolean; note: string }) {
    // Separation of duties (docs/security.md): nobody reviews their own application.
    if (reviewerId === input.userId) throw new AppError(ErrorCode.DutySeparation);
    const row = await this.db.transaction(async (tx) => {
      const [m] = await tx
        .select()
        .from(c2cMerchants)
        .where(eq(c2cMerchants.userId, input.userId))
        .for('update');
      if (!m) throw new AppError(ErrorCode.MerchantNotFound);
      if (m.status !== 'pending')
        throw new AppError(ErrorCode.Conflict, 'This application was already reviewed');
      const status = input.approve ? 'approved' : 'rejected';
      const [r] = await tx
        .update(c2cMerchants)
        .set({
          status,
          reviewNote: input.note,
          reviewedBy: reviewerId,
          reviewTime: new Date(),
          updateTime: new Date(),
        })
        .where(eq(c2cMerchants.userId, input.userId))
        .returning();
      if (input.approve) {
        await grantRole(tx, input.userId, Role.Merchant);
      }
      await recordAudit(tx, {
        actorId: reviewerId,
        action: input.approve ? 'c2c:merchant:approve' : 'c2c:merchant:reject',
        targetUserId: input.userId,
        reason: input.note,
      });
      return r!;
    });
    if (input.approve) this.realtime.invalidate({ kind: 'user-roles', userId: input.userId });
    // The applicant hears the outcome in their customer-service chat (and by push when away).
    await this.ports.accountNotices.notify(this.db, this.realtime, input.userId, {
      type: input.approve ? 'c2c.merchantApproved' : 'c2c.merchantRejected',
      note: input.note,
      text: input.approve
        ? 'Your merchant application was approved.'
        : `Your merchant application was rejected${input.note ? `: ${input.note}` : '.'}`,
    });
    return presentMerchant(row);
  }
}
