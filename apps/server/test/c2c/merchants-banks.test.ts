import { adminC2cApi, bankApi, ErrorCode, merchantApi, userApi } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser, TEST_PIN } from '../helpers/factories.ts';
import {
  addBank,
  bankForm,
  createAd,
  createApplicant,
  createMerchant,
  expectBooks,
  pay,
  release,
  startOrder,
} from './factories.ts';

const t = useTestApp();
afterAll(async () => {
  await expectBooks(t);
});

describe('merchant application and review', () => {
  it("support sees the applicant's trading history: orders, completed, appealed", async () => {
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const applicant = await createApplicant(t);
    const done = await startOrder(t, applicant, ad.id, '10');
    await pay(t, applicant, done.orderId);
    await release(t, merchant, done.orderId);
    await startOrder(t, applicant, ad.id, '10');
    await t.ok(merchantApi.apply, { name: 'Trader Shop', note: 'I trade' }, applicant.token);
    const page = await t.ok(adminC2cApi.merchantPage, { status: 'pending', size: 100 }, await adminToken(t));
    const mine = page.list.find((m) => m.userId === applicant.id)!;
    expect(mine.history).toMatchObject({ orders: 2, completed: 1, appealed: 0 });
    expect(Date.parse(mine.history.memberSince)).not.toBeNaN();
  });

  it('a member applies, support sees it, the admin approves: role merchant in the next token check', async () => {
    const member = await createUser(t, { level: 2 });
    expect((await t.call(merchantApi.info, {}, member.token)).data).toBeNull();
    const applied = await t.ok(merchantApi.apply, { name: 'Good Shop', note: 'hi' }, member.token);
    expect(applied.status).toBe('pending');
    expect((await t.call(merchantApi.apply, { name: 'Again' }, member.token)).code).toBe(
      ErrorCode.MerchantApplied,
    );

    const page = await t.ok(adminC2cApi.merchantPage, { status: 'pending' }, await adminToken(t));
    expect(page.list.some((m) => m.userId === member.id)).toBe(true);
    // An ordinary member has no permission.
    expect(
      (await t.call(adminC2cApi.merchantReview, { userId: member.id, approve: true }, member.token)).code,
    ).toBe(ErrorCode.Forbidden);
    const approved = await t.ok(
      adminC2cApi.merchantReview,
      { userId: member.id, approve: true, note: 'welcome' },
      await adminToken(t),
    );
    expect(approved.status).toBe('approved');
    const person = await t.ok(userApi.person, {}, member.token);
    expect(JSON.stringify(person)).toContain('merchant');
    // Reviewed once only.
    expect(
      (await t.call(adminC2cApi.merchantReview, { userId: member.id, approve: false }, await adminToken(t)))
        .code,
    ).toBe(ErrorCode.Conflict);
  });

  it('a rejected member may apply again; a non-merchant cannot update or make API keys', async () => {
    const member = await createUser(t, { level: 2 });
    await t.ok(merchantApi.apply, { name: 'Shop' }, member.token);
    await t.ok(
      adminC2cApi.merchantReview,
      { userId: member.id, approve: false, note: 'no' },
      await adminToken(t),
    );
    expect((await t.call(merchantApi.update, { name: 'X' }, member.token)).code).toBe(ErrorCode.NotMerchant);
    expect((await t.call(merchantApi.apiKey, { pin: TEST_PIN }, member.token)).code).toBe(
      ErrorCode.NotMerchant,
    );
    const again = await t.ok(merchantApi.apply, { name: 'Shop 2' }, member.token);
    expect(again.status).toBe('pending');
  });

  it('detail: profile, cards (masked for others) and 30-day stats; update changes the profile', async () => {
    const merchant = await createMerchant(t);
    await addBank(t, merchant);
    await addBank(t, merchant, { type: 'alipay', name: 'Li Lei', account: 'li@example.com' });
    await addBank(t, merchant, {
      type: 'card',
      name: 'Shop',
      publishKey: 'pk_live_1',
      secretKey: 'sk_live_abcd1234',
    });
    const updated = await t.ok(
      merchantApi.update,
      { name: 'Renamed', intro: 'fast release' },
      merchant.token,
    );
    expect(updated.name).toBe('Renamed');
    const mine = await t.ok(merchantApi.detail, {}, merchant.token);
    expect(mine.merchantInfo.name).toBe('Renamed');
    expect(mine.cards.map((c) => [c.name, c.code])).toEqual([
      ['Stripe(Shop)', 'pk_live_1'],
      ['Li Lei', 'li@example.com'],
      ['Li Lei(ICBC)', '6222020200112233'],
    ]);
    const meta = JSON.parse(mine.cards[2]!.metadata);
    expect(meta).toMatchObject({ childType: 'bank', bankName: 'ICBC', cardNumber: '6222020200112233' });
    expect(JSON.stringify(mine)).not.toContain('sk_live');
    expect(mine.stats).toEqual({
      avgPaymentSeconds: null,
      avgReleaseSeconds: null,
      completedOrders: 0,
      completionRate: null,
      orders30d: 0,
      positiveRate: null,
      feedbackPositive: 0,
      feedbackNegative: 0,
      registerTime: expect.any(String),
      badges: ['verified'],
    });
    const other = await createUser(t);
    const seen = await t.ok(merchantApi.detail, { userId: merchant.id }, other.token);
    expect(seen.cards[2]!.code).toBe('****2233');
    // A member who is no merchant has no public profile.
    expect((await t.call(merchantApi.detail, { userId: other.id }, merchant.token)).code).toBe(
      ErrorCode.MerchantNotFound,
    );
  });
});

