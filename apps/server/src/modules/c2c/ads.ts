import {
  AdStatus,
  type AdType,
  type adInput,
  cents,
  ErrorCode,
  formatFiat,
  type PaymentType,
  parseFiat,
  parseUsdt,
} from '@chatpay/shared';
import { and, asc, count, desc, eq, gt, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { blockedIdsOf } from '../chat/index.ts';
import type { BankService } from './banks.ts';
import { moveOwn } from './escrow.ts';
import { assertMayPost } from './gates.ts';
import { hydrateAds, OPEN_STATUSES } from './hydrate.ts';
import type { MerchantService } from './merchants.ts';
import { adOwnerOnlineSql } from './presence.ts';
import { presentAds } from './present.ts';
import { bpOf, currentRate, floatingPrice } from './rates.ts';
import { assertNotSuspended } from './standing.ts';
import { type AdRow, c2cAds, c2cOrders, c2cTrusted } from './tables.ts';

type AdForm = z.output<typeof adInput>;

const missing = (field: string) =>
  new AppError(ErrorCode.Validation, `${field} is required`, [{ field, message: 'Required' }]);

/** What an ad form means in units, checked; a floating price is computed from the current rate. */
const parseForm = (form: AdForm, rate: bigint) => {
  let price: bigint;
  let floatBp: number | null = null;
  if (form.priceType === 'floating') {
    if (!form.floatPercent) throw missing('floatPercent');
    floatBp = bpOf(form.floatPercent);
    price = floatingPrice(rate, floatBp);
  } else {
    if (!form.price) throw missing('price');
    price = parseFiat(form.price);
  }
  const v = {
    priceType: form.priceType,
    floatBp,
    price,
    quantity: parseUsdt(form.quantity),
    minLimit: parseFiat(form.minLimit),
    maxLimit: parseFiat(form.maxLimit),
  };
  if (v.minLimit > v.maxLimit) throw new AppError(ErrorCode.InvalidAdLimits);
  return v;
};

/**
 * Ads (docs/design/market.md, "Ads"). Every change locks the ad row; a sell ad's freeze follows its remaining
 * while active, each movement keyed `c2c:ad:<id>:<action>:<ledger_seq>`.
 */
export class AdService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly merchants: MerchantService,
    private readonly banks: BankService,
    private readonly clock: Clock,
  ) {}

  /** Moves the difference between what the ad should hold frozen and what it holds. */
  private async syncFreeze(tx: Tx, ad: AdRow, target: bigint, action: string) {
    const delta = target - ad.frozen;
    if (ad.type !== 'sell' || delta === 0n) return ad;
    const seq = ad.ledgerSeq + 1;
    await moveOwn(tx, ad.userId, delta > 0n ? 'available' : 'frozen', delta > 0n ? delta : -delta, {
      key: `c2c:ad:${ad.id}:${action}:${seq}`,
      kind: delta > 0n ? 'c2c-ad-freeze' : 'c2c-ad-unfreeze',
      memo: `ad ${ad.id} ${action}`,
      ref: { type: 'c2c-ad', id: ad.id },
      createdBy: ad.userId,
    });
    const [row] = await tx
      .update(c2cAds)
      .set({ frozen: target, ledgerSeq: seq, updateTime: new Date() })
      .where(eq(c2cAds.id, ad.id))
      .returning();
    return row!;
  }

  /** My ad (not deleted), locked for the rest of the transaction. */
  private async lockOwn(tx: Tx, userId: number, id: number) {
    const [ad] = await tx
      .select()
      .from(c2cAds)
      .where(and(eq(c2cAds.id, id), eq(c2cAds.userId, userId), ne(c2cAds.status, AdStatus.Deleted)))
      .for('update');
    if (!ad) throw new AppError(ErrorCode.AdNotFound);
    return ad;
  }

  private async openOrders(tx: Tx, adId: number) {
    const [row] = await tx
      .select({ n: count() })
      .from(c2cOrders)
      .where(and(eq(c2cOrders.adId, adId), inArray(c2cOrders.status, OPEN_STATUSES)));
    return row?.n ?? 0;
  }

  private async one(row: AdRow) {
    const [ad] = presentAds([row], await hydrateAds(this.db, [row]), this.clock.now());
    return ad!;
  }

  async publish(userId: number, form: AdForm) {
    await this.merchants.approved(userId);
    await assertNotSuspended(this.db, userId);
    await assertMayPost(this.db, this.config, userId, this.clock.now());
    const method = await this.banks.own(userId, form.paymentMethodId);
    const v = parseForm(form, await currentRate(this.db, this.config));
    const row = await this.db.transaction(async (tx) => {
      const [ad] = await tx
        .insert(c2cAds)
        .values({
          userId,
          type: form.type,
          paymentMethodId: method.id,
          paymentType: method.type,
          ...v,
          remaining: v.quantity,
          timeLimit: form.timeLimit,
          terms: form.terms,
          autoReply: form.autoReply,
          useShare: form.useShare,
          takerMinOrders: form.takerMinOrders,
          takerMinDays: form.takerMinDays,
          takerMinLevel: form.takerMinLevel,
          status: AdStatus.Active,
        })
        .returning();
      return this.syncFreeze(tx, ad!, ad!.type === 'sell' ? v.quantity : 0n, 'publish');
    });
    return this.one(row);
  }

  /** Only with no open orders; `quantity` becomes what is left to trade. */
  async update(userId: number, form: AdForm & { id: number }) {
    await this.merchants.approved(userId);
    const method = await this.banks.own(userId, form.paymentMethodId);
    const v = parseForm(form, await currentRate(this.db, this.config));
    const row = await this.db.transaction(async (tx) => {
      const ad = await this.lockOwn(tx, userId, form.id);
      if (ad.type !== form.type) {
        throw new AppError(ErrorCode.Validation, 'The side of an ad cannot change', [
          { field: 'type', message: 'The side cannot change' },
        ]);
      }
      if ((await this.openOrders(tx, ad.id)) > 0) throw new AppError(ErrorCode.AdHasOpenOrders);
      // Unfreeze all, change, freeze the new remaining: two entries, each with its own ledger_seq.
      const thawed = await this.syncFreeze(tx, ad, 0n, 'update');
      const sold = ad.quantity - ad.remaining;
      const [updated] = await tx
        .update(c2cAds)
        .set({
          paymentMethodId: method.id,
          paymentType: method.type,
          priceType: v.priceType,
          floatBp: v.floatBp,
          price: v.price,
          quantity: sold + v.quantity,
          remaining: v.quantity,
          minLimit: v.minLimit,
          maxLimit: v.maxLimit,
          timeLimit: form.timeLimit,
          terms: form.terms,
          autoReply: form.autoReply,
          useShare: form.useShare,
          takerMinOrders: form.takerMinOrders,
          takerMinDays: form.takerMinDays,
          takerMinLevel: form.takerMinLevel,
          updateTime: new Date(),
        })
        .where(eq(c2cAds.id, thawed.id))
        .returning();
      const target = updated!.status === AdStatus.Active ? v.quantity : 0n;
      return this.syncFreeze(tx, updated!, target, 'update');
    });
    return this.one(row);
  }

  /** Takes down every active ad of a member (merchant revoked); their open orders run to the end. */
  async closeAll(userId: number) {
    const open = await this.db
      .select({ id: c2cAds.id })
      .from(c2cAds)
      .where(and(eq(c2cAds.userId, userId), eq(c2cAds.status, AdStatus.Active)));
    for (const ad of open) await this.close(userId, ad.id);
  }

  async close(userId: number, id: number) {
    const row = await this.db.transaction(async (tx) => {
      const ad = await this.lockOwn(tx, userId, id);
      if (ad.status !== AdStatus.Active) throw new AppError(ErrorCode.AdNotActive);
      const [down] = await tx
        .update(c2cAds)
        .set({ status: AdStatus.Inactive, updateTime: new Date() })
        .where(eq(c2cAds.id, id))
        .returning();
      return this.syncFreeze(tx, down!, 0n, 'close');
    });
    return this.one(row);
  }

  /** The API's uploadAd: put a taken-down ad up again, freezing its remaining again (sell). */
  async putUp(userId: number, id: number) {
    await this.merchants.approved(userId);
    await assertNotSuspended(this.db, userId);
    await assertMayPost(this.db, this.config, userId, this.clock.now());
    const row = await this.db.transaction(async (tx) => {
      const ad = await this.lockOwn(tx, userId, id);
      if (ad.status !== AdStatus.Inactive) {
        throw new AppError(ErrorCode.Conflict, 'The ad is already up');
      }
      const [up] = await tx
        .update(c2cAds)
        .set({ status: AdStatus.Active, updateTime: new Date() })
        .where(eq(c2cAds.id, id))
        .returning();
      return this.syncFreeze(tx, up!, up!.remaining, 'open');
    });
    return this.one(row);
  }

  /** Irreversible; open orders keep their escrow and finish normally. */
  async delete(userId: number, id: number) {
    await this.db.transaction(async (tx) => {
      const ad = await this.lockOwn(tx, userId, id);
      const [gone] = await tx
        .update(c2cAds)
        .set({ status: AdStatus.Deleted, updateTime: new Date() })
        .where(eq(c2cAds.id, id))
        .returning();
      await this.syncFreeze(tx, gone!, 0n, 'delete');
      return ad;
    });
    return { ok: true as const };
  }

  /**
   * The market: active ads with something left that accept `amount` (fiat), best price first; the ads of
   * members I blocked are left out.
   */
  async page(
    viewerId: number,
    opts: {
      page: number;
      size: number;
      type: AdType;
      paymentType?: PaymentType | undefined;
      amount?: string | undefined;
      trusted?: boolean | undefined;
    },
  ) {
    const worth = sql`(${c2cAds.remaining}::numeric * ${c2cAds.price} / 1000000)`;
    const maxNow = sql`least(${c2cAds.maxLimit}::numeric, floor(${worth}))`;
    const amount = opts.amount ? parseFiat(opts.amount) : null;
    const blocked = await blockedIdsOf(this.db, viewerId);
    const where = and(
      eq(c2cAds.status, AdStatus.Active),
      eq(c2cAds.type, opts.type),
      blocked.length > 0 ? notInArray(c2cAds.userId, blocked) : undefined,
      gt(c2cAds.remaining, 0n),
      sql`${maxNow} >= ${c2cAds.minLimit}`,
      opts.paymentType ? eq(c2cAds.paymentType, opts.paymentType) : undefined,
      opts.trusted
        ? inArray(
            c2cAds.userId,
            this.db
              .select({ id: c2cTrusted.trustedId })
              .from(c2cTrusted)
              .where(eq(c2cTrusted.userId, viewerId)),
          )
        : undefined,
      amount !== null
        ? sql`${c2cAds.minLimit} <= ${amount.toString()}::bigint AND ${maxNow} >= ${amount.toString()}::numeric`
        : undefined,
    );
    const order = opts.type === 'sell' ? asc(c2cAds.price) : desc(c2cAds.price);
    // Ads of merchants who are offline or outside their hours come after the online ones.
    const now = this.clock.now();
    return this.pageOf(where, [desc(adOwnerOnlineSql(now)), order, asc(c2cAds.id)], opts, viewerId);
  }

  async myPage(userId: number, opts: { page: number; size: number; status?: number | undefined }) {
    const where = and(
      eq(c2cAds.userId, userId),
      opts.status ? eq(c2cAds.status, opts.status) : ne(c2cAds.status, AdStatus.Deleted),
    );
    return this.pageOf(where, [desc(c2cAds.id)], opts);
  }

  /** One page of ads matching `where`, in `order`, with the total. */
  private async pageOf(
    where: SQL | undefined,
    order: SQL[],
    opts: { page: number; size: number },
    viewerId?: number,
  ) {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(c2cAds)
        .where(where)
        .orderBy(...order)
        .limit(opts.size)
        .offset((opts.page - 1) * opts.size),
      this.db.select({ n: count() }).from(c2cAds).where(where),
    ]);
    return {
      list: presentAds(rows, await hydrateAds(this.db, rows, viewerId), this.clock.now()),
      pagination: { page: opts.page, size: opts.size, total: total?.n ?? 0 },
    };
  }

  /** A market ad: active, or mine. */
  async detail(userId: number, id: number) {
    const [row] = await this.db.select().from(c2cAds).where(eq(c2cAds.id, id));
    if (
      !row ||
      (row.status !== AdStatus.Active && row.userId !== userId) ||
      row.status === AdStatus.Deleted
    ) {
      throw new AppError(ErrorCode.AdNotFound);
    }
    return this.one(row);
  }

  async info(userId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(c2cAds)
      .where(and(eq(c2cAds.id, id), eq(c2cAds.userId, userId), ne(c2cAds.status, AdStatus.Deleted)));
    if (!row) throw new AppError(ErrorCode.AdNotFound);
    return this.one(row);
  }

  async rate() {
    return { fiat: this.config.C2C_FIAT, rate: formatFiat(cents(await currentRate(this.db, this.config))) };
  }
}
