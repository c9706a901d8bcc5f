import { AdStatus, ErrorCode, type FeedbackItem } from '@chatpay/shared';
import { and, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { users } from '../user/index.ts';
import { hydrateAds } from './hydrate.ts';
import type { OrderService } from './orders.ts';
import { isOnlineNow } from './presence.ts';
import { presentAds } from './present.ts';
import { statsOf } from './stats.ts';
import { c2cAds, c2cFeedback, c2cMerchants, c2cOrders } from './tables.ts';
import { tradedWith } from './traded.ts';
import { assertParty, assertStatus } from './transitions.ts';
import { trustedAmong } from './trusted.ts';

/** How much feedback a profile shows; `merchant/feedback` pages through the rest. */
const PROFILE_FEEDBACK = 10;
/** How many live ads a profile shows. */
const PROFILE_ADS = 20;

/** Feedback after completed orders and the public trader profile (docs/design/market.md, "Trust"). */
export class TrustService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
    /** The per-member quota of looks at other members (chat's `lookupQuota`). */
    private readonly lookups: { hit(userId: number): Promise<void> },
  ) {}

  /**
   * The trader whose profile the viewer may see: themselves, a counterparty (a shared order), or an approved
   * merchant; anyone else is MerchantNotFound, as a member who does not exist. A look at someone who is not a
   * counterparty counts against the lookup quota, so ids cannot be walked (docs/security.md, "Privacy").
   */
  private async visibleTrader(viewerId: number, userId: number) {
    const counterparty = userId === viewerId || (await tradedWith(this.db, viewerId, userId));
    if (!counterparty) await this.lookups.hit(viewerId);
    const p = await this.person(userId);
    if (!counterparty && p.merchantStatus !== 'approved') throw new AppError(ErrorCode.MerchantNotFound);
    return { p, counterparty };
  }

  /** A party rates the other once per completed order; the unique index settles a race. */
  async feedback(userId: number, input: { id: number; positive: boolean; comment: string }) {
    const [o] = await this.db.select().from(c2cOrders).where(eq(c2cOrders.id, input.id));
    if (!o) throw new AppError(ErrorCode.OrderNotFound);
    assertParty(o, userId);
    assertStatus(o, 'completed');
    const [row] = await this.db
      .insert(c2cFeedback)
      .values({
        orderId: o.id,
        fromUserId: userId,
        toUserId: o.buyerId === userId ? o.sellerId : o.buyerId,
        positive: input.positive,
        comment: input.comment,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(ErrorCode.FeedbackExists);
    return this.orders.view(userId, o);
  }

  private async person(userId: number) {
    const [p] = await this.db
      .select({
        id: users.id,
        nickName: users.nickName,
        avatar: users.avatar,
        merchantName: c2cMerchants.name,
        merchantStatus: c2cMerchants.status,
        intro: c2cMerchants.intro,
        online: c2cMerchants.online,
        hoursFrom: c2cMerchants.hoursFrom,
        hoursTo: c2cMerchants.hoursTo,
      })
      .from(users)
      .leftJoin(c2cMerchants, eq(c2cMerchants.userId, users.id))
      .where(eq(users.id, userId));
    if (!p) throw new AppError(ErrorCode.MerchantNotFound);
    return p;
  }

  private async feedbackRows(where: SQL | undefined, limit: number, offset: number): Promise<FeedbackItem[]> {
    const rows = await this.db
      .select({ f: c2cFeedback, nickName: users.nickName, avatar: users.avatar })
      .from(c2cFeedback)
      .innerJoin(users, eq(users.id, c2cFeedback.fromUserId))
      .where(where)
      .orderBy(desc(c2cFeedback.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ f, nickName, avatar }) => ({
      id: f.id,
      orderId: f.orderId,
      positive: f.positive,
      comment: f.comment,
      fromUserId: f.fromUserId,
      fromName: nickName,
      fromAvatar: avatar,
      createTime: f.createTime.toISOString(),
    }));
  }

  async profile(viewerId: number, userId: number) {
    const { p, counterparty } = await this.visibleTrader(viewerId, userId);
    const isMerchant = p.merchantStatus === 'approved';
    const now = new Date();
    const [stats, adRows, feedback, trusted] = await Promise.all([
      statsOf(this.db, [userId]),
      isMerchant
        ? this.db
            .select()
            .from(c2cAds)
            .where(
              and(eq(c2cAds.userId, userId), eq(c2cAds.status, AdStatus.Active), gt(c2cAds.remaining, 0n)),
            )
            .orderBy(desc(c2cAds.id))
            .limit(PROFILE_ADS)
        : Promise.resolve([]),
      this.feedbackRows(eq(c2cFeedback.toUserId, userId), PROFILE_FEEDBACK, 0),
      trustedAmong(this.db, viewerId, [userId]),
    ]);
    return {
      userId,
      name: (isMerchant && p.merchantName) || p.nickName,
      avatar: p.avatar,
      isMerchant,
      intro: isMerchant ? (p.intro ?? '') : '',
      // Strangers do not learn when the account was made.
      stats: { ...stats.get(userId)!, registerTime: counterparty ? stats.get(userId)!.registerTime : null },
      ads: presentAds(adRows, await hydrateAds(this.db, adRows, viewerId), now),
      feedback,
      online:
        isMerchant &&
        isOnlineNow({ online: p.online ?? false, hoursFrom: p.hoursFrom, hoursTo: p.hoursTo }, now),
      trusted: trusted.has(userId),
    };
  }

  async feedbackPage(
    viewerId: number,
    input: {
      userId: number;
      page: number;
      size: number;
      positive: 'all' | 'positive' | 'negative';
    },
  ) {
    await this.visibleTrader(viewerId, input.userId);
    const where = and(
      eq(c2cFeedback.toUserId, input.userId),
      input.positive === 'all' ? undefined : eq(c2cFeedback.positive, input.positive === 'positive'),
    );
    const [list, [total]] = await Promise.all([
      this.feedbackRows(where, input.size, (input.page - 1) * input.size),
      this.db.select({ n: count() }).from(c2cFeedback).where(where),
    ]);
    return { list, pagination: { page: input.page, size: input.size, total: total?.n ?? 0 } };
  }
}