describe('payment methods', () => {
  it('add, update, page, info, delete for each payment method type', async () => {
    const member = await createUser(t, { level: 1 });
    const bank = await addBank(t, member, bankForm({ branch: 'Main St', iban: 'DE89370400440532013000' }));
    expect(bank).toMatchObject({
      type: 'bank',
      branch: 'Main St',
      iban: 'DE89370400440532013000',
      secretKeyMasked: '',
    });
    const wechat = await addBank(t, member, {
      type: 'wechat',
      name: 'Li Lei',
      account: 'wx_lei',
      qrCode: '/uploads/2026-11-21/qr.png',
    });
    expect(wechat.qrCode).toBe('/uploads/2026-11-21/qr.png');
    const card = await addBank(t, member, {
      type: 'card',
      name: 'Pay',
      publishKey: 'pk_test_1',
      secretKey: 'sk_test_secret_9876',
      dailyMaxOrders: 5,
    });
    expect(card.secretKeyMasked).toBe('****9876');
    expect(card.dailyMaxOrders).toBe(5);
    expect(JSON.stringify(card)).not.toContain('sk_test_secret');
    // Stored encrypted: the column never holds the plain secret.
    const raw = await t.database.db.execute(
      `SELECT secret_key_enc FROM c2c_payment_methods WHERE id = ${card.id}` as never,
    );
    expect(JSON.stringify(raw)).not.toContain('sk_test_secret');

    // Update without a new secret keeps it; a new one replaces it.
    const kept = await t.ok(
      bankApi.update,
      { id: card.id, type: 'card', name: 'Pay 2', publishKey: 'pk_test_2' },
      member.token,
    );
    expect(kept).toMatchObject({ name: 'Pay 2', publishKey: 'pk_test_2', secretKeyMasked: '****9876' });
    const changed = await t.ok(
      bankApi.update,
      { id: card.id, type: 'card', name: 'Pay 2', publishKey: 'pk_test_2', secretKey: 'sk_new_0000' },
      member.token,
    );
    expect(changed.secretKeyMasked).toBe('****0000');
    expect((await t.call(bankApi.update, { id: card.id, ...bankForm() } as never, member.token)).code).toBe(
      ErrorCode.Validation,
    );

    const page = await t.ok(bankApi.page, {}, member.token);
    expect(page.pagination.total).toBe(3);
    expect((await t.ok(bankApi.info, { id: wechat.id }, member.token)).account).toBe('wx_lei');

    await t.ok(bankApi.delete, { id: wechat.id }, member.token);
    expect((await t.call(bankApi.info, { id: wechat.id }, member.token)).code).toBe(
      ErrorCode.PaymentMethodNotFound,
    );
  });

  it("bad forms and someone else's method", async () => {
    const member = await createUser(t, { level: 1 });
    const other = await createUser(t);
    expect((await t.call(bankApi.add, { type: 'bank', name: 'x' } as never, member.token)).code).toBe(
      ErrorCode.Validation,
    );
    expect((await t.call(bankApi.add, { type: 'paypal', name: 'x' } as never, member.token)).code).toBe(
      ErrorCode.Validation,
    );
    expect(
      (
        await t.call(
          bankApi.add,
          { type: 'alipay', name: 'x', account: 'y', qrCode: 'https://evil.example/x.png' },
          member.token,
        )
      ).code,
    ).toBe(ErrorCode.InvalidMediaUrl);
    const mine = await addBank(t, member);
    expect((await t.call(bankApi.info, { id: mine.id }, other.token)).code).toBe(
      ErrorCode.PaymentMethodNotFound,
    );
    expect((await t.call(bankApi.delete, { id: mine.id }, other.token)).code).toBe(
      ErrorCode.PaymentMethodNotFound,
    );
    expect(
      (await t.call(bankApi.update, { id: mine.id, ...bankForm({ name: 'Thief' }) } as never, other.token))
        .code,
    ).toBe(ErrorCode.PaymentMethodNotFound);
  });

  it('a method used by a live ad cannot be deleted', async () => {
    const merchant = await createMerchant(t);
    const ad = await createAd(t, merchant);
    expect((await t.call(bankApi.delete, { id: ad.paymentMethodId }, merchant.token)).code).toBe(
      ErrorCode.PaymentMethodInUse,
    );
  });
});
