import { randomUUID } from 'node:crypto';
import {
  appGoodsApi,
  ErrorCode,
  mccApi,
  payDeskApi,
  transactionApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { resetPassword } from '../../src/modules/user/index.ts';
import { addBank, createAd, createMerchant, createTrader, pay, startOrder } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import {
  balanceOf,
  createFriendPair,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { chatTransfer, sendPacket } from '../helpers/money.ts';

const HOUR = 3600_000;

/**
 * After a password or PIN change, money may leave for other members only up to a small allowance until
 * WITHDRAWAL_HOLD_HOURS have passed, whichever internal path it takes (docs/security.md, "Money paths").
 */
const t = useTestApp({ WITHDRAWAL_HOLD_HOURS: '24', OUTFLOW_HOLD_ALLOWANCE_USDT: '5' });

/** A member with a PIN and money whose PIN was then replaced: the hold runs from now. */
const heldMember = async (funds = '1000') => {
  const u = await createTrader(t, funds);
  await setPin(t, u, '654321');
  await setPin(t, u);
  return u;
};

const transfer = (from: TestUser, to: TestUser, amount: string, endpoint = walletApi.transfer) =>
  t.call(endpoint, { memberId: to.memberId, amount, pin: TEST_PIN, requestId: randomUUID() }, from.token);

/** The refusal names the end of the hold (an ISO time about 24 hours from now) and what is left. */
const expectHeld = (res: { code: number; message: string; data: unknown }, remaining = '5.00') => {
  expect(res.code).toBe(ErrorCode.OutflowHeld);
  const data = res.data as { until: string; remaining: string };
  expect(data.remaining).toBe(remaining);
  const left = Date.parse(data.until) - t.clock.now().getTime();
  expect(left).toBeGreaterThan(23 * HOUR);
  expect(left).toBeLessThanOrEqual(24 * HOUR);
  expect(res.message).toContain(data.until);
};

describe('the hold after a credential change refuses internal sending above the allowance', () => {
  // First: the command writes the database's time, and the test below moves this server's clock a day on.
  it('npm run admin:password (resetPassword) starts the hold for internal sending too', async () => {
    const a = await createTrader(t, '1000');
    expect(await resetPassword(t.database.db, a.username, 'operator-set-pass-1')).toBe(true);
    const login = await t.ok(userApi.loginByName, { username: a.username, password: 'operator-set-pass-1' });
    expectHeld(await transfer({ ...a, token: login.token }, await createUser(t), '900'));
  });

  it('wallet and MCC transfers: the allowance passes, more is refused, nothing moves; after the hold it passes', async () => {
    const a = await heldMember();
    const b = await createUser(t);
    expect((await transfer(a, b, '3')).code).toBe(1000);
    expectHeld(await transfer(a, b, '900'), '2.00');
    expectHeld(await transfer(a, b, '900', mccApi.transfer), '2.00');
    expect((await balanceOf(t, a)).available).toBe('997.00');
    t.clock.advance(24 * HOUR + 60_000);
    expect((await transfer(a, b, '900')).code).toBe(1000);
  });

  it('the first PIN starts no hold', async () => {
    const a = await createTrader(t, '1000');
    expect((await transfer(a, await createUser(t), '900')).code).toBe(1000);
  });

  it('a chat transfer', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await setPin(t, a);
    await credit(t, a, '1000');
    await setPin(t, a);
    expectHeld(await chatTransfer(t, a, sessionId, '900'));
    expect((await balanceOf(t, a)).available).toBe('1000.00');
    expect((await chatTransfer(t, a, sessionId, '5')).code).toBe(1000);
    expect((await balanceOf(t, b)).available).toBe('5.00');
  });

  it('a red packet', async () => {
    const { a, sessionId } = await createFriendPair(t);
    await setPin(t, a);
    await credit(t, a, '1000');
    await setPin(t, a);
    expectHeld(await sendPacket(t, a, { sessionId, amount: '900' }));
    expect((await balanceOf(t, a)).available).toBe('1000.00');
  });

  it('a pay-desk payment', async () => {
    const a = await heldMember('100');
    const goods = await t.ok(appGoodsApi.list, {}, a.token);
    const item = goods.find((g) => Number(g.price) > 5)!;
    const order = await t.ok(payDeskApi.create, { goodsId: item.id, requestId: randomUUID() }, a.token);
    expectHeld(await t.call(payDeskApi.pay, { orderNo: order.orderNo, pin: TEST_PIN }, a.token));
    expect((await balanceOf(t, a)).available).toBe('100.00');
  });

  it('C2C: selling into a buy ad is refused at the start, nothing goes to escrow', async () => {
    const merchant = await createMerchant(t, '0');
    const ad = await createAd(t, merchant, { type: 'buy', quantity: '100' });
    const seller = await heldMember('100');
    const bank = await addBank(t, seller);
    const res = await t.call(
      transactionApi.start,
      { adId: ad.id, amountCoin: '20', paymentMethodId: bank.id, pin: TEST_PIN },
      seller.token,
    );
    expectHeld(res);
    expect(await balanceOf(t, seller)).toMatchObject({ available: '100.00', frozen: '0.00' });
  });

  it('C2C: the seller of a sell ad cannot release during the hold; the coins stay in escrow', async () => {
    const merchant = await createMerchant(t, '1000');
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '50');
    await pay(t, buyer, order.orderId);
    await setPin(t, merchant);
    expectHeld(await t.call(transactionApi.completed, { id: order.orderId, pin: TEST_PIN }, merchant.token));
    expect((await balanceOf(t, buyer)).available).toBe('0.00');
    const view = await t.ok(transactionApi.detail, { id: order.orderId }, merchant.token);
    expect(view.status).toBe('payment');
  });
});
