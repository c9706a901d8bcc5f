import { advertisingApi, ErrorCode, merchantApi, transactionApi, trustApi } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { c2cAds } from '../../src/modules/c2c/tables.ts';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import { balanceOf, createUser, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import {
  addBank,
  createAd,
  createMerchant,
  createTrader,
  expectBooks,
  pay,
  release,
  startOrder,
} from './factories.ts';

const DAY = 86_400_000;

describe('feedback, stats and the trader profile', () => {
  const t = useTestApp();
  afterAll(async () => {
    await expectBooks(t);
  });

  /** A completed order between a merchant (seller) and a buyer. */
  const completed = async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant, { terms: 'Pay from your own account' });
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    await pay(t, buyer, order.orderId);
    await release(t, merchant, order.orderId);
    return { merchant, buyer, ad, order };
  };

  it('each side rates the other once after completion; the order and the stats show it', async () => {
    const { merchant, buyer, ad, order } = await completed();
    const afterBuyer = await t.ok(
      trustApi.feedback,
      { id: order.orderId, positive: true, comment: ' Fast release ' },
      buyer.token,
    );
    expect(afterBuyer.buyerFeedback).toMatchObject({ positive: true, comment: 'Fast release' });
    expect(afterBuyer.sellerFeedback).toBeNull();
    await t.fails(
      trustApi.feedback,
      { id: order.orderId, positive: false },
      buyer.token,
      ErrorCode.FeedbackExists,
    );
    const afterSeller = await t.ok(trustApi.feedback, { id: order.orderId, positive: false }, merchant.token);
    expect(afterSeller.sellerFeedback).toMatchObject({ positive: false, comment: '' });
    // Both see both sides on the order.
    const seen = await t.ok(transactionApi.detail, { id: order.orderId }, buyer.token);
    expect(seen.buyerFeedback?.positive).toBe(true);
    expect(seen.sellerFeedback?.positive).toBe(false);

    // The merchant's card in the market carries the feedback and the badges.
    const card = await t.ok(advertisingApi.detail, { id: ad.id }, buyer.token);
    expect(card.merchant.stats).toMatchObject({
      positiveRate: '100.0',
      feedbackPositive: 1,
      feedbackNegative: 0,
      completedOrders: 1,
      orders30d: 1,
      completionRate: '100.0',
      badges: ['verified'],
    });
    expect(card.merchant.stats.avgReleaseSeconds).not.toBeNull();
    expect(Date.parse(card.merchant.stats.registerTime ?? '')).toBeLessThanOrEqual(Date.now());
    // The buyer's stats: one negative, no badge.
    const buyerProfile = await t.ok(trustApi.profile, { userId: buyer.id }, merchant.token);
    expect(buyerProfile).toMatchObject({ isMerchant: false, ads: [], intro: '' });
    expect(buyerProfile.stats).toMatchObject({ positiveRate: '0.0', feedbackNegative: 1, badges: [] });
  });

  it('the profile lists live ads and the feedback received, newest first; the page filters', async () => {
    const { merchant, buyer, ad, order } = await completed();
    await t.ok(trustApi.feedback, { id: order.orderId, positive: true, comment: 'ok' }, buyer.token);
    const down = await createAd(t, merchant);
    await t.ok(advertisingApi.close, { id: down.id }, merchant.token);
    const stranger = await createUser(t);
    const profile = await t.ok(trustApi.profile, { userId: merchant.id }, stranger.token);
    expect(profile.isMerchant).toBe(true);
    expect(profile.name).toMatch(/^Shop /);
    expect(profile.ads.map((a) => a.id)).toEqual([ad.id]);
    expect(profile.feedback).toHaveLength(1);
    expect(profile.feedback[0]).toMatchObject({
      orderId: order.orderId,
      positive: true,
      comment: 'ok',
      fromUserId: buyer.id,
    });
    const negative = await t.ok(
      trustApi.feedbackPage,
      { userId: merchant.id, positive: 'negative' },
      stranger.token,
    );
    expect(negative).toMatchObject({ list: [], pagination: { total: 0 } });
    const all = await t.ok(trustApi.feedbackPage, { userId: merchant.id }, stranger.token);
    expect(all.pagination.total).toBe(1);
    await t.fails(trustApi.profile, { userId: 999_999 }, stranger.token, ErrorCode.MerchantNotFound);
    await t.fails(trustApi.feedbackPage, { userId: 999_999 }, stranger.token, ErrorCode.MerchantNotFound);
  });

  it('feedback only on a completed order, only by a party', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    await t.fails(
      trustApi.feedback,
      { id: order.orderId, positive: true },
      buyer.token,
      ErrorCode.OrderStatusInvalid,
    );
    await pay(t, buyer, order.orderId);
    await t.fails(
      trustApi.feedback,
      { id: order.orderId, positive: true },
      merchant.token,
      ErrorCode.OrderStatusInvalid,
    );
    await release(t, merchant, order.orderId);
    const stranger = await createUser(t);
    await t.fails(
      trustApi.feedback,
      { id: order.orderId, positive: true },
      stranger.token,
      ErrorCode.OrderNotFound,
    );
    await t.fails(trustApi.feedback, { id: 999_999, positive: true }, buyer.token, ErrorCode.OrderNotFound);
    // Bad input: a comment over 500 characters, a missing rating, a negative requirement.
    const long = { id: order.orderId, positive: true, comment: 'x'.repeat(501) };
    await t.fails(trustApi.feedback, long, buyer.token, ErrorCode.Validation);
    await t.fails(trustApi.feedback, { id: order.orderId } as never, buyer.token, ErrorCode.Validation);
    await t.fails(
      advertisingApi.publish,
      { ...adForm(ad.paymentMethodId), takerMinDays: -1 },
      merchant.token,
      ErrorCode.Validation,
    );
    const detail = await t.ok(merchantApi.detail, { userId: merchant.id }, buyer.token);
    expect(detail.stats.feedbackPositive + detail.stats.feedbackNegative).toBe(0);
  });
});

