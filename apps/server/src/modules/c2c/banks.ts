import { ErrorCode, KYC_LEVEL_FOR, type paymentMethodInput, type paymentMethodUpdate } from '@chatpay/shared';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../lib/errors.ts';
import { assertLevel, assertVerifiedHolder } from '../kyc/index.ts';
import { assertMayUseMedia, isOwnUrl } from '../uploads/index.ts';
import { type MethodRow, presentMethod } from './cards.ts';
import { type SecretBox, sealedAt } from './crypto.ts';
import { c2cAds, c2cPaymentMethods } from './tables.ts';

type Form = z.output<typeof paymentMethodInput>;
type UpdateForm = z.output<typeof paymentMethodUpdate>;

/**
 * Payment methods (docs/product.md#payment-methods): any member may keep them; merchants attach them to ads.
 */
export class BankService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly config: Config,
  ) {}

  /** One of my live methods, or PaymentMethodNotFound (also for someone else's). */
  async own(userId: number, id: number): Promise<MethodRow> {
    const [row] = await this.db
      .select()
      .from(c2cPaymentMethods)
      .where(
        and(
          eq(c2cPaymentMethods.id, id),
          eq(c2cPaymentMethods.userId, userId),
          eq(c2cPaymentMethods.status, 1),
        ),
      );
    if (!row) throw new AppError(ErrorCode.PaymentMethodNotFound);
    return row;
  }

  present(row: MethodRow) {
    return presentMethod(
      row,
      row.secretKeyEnc ? this.box.open(row.secretKeyEnc, sealedAt.cardSecret(row.id)).slice(-4) : '',
    );
  }

  /** The row's columns; a card's secret key is sealed for the row, so it needs the row's id. */
  private columns(form: Form | UpdateForm, id: number) {
    const blank = {
      account: '',
      qrCode: '',
      bankName: '',
      cardNumber: '',
      branch: '',
      iban: '',
      publishKey: '',
    };
    const base = { name: form.name, dailyMaxOrders: form.dailyMaxOrders, updateTime: new Date() };
    switch (form.type) {
      case 'bank':
        return {
          ...blank,
          ...base,
          bankName: form.bankName,
          cardNumber: form.cardNumber,
          branch: form.branch,
          iban: form.iban,
          secretKeyEnc: null,
        };
      case 'alipay':
      case 'wechat':
        if (form.qrCode && !isOwnUrl(form.qrCode, this.config.PUBLIC_URL)) {
          throw new AppError(ErrorCode.InvalidMediaUrl);
        }
        return { ...blank, ...base, account: form.account, qrCode: form.qrCode ?? '', secretKeyEnc: null };
      case 'card':
        return {
          ...blank,
          ...base,
          publishKey: form.publishKey,
          ...(form.secretKey ? { secretKeyEnc: this.box.seal(form.secretKey, sealedAt.cardSecret(id)) } : {}),
        };
    }
  }

  /**
   * The account holder of a bank card, Alipay or WeChat account is the member's verified name
   * (docs/design/identity.md, "In the market"): the buyer's payment comes from it and the seller's goes to it.
   * A card provider's account is the merchant's business, named as the provider knows it; it still needs a
   * verified member.
   */
  private async checkHolder(userId: number, form: Form | UpdateForm) {
    if (form.type === 'card') await assertLevel(this.db, userId, KYC_LEVEL_FOR.c2c);
    else await assertVerifiedHolder(this.db, userId, form.name);
  }

  /** A QR code must be media the member may use (their own upload, or one they can read). */
  private async checkQrCode(userId: number, form: Form | UpdateForm) {
    if ('qrCode' in form && form.qrCode) {
      await assertMayUseMedia(this.db, this.config.PUBLIC_URL, userId, [form.qrCode]);
    }
  }

  async add(userId: number, form: Form) {
    await this.checkQrCode(userId, form);
    await this.checkHolder(userId, form);
    // Inserted first for its id, then filled: the sealed secret is bound to the row.
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(c2cPaymentMethods)
        .values({ userId, type: form.type, name: form.name, dailyMaxOrders: form.dailyMaxOrders })
        .returning({ id: c2cPaymentMethods.id });
      const [filled] = await tx
        .update(c2cPaymentMethods)
        .set(this.columns(form, created!.id))
        .where(eq(c2cPaymentMethods.id, created!.id))
        .returning();
      return filled!;
    });
    return this.present(row);
  }

  async update(userId: number, form: UpdateForm) {
    const current = await this.own(userId, form.id);
    await this.checkQrCode(userId, form);
    await this.checkHolder(userId, form);
    if (current.type !== form.type) {
      throw new AppError(ErrorCode.Validation, 'The type of a payment method cannot change', [
        { field: 'type', message: 'The type cannot change' },
      ]);
    }
    const [row] = await this.db
      .update(c2cPaymentMethods)
      .set(this.columns(form, current.id))
      .where(eq(c2cPaymentMethods.id, current.id))
      .returning();
    return this.present(row!);
  }

  /** Soft delete (orders keep their copy); refused while a live ad uses it. */
  async delete(userId: number, id: number) {
    const current = await this.own(userId, id);
    const [used] = await this.db
      .select({ n: count() })
      .from(c2cAds)
      .where(and(eq(c2cAds.paymentMethodId, current.id), ne(c2cAds.status, 0)));
    if ((used?.n ?? 0) > 0) throw new AppError(ErrorCode.PaymentMethodInUse);
    await this.db
      .update(c2cPaymentMethods)
      .set({ status: 0, updateTime: new Date() })
      .where(eq(c2cPaymentMethods.id, id));
    return { ok: true as const };
  }

  async page(userId: number, opts: { page: number; size: number; type?: string | undefined }) {
    const where = and(
      eq(c2cPaymentMethods.userId, userId),
      eq(c2cPaymentMethods.status, 1),
      opts.type ? eq(c2cPaymentMethods.type, opts.type) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(c2cPaymentMethods)
        .where(where)
        .orderBy(desc(c2cPaymentMethods.id))
        .limit(opts.size)
        .offset((opts.page - 1) * opts.size),
      this.db.select({ n: count() }).from(c2cPaymentMethods).where(where),
    ]);
    return {
      list: rows.map((r) => this.present(r)),
      pagination: { page: opts.page, size: opts.size, total: total?.n ?? 0 },
    };
  }

  async info(userId: number, id: number) {
    return this.present(await this.own(userId, id));
  }
}
