import { randomUUID } from 'node:crypto';
import { ErrorCode, type MerchantPayOrder, payDeskApi } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { engine, useTestApp } from '../helpers/app.ts';
import { balanceOf, createUser, credit, setPin, TEST_PIN } from '../helpers/factories.ts';
import { expectBooksBalanced } from '../helpers/money.ts';
import { createShop, signed } from './merchant.ts';

type Created = { cashierUrl: string; order: MerchantPayOrder };

describe.runIf(engine === 'postgres')('pay desk races on PostgreSQL', () => {
  const t = useTestApp();
  afterAll(() => expectBooksBalanced(t));

  const member = async (funds: string) => {
    const u = await createUser(t);
    await setPin(t, u);
    await credit(t, u, funds);
    return u;
  };
  const createOrder = async (shop: Awaited<ReturnType<typeof createShop>>, amount: string) =>
    (
      await signed<Created>(t, shop.creds, 'POST', '/api/open/pay/order/create', {
        amount,
        description: 'Race',
        merchantOrderRef: randomUUID(),
      })
    ).data.order.orderNo;

  it('20 members paying one order at once: exactly one pays, once', async () => {
    const shop = await createShop(t, '0');
    const orderNo = await createOrder(shop, '10');
    const payers = await Promise.all(Array.from({ length: 20 }, () => member('10')));
    const results = await Promise.all(
      payers.map((u) => t.call(payDeskApi.pay, { orderNo, pin: TEST_PIN }, u.token)),
    );
    expect(results.filter((r) => r.code === 1000)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 1000)) {
      // Losers either saw it paid, or (once paid) no longer see a stranger's order at all.
      expect([ErrorCode.PayOrderPaid, ErrorCode.PayOrderNotFound]).toContain(r.code);
    }
    const balances = await Promise.all(payers.map(async (u) => (await balanceOf(t, u)).available));
    expect(balances.filter((b) => b === '0.00')).toHaveLength(1);
    expect(balances.filter((b) => b === '10.00')).toHaveLength(19);
    expect((await balanceOf(t, shop.user)).available).toBe('10.00');
    await expectBooksBalanced(t);
  });

  it('concurrent partial refunds never add up to more than was paid', async () => {
    const shop = await createShop(t, '100');
    const payer = await member('10');
    const orderNo = await createOrder(shop, '10');
    expect((await t.call(payDeskApi.pay, { orderNo, pin: TEST_PIN }, payer.token)).code).toBe(1000);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        signed<MerchantPayOrder>(t, shop.creds, 'POST', '/api/open/pay/order/refund', {
          orderNo,
          refundRef: randomUUID(),
          amount: '3',
        }),
      ),
    );
    expect(results.filter((r) => r.code === 1000)).toHaveLength(3);
    for (const r of results.filter((x) => x.code !== 1000)) expect(r.code).toBe(ErrorCode.RefundExceedsPaid);
    const order = await signed<MerchantPayOrder>(
      t,
      shop.creds,
      'GET',
      `/api/open/pay/order/info?orderNo=${orderNo}`,
    );
    expect(order.data).toMatchObject({ refunded: '9.00', status: 'partially_refunded' });
    expect(order.data.refunds).toHaveLength(3);
    expect((await balanceOf(t, payer)).available).toBe('9.00');
    expect((await balanceOf(t, shop.user)).available).toBe('101.00');
    await expectBooksBalanced(t);
  });
});