/** A buy ad written straight into the table, past the posting gates: the counterparty every newcomer needs. */
const seedBuyAd = async (t: TestApp, owner: TestUser) => {
  const method = await addBank(t, owner);
  const [row] = await t.database.db
    .insert(c2cAds)
    .values({
      userId: owner.id,
      type: 'buy',
      paymentMethodId: method.id,
      paymentType: 'bank',
      price: 700n,
      quantity: 100_000_000n,
      remaining: 100_000_000n,
      frozen: 0n,
      minLimit: 1000n,
      maxLimit: 70_000n,
      timeLimit: 15,
    })
    .returning();
  return row!;
};

describe('ad-posting gates (settings)', () => {
  const t = useTestApp({
    C2C_AD_MIN_ACCOUNT_DAYS: '3',
    C2C_AD_MIN_COMPLETED_ORDERS: '1',
    C2C_AD_MIN_COMPLETION_RATE: '60',
  });
  afterAll(async () => {
    await expectBooks(t);
  });

  it('refuses publish and put-up with the rule, what it asks and what the merchant has', async () => {
    const veteran = await createMerchant(t, '500');
    const buyAd = await seedBuyAd(t, veteran);
    const merchant = await createMerchant(t, '500');
    const method = await addBank(t, merchant);
    const form = adForm(method.id);
    const publish = () => t.call(advertisingApi.publish, form, merchant.token);
    const balance = await balanceOf(t, merchant);

    expect(await publish()).toMatchObject({
      code: ErrorCode.AdPostingNotAllowed,
      data: { rule: 'accountDays', required: 3, actual: 0 },
    });
    t.clock.advance(3 * DAY + 1000);
    expect(await publish()).toMatchObject({ data: { rule: 'completedOrders', required: 1, actual: 0 } });

    // The newcomer sells into the veteran's buy ad: one completed, one canceled by the buyer.
    const sell = () => startOrder(t, merchant, buyAd.id, '10', { paymentMethodId: method.id, pin: TEST_PIN });
    const first = await sell();
    await pay(t, veteran, first.orderId);
    await release(t, merchant, first.orderId);
    const second = await sell();
    await t.ok(transactionApi.canceled, { id: second.orderId }, veteran.token);
    expect(await publish()).toMatchObject({
      code: ErrorCode.AdPostingNotAllowed,
      data: { rule: 'completionRate', required: 60, actual: '50.0' },
    });
    expect(await balanceOf(t, merchant)).toMatchObject({ frozen: balance.frozen });

    const third = await sell();
    await pay(t, veteran, third.orderId);
    await release(t, merchant, third.orderId);
    const ad = await t.ok(advertisingApi.publish, form, merchant.token);
    await t.ok(advertisingApi.close, { id: ad.id }, merchant.token);
    // The rate drops again (2 of 4): putting the ad up is refused too.
    const fourth = await sell();
    await t.ok(transactionApi.canceled, { id: fourth.orderId }, veteran.token);
    expect(await t.call(advertisingApi.uploadAd, { id: ad.id }, merchant.token)).toMatchObject({
      code: ErrorCode.AdPostingNotAllowed,
      data: { rule: 'completionRate', required: 60, actual: '50.0' },
    });
    expect((await t.ok(advertisingApi.info, { id: ad.id }, merchant.token)).status).toBe(2);
  });
});

