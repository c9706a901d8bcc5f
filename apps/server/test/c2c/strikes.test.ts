import {
  adminC2cApi,
  advertisingApi,
  ErrorCode,
  standingApi,
  transactionApi,
  userApi,
} from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { createAd, createMerchant, createTrader, expectBooks, pay, startOrder } from './factories.ts';

let support: string;
const t = useTestApp({ SUPPORT_PASSWORD: 'support-pass-1', C2C_STRIKE_LIMIT: '1' });
beforeAll(async () => {
  ({ token: support } = await t.ok(userApi.loginByName, { username: 'support', password: 'support-pass-1' }));
});
afterAll(async () => {
  await expectBooks(t);
});

/** A paid order on the merchant's ad, appealed by the seller with a reason from the list. */
const appealed = async (merchant: TestUser, adId: number, buyer: TestUser) => {
  const order = await startOrder(t, buyer, adId, '10');
  await pay(t, buyer, order.orderId);
  return t.ok(
    transactionApi.appealing,
    { id: order.orderId, reasonCode: 'not_received', reason: 'nothing arrived' },
    merchant.token,
  );
};

describe('appeals: reasons, strikes and suspension', () => {
  it('the reason code is kept; the party at fault gets a strike; above the limit trading is suspended until support lifts it', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);

    const first = await appealed(merchant, ad.id, buyer);
    expect(first).toMatchObject({ status: 'appealing', appealReasonCode: 'not_received' });
    const resolved = await t.ok(
      adminC2cApi.appealResolve,
      { id: first.orderId, result: 'canceled', note: 'No payment was made', fault: 'buyer' },
      support,
    );
    // The decision's note is on the order both parties read.
    expect(resolved.resolutionNote).toBe('No payment was made');
    expect((await t.ok(transactionApi.detail, { id: first.orderId }, buyer.token)).resolutionNote).toBe(
      'No payment was made',
    );
    // One strike is within the limit of 1: still trading.
    expect(await t.ok(standingApi.mine, {}, buyer.token)).toEqual({
      userId: buyer.id,
      strikes: 1,
      suspended: false,
    });
    expect(await t.ok(standingApi.mine, {}, merchant.token)).toMatchObject({ strikes: 0, suspended: false });

    const second = await appealed(merchant, ad.id, buyer);
    await t.ok(
      adminC2cApi.appealResolve,
      { id: second.orderId, result: 'canceled', note: 'Again no payment', fault: 'buyer' },
      support,
    );
    expect(await t.ok(standingApi.mine, {}, buyer.token)).toMatchObject({ strikes: 2, suspended: true });
    await t.fails(
      transactionApi.start,
      { adId: ad.id, amountCoin: '10' },
      buyer.token,
      ErrorCode.TradingSuspended,
    );

    // Audited: two strikes, the second one suspending.
    const audit = (await t.database.db.execute(
      sql`SELECT action FROM audit_logs WHERE target_user_id = ${buyer.id} AND action LIKE 'c2c:strike%' ORDER BY id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(['c2c:strike', 'c2c:strike:suspended']);

    // The console lists the suspended trader (search by user name too) with the strikes.
    const suspended = await t.ok(standingApi.page, { suspended: true, size: 100 }, support);
    expect(suspended.list.find((r) => r.userId === buyer.id)).toMatchObject({ strikes: 2, suspended: true });
    expect(suspended.list.every((r) => r.suspended)).toBe(true);
    const found = await t.ok(standingApi.page, { keyword: buyer.username }, support);
    expect(found.list.map((r) => r.userId)).toEqual([buyer.id]);
    await t.fails(standingApi.page, {}, buyer.token, ErrorCode.Forbidden);
    await t.fails(standingApi.page, { size: 0 }, support, ErrorCode.Validation);

    // Support lifts it: strikes cleared, trading again, audited.
    expect(await t.ok(standingApi.lift, { userId: buyer.id, note: 'Talked to the member' }, support)).toEqual(
      {
        userId: buyer.id,
        strikes: 0,
        suspended: false,
      },
    );
    const again = await startOrder(t, buyer, ad.id, '10');
    await t.ok(transactionApi.canceled, { id: again.orderId }, buyer.token);
    const lifted = (await t.database.db.execute(
      sql`SELECT reason FROM audit_logs WHERE target_user_id = ${buyer.id} AND action = 'c2c:trader:lift'`,
    )) as unknown as { rows: { reason: string }[] };
    expect(lifted.rows[0]!.reason).toContain('Talked to the member');
    // No longer listed: no strikes, not suspended.
    const after = await t.ok(standingApi.page, { keyword: buyer.username }, support);
    expect(after.list).toEqual([]);
  });

  it('a suspended merchant cannot publish or put ads up; no fault means no strike', async () => {
    const merchant = await createMerchant(t, '300');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const spare = await createAd(t, merchant, { quantity: '50' });
    await t.ok(advertisingApi.close, { id: spare.id }, merchant.token);
    const buyer = await createTrader(t);
    const calm = await appealed(merchant, ad.id, buyer);
    await t.ok(
      adminC2cApi.appealResolve,
      { id: calm.orderId, result: 'completed', note: 'Paid, released' },
      support,
    );
    expect(await t.ok(standingApi.mine, {}, merchant.token)).toMatchObject({ strikes: 0 });
    for (const _ of [1, 2]) {
      const o = await appealed(merchant, ad.id, buyer);
      await t.ok(
        adminC2cApi.appealResolve,
        { id: o.orderId, result: 'completed', note: 'Seller withheld coins', fault: 'seller' },
        support,
      );
    }
    expect(await t.ok(standingApi.mine, {}, merchant.token)).toMatchObject({ strikes: 2, suspended: true });
    await t.fails(
      advertisingApi.publish,
      {
        type: 'sell',
        paymentMethodId: ad.paymentMethodId,
        price: '7.00',
        quantity: '10',
        minLimit: '10.00',
        maxLimit: '70.00',
        timeLimit: 15,
      },
      merchant.token,
      ErrorCode.TradingSuspended,
    );
    await t.fails(advertisingApi.uploadAd, { id: spare.id }, merchant.token, ErrorCode.TradingSuspended);
  });

  it('only support lifts; bad input and unknown members are refused', async () => {
    const member = await createUser(t);
    const other = await createUser(t, { level: 1 });
    expect((await t.call(standingApi.lift, { userId: other.id, note: 'me' }, member.token)).code).not.toBe(
      1000,
    );
    await t.fails(standingApi.lift, { userId: 999_999, note: 'x' }, support, ErrorCode.UserNotFound);
    await t.fails(standingApi.lift, { userId: other.id, note: '' }, support, ErrorCode.Validation);
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '20' });
    const order = await startOrder(t, other, ad.id, '10');
    await pay(t, other, order.orderId);
    await t.fails(
      transactionApi.appealing,
      { id: order.orderId, reasonCode: 'bribe', reason: 'x' } as never,
      merchant.token,
      ErrorCode.Validation,
    );
    await t.fails(
      adminC2cApi.appealResolve,
      { id: order.orderId, result: 'completed', note: 'x', fault: 'both' } as never,
      support,
      ErrorCode.Validation,
    );
    await t.ok(transactionApi.appealing, { id: order.orderId, reason: 'plain text appeal' }, merchant.token);
    expect((await t.ok(transactionApi.detail, { id: order.orderId }, other.token)).appealReasonCode).toBe(
      'other',
    );
  });
});
