import { AdStatus, advertisingApi, ErrorCode } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { balanceOf, createUser } from '../helpers/factories.ts';
import { addBank, createAd, createMerchant, createTrader, expectBooks, startOrder } from './factories.ts';

const t = useTestApp();
afterAll(async () => {
  await expectBooks(t);
});

describe('ads', () => {
  it('a sell ad freezes its quantity; take down unfreezes, put up freezes again, delete unfreezes', async () => {
    const merchant = await createMerchant(t, '500');
    const ad = await createAd(t, merchant, { quantity: '120' });
    expect(ad).toMatchObject({
      status: AdStatus.Active,
      quantity: '120.00',
      remaining: '120.00',
      price: '7.00',
    });
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '380.00', frozen: '120.00' });

    const down = await t.ok(advertisingApi.close, { id: ad.id }, merchant.token);
    expect(down.status).toBe(AdStatus.Inactive);
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '500.00', frozen: '0.00' });
    expect((await t.call(advertisingApi.close, { id: ad.id }, merchant.token)).code).toBe(
      ErrorCode.AdNotActive,
    );

    const up = await t.ok(advertisingApi.uploadAd, { id: ad.id }, merchant.token);
    expect(up.status).toBe(AdStatus.Active);
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '380.00', frozen: '120.00' });

    await t.ok(advertisingApi.delete, { id: ad.id }, merchant.token);
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '500.00', frozen: '0.00' });
    expect((await t.call(advertisingApi.info, { id: ad.id }, merchant.token)).code).toBe(
      ErrorCode.AdNotFound,
    );
    expect((await t.call(advertisingApi.uploadAd, { id: ad.id }, merchant.token)).code).toBe(
      ErrorCode.AdNotFound,
    );
  });

  it('a buy ad freezes nothing; a sell ad above the balance is refused and moves nothing', async () => {
    const merchant = await createMerchant(t, '50');
    const buy = await createAd(t, merchant, { type: 'buy', quantity: '10000' });
    expect(buy.type).toBe('buy');
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '50.00', frozen: '0.00' });
    const method = buy.paymentMethodId;
    const res = await t.call(
      advertisingApi.publish,
      {
        type: 'sell',
        paymentMethodId: method,
        price: '7.00',
        quantity: '51',
        minLimit: '10',
        maxLimit: '100',
        timeLimit: 15,
      },
      merchant.token,
    );
    expect(res.code).toBe(ErrorCode.InsufficientBalance);
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '50.00', frozen: '0.00' });
    const mine = await t.ok(advertisingApi.myPage, {}, merchant.token);
    expect(mine.list.map((a) => a.id)).toEqual([buy.id]);
  });

  it('update: changes price and quantity (freezing the difference), refused while orders are open', async () => {
    const merchant = await createMerchant(t, '300');
    const ad = await createAd(t, merchant, { quantity: '100' });
    const form = {
      id: ad.id,
      type: 'sell' as const,
      paymentMethodId: ad.paymentMethodId,
      price: '7.10',
      quantity: '150',
      minLimit: '10.00',
      maxLimit: '1000.00',
      timeLimit: 30,
      terms: 'bank only',
    };
    const bigger = await t.ok(advertisingApi.update, form, merchant.token);
    expect(bigger).toMatchObject({ price: '7.10', remaining: '150.00', timeLimit: 30, terms: 'bank only' });
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '150.00', frozen: '150.00' });
    const smaller = await t.ok(advertisingApi.update, { ...form, quantity: '40' }, merchant.token);
    expect(smaller.remaining).toBe('40.00');
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '260.00', frozen: '40.00' });

    const buyer = await createTrader(t);
    await startOrder(t, buyer, ad.id, '10');
    const res = await t.call(advertisingApi.update, { ...form, quantity: '20' }, merchant.token);
    expect(res.code).toBe(ErrorCode.AdHasOpenOrders);
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '260.00', frozen: '30.00' });
    // min above max, a side change, someone else's ad.
    expect(
      (await t.call(advertisingApi.publish, { ...form, minLimit: '500', maxLimit: '100' }, merchant.token))
        .code,
    ).toBe(ErrorCode.InvalidAdLimits);
    expect((await t.call(advertisingApi.update, { ...form, type: 'buy' }, merchant.token)).code).toBe(
      ErrorCode.Validation,
    );
    const other = await createMerchant(t);
    const otherMethod = await addBank(t, other);
    expect(
      (await t.call(advertisingApi.update, { ...form, paymentMethodId: otherMethod.id }, other.token)).code,
    ).toBe(ErrorCode.AdNotFound);
    expect((await t.call(advertisingApi.close, { id: ad.id }, other.token)).code).toBe(ErrorCode.AdNotFound);
  });

  it('only merchants publish, with their own payment method', async () => {
    const member = await createUser(t, { level: 1 });
    const method = await addBank(t, member);
    const form = {
      type: 'sell' as const,
      paymentMethodId: method.id,
      price: '7',
      quantity: '1',
      minLimit: '1',
      maxLimit: '7',
      timeLimit: 15,
    };
    expect((await t.call(advertisingApi.publish, form, member.token)).code).toBe(ErrorCode.NotMerchant);
    const merchant = await createMerchant(t);
    expect((await t.call(advertisingApi.publish, form, merchant.token)).code).toBe(
      ErrorCode.PaymentMethodNotFound,
    );
  });

  it('the market lists active ads with quantity left, by side, payment type and amount, best price first', async () => {
    const a = await createMerchant(t, '1000');
    const b = await createMerchant(t, '1000');
    const cheap = await createAd(t, a, { price: '6.90', quantity: '50', minLimit: '100', maxLimit: '300' });
    const dear = await createAd(t, b, { price: '7.30', quantity: '50' });
    const alipay = await addBank(t, b, { type: 'alipay', name: 'Li Lei', account: 'b@x' });
    const viaAlipay = await createAd(t, b, { paymentMethodId: alipay.id, price: '7.20', quantity: '20' });
    const hidden = await createAd(t, a, { price: '6.00', quantity: '10' });
    await t.ok(advertisingApi.close, { id: hidden.id }, a.token);
    const viewer = await createUser(t);

    const all = await t.ok(advertisingApi.page, { type: 'sell', size: 100 }, viewer.token);
    const ids = all.list.map((x) => x.id);
    expect(ids).not.toContain(hidden.id);
    const mine = all.list.filter((x) => [cheap.id, dear.id, viaAlipay.id].includes(x.id)).map((x) => x.id);
    expect(mine).toEqual([cheap.id, viaAlipay.id, dear.id]);
    const card = all.list.find((x) => x.id === cheap.id)!;
    expect(card.merchant).toMatchObject({ userId: a.id, stats: { completedOrders: 0 } });
    // 50 USDT at 6.90 is worth 345.00: the max shown is the smaller of that and 300.
    expect(card.maxLimit).toBe('300.00');

    const byType = await t.ok(
      advertisingApi.page,
      { type: 'sell', paymentType: 'alipay', size: 100 },
      viewer.token,
    );
    expect(byType.list.every((x) => x.paymentType === 'alipay')).toBe(true);
    expect(byType.list.map((x) => x.id)).toContain(viaAlipay.id);
    const byAmount = await t.ok(advertisingApi.page, { type: 'sell', amount: '50', size: 100 }, viewer.token);
    expect(byAmount.list.map((x) => x.id)).not.toContain(cheap.id);
    expect(byAmount.list.map((x) => x.id)).toContain(dear.id);
    const buySide = await t.ok(advertisingApi.page, { type: 'buy', size: 100 }, viewer.token);
    expect(buySide.list.every((x) => x.type === 'buy')).toBe(true);

    expect((await t.ok(advertisingApi.detail, { id: dear.id }, viewer.token)).id).toBe(dear.id);
    expect((await t.call(advertisingApi.detail, { id: hidden.id }, viewer.token)).code).toBe(
      ErrorCode.AdNotFound,
    );
    expect((await t.call(advertisingApi.info, { id: dear.id }, viewer.token)).code).toBe(
      ErrorCode.AdNotFound,
    );
    expect(await t.ok(advertisingApi.rate, {}, viewer.token)).toEqual({ fiat: 'CNY', rate: '7.20' });
  });
});
