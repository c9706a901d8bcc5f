import { adminRateApi, advertisingApi, ErrorCode, transactionApi } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser } from '../helpers/factories.ts';
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

const t = useTestApp({ C2C_REFERENCE_RATE: '7.20', C2C_FEE_PERCENT: '0' });
afterAll(async () => {
  await expectBooks(t);
});

/** Every floating ad that is not deleted carries the formula's price over the current rate. */
const expectFloatingInvariant = async () => {
  const rows = (await t.database.db.execute(sql`
    SELECT count(*)::int AS wrong FROM c2c_ads a
    WHERE a.price_type = 'floating' AND a.status <> 0
      AND a.price <> greatest(1, ((SELECT rate FROM c2c_reference_rate WHERE id = 1) * a.float_bp + 5000) / 10000)`)) as unknown as {
    rows: { wrong: number }[];
  };
  expect(rows.rows[0]!.wrong).toBe(0);
};

describe('price types', () => {
  it('a floating ad is priced from the rate and re-priced when it changes; an open order keeps its price', async () => {
    const merchant = await createMerchant(t, '500');
    const method = await addBank(t, merchant);
    const floating = await createAd(t, merchant, {
      paymentMethodId: method.id,
      priceType: 'floating',
      floatPercent: '101.5',
      price: '1.00',
    });
    // 7.20 × 101.5 % = 7.308 → 7.31; the price sent with a floating form is ignored.
    expect(floating).toMatchObject({ priceType: 'floating', floatPercent: '101.50', price: '7.31' });
    const fixed = await createAd(t, merchant, { paymentMethodId: method.id, price: '7.00' });
    expect(fixed).toMatchObject({ priceType: 'fixed', floatPercent: null, price: '7.00' });

    const buyer = await createTrader(t);
    const open = await startOrder(t, buyer, floating.id, '10');
    expect(open).toMatchObject({ price: '7.31', amountFiat: '73.10' });

    const admin = await adminToken(t);
    const changed = await t.ok(adminRateApi.update, { rate: '7.50' }, admin);
    expect(changed).toMatchObject({ rate: '7.50', repriced: 1 });
    expect(await t.ok(advertisingApi.rate, {}, buyer.token)).toMatchObject({ rate: '7.50' });
    // 7.50 × 101.5 % = 7.6125 → 7.61; the fixed ad does not move.
    expect((await t.ok(advertisingApi.detail, { id: floating.id }, buyer.token)).price).toBe('7.61');
    expect((await t.ok(advertisingApi.detail, { id: fixed.id }, buyer.token)).price).toBe('7.00');
    await expectFloatingInvariant();

    // The open order keeps the price locked at its start, through payment and release.
    await pay(t, buyer, open.orderId);
    const done = await release(t, merchant, open.orderId);
    expect(done).toMatchObject({ price: '7.31', amountFiat: '73.10', status: 'completed' });
    // A new order takes the new price.
    const next = await startOrder(t, buyer, floating.id, '10');
    expect(next).toMatchObject({ price: '7.61', amountFiat: '76.10' });
    await t.ok(transactionApi.canceled, { id: next.orderId }, buyer.token);

    // Audited, with the old and new rate.
    const audit = (await t.database.db.execute(
      sql`SELECT reason FROM audit_logs WHERE action = 'c2c:rate:update' ORDER BY id DESC LIMIT 1`,
    )) as unknown as { rows: { reason: string }[] };
    expect(audit.rows[0]!.reason).toContain('7.20 -> 7.50');
  });

  it('update switches the price type; the form asks for what its type needs', async () => {
    const merchant = await createMerchant(t, '500');
    const method = await addBank(t, merchant);
    const ad = await createAd(t, merchant, { paymentMethodId: method.id, price: '7.00' });
    const base = {
      type: 'sell' as const,
      paymentMethodId: method.id,
      quantity: '100',
      minLimit: '10.00',
      maxLimit: '700.00',
      timeLimit: 15,
    };
    const rate = (await t.ok(advertisingApi.rate, {}, merchant.token)).rate;
    const switched = await t.ok(
      advertisingApi.update,
      { ...base, id: ad.id, priceType: 'floating', floatPercent: '100' },
      merchant.token,
    );
    expect(switched).toMatchObject({ priceType: 'floating', floatPercent: '100.00', price: rate });
    const missingPercent = await t.call(
      advertisingApi.publish,
      { ...base, priceType: 'floating' },
      merchant.token,
    );
    expect(missingPercent).toMatchObject({ code: ErrorCode.Validation, data: [{ field: 'floatPercent' }] });
    const missingPrice = await t.call(advertisingApi.publish, base, merchant.token);
    expect(missingPrice).toMatchObject({ code: ErrorCode.Validation, data: [{ field: 'price' }] });
    for (const floatPercent of ['49.99', '200.01', '1e2', '-5', '100.123']) {
      await t.fails(
        advertisingApi.publish,
        { ...base, priceType: 'floating', floatPercent },
        merchant.token,
        ErrorCode.Validation,
      );
    }
  });

  it('only the admin sets the rate; bad rates are refused', async () => {
    const member = await createUser(t);
    const merchant = await createMerchant(t);
    for (const token of [member.token, merchant.token]) {
      expect((await t.call(adminRateApi.update, { rate: '9.99' }, token)).code).not.toBe(1000);
    }
    const admin = await adminToken(t);
    for (const rate of ['0', '-1', 'abc', '7.123']) {
      await t.fails(adminRateApi.update, { rate }, admin, ErrorCode.Validation);
    }
    expect((await t.ok(advertisingApi.rate, {}, member.token)).rate).not.toBe('9.99');
  });
});