describe('taker requirements on an ad', () => {
  const t = useTestApp();
  afterAll(async () => {
    await expectBooks(t);
  });

  it('a taker below them is refused with the reason, before any money moves', async () => {
    const merchant = await createMerchant(t, '500');
    const strict = await createAd(t, merchant, { takerMinOrders: 1, takerMinDays: 2 });
    expect(strict.requirements).toEqual({ minOrders: 1, minDays: 2, minLevel: 1 });
    const open = await createAd(t, merchant);
    expect(open.requirements).toEqual({ minOrders: 0, minDays: 0, minLevel: 1 });
    const taker = await createTrader(t);
    const before = await t.ok(advertisingApi.info, { id: strict.id }, merchant.token);

    expect(
      await t.call(transactionApi.quote, { adId: strict.id, amountCoin: '10' }, taker.token),
    ).toMatchObject({
      code: ErrorCode.TakerRequirementNotMet,
      data: { rule: 'takerOrders', required: 1, actual: 0 },
    });
    expect(
      await t.call(transactionApi.start, { adId: strict.id, amountCoin: '10' }, taker.token),
    ).toMatchObject({
      code: ErrorCode.TakerRequirementNotMet,
      data: { rule: 'takerOrders', required: 1, actual: 0 },
    });
    expect((await t.ok(advertisingApi.info, { id: strict.id }, merchant.token)).remaining).toBe(
      before.remaining,
    );

    const order = await startOrder(t, taker, open.id, '10');
    await pay(t, taker, order.orderId);
    await release(t, merchant, order.orderId);
    expect(
      await t.call(transactionApi.start, { adId: strict.id, amountCoin: '10' }, taker.token),
    ).toMatchObject({
      code: ErrorCode.TakerRequirementNotMet,
      data: { rule: 'takerDays', required: 2, actual: 0 },
    });
    t.clock.advance(2 * DAY + 1000);
    const ok = await startOrder(t, taker, strict.id, '10');
    expect(ok.status).toBe('pending');
    await t.ok(transactionApi.canceled, { id: ok.orderId }, taker.token);
  });

  it('update changes the requirements', async () => {
    const merchant = await createMerchant(t, '500');
    const ad = await createAd(t, merchant, { takerMinDays: 30 });
    const updated = await t.ok(
      advertisingApi.update,
      {
        id: ad.id,
        type: 'sell',
        paymentMethodId: ad.paymentMethodId,
        price: '7.00',
        quantity: '100',
        minLimit: '10.00',
        maxLimit: '700.00',
        timeLimit: 15,
        takerMinOrders: 5,
      },
      merchant.token,
    );
    expect(updated.requirements).toEqual({ minOrders: 5, minDays: 0, minLevel: 1 });
  });
});

const adForm = (paymentMethodId: number) => ({
  type: 'sell' as const,
  paymentMethodId,
  price: '7.00',
  quantity: '10',
  minLimit: '10.00',
  maxLimit: '70.00',
  timeLimit: 15,
});

describe('trader profiles by id (FRIEND_LOOKUP_HOURLY_LIMIT 4)', () => {
  const q = useTestApp({ FRIEND_LOOKUP_HOURLY_LIMIT: '4' });

  it('show approved merchants and counterparties only; strangers count and see no sign-up time', async () => {
    const merchant = await createMerchant(q, '200');
    const ad = await createAd(q, merchant);
    const buyer = await createTrader(q);
    const order = await startOrder(q, buyer, ad.id, '10');
    await pay(q, buyer, order.orderId);
    await release(q, merchant, order.orderId);
    const member = await createUser(q);
    const stranger = await createUser(q);

    // A member who is no merchant and shares no order with me: as if there were none.
    await q.fails(trustApi.profile, { userId: member.id }, stranger.token, ErrorCode.MerchantNotFound);
    await q.fails(trustApi.feedbackPage, { userId: member.id }, stranger.token, ErrorCode.MerchantNotFound);
    const seen = await q.ok(trustApi.profile, { userId: merchant.id }, stranger.token);
    expect(seen.stats.registerTime).toBeNull();
    await q.fails(trustApi.profile, { userId: 999_999 }, stranger.token, ErrorCode.MerchantNotFound);
    // Four looks used: the fifth is refused.
    await q.fails(trustApi.profile, { userId: merchant.id }, stranger.token, ErrorCode.RateLimited);

    // Counterparties see each other, sign-up time included, without using the quota.
    for (let i = 0; i < 5; i++) {
      const profile = await q.ok(trustApi.profile, { userId: merchant.id }, buyer.token);
      expect(Date.parse(profile.stats.registerTime ?? '')).toBeLessThanOrEqual(Date.now());
    }
    expect((await q.ok(trustApi.profile, { userId: buyer.id }, merchant.token)).isMerchant).toBe(false);
    await q.ok(trustApi.profile, { userId: member.id }, member.token);
  });
});
