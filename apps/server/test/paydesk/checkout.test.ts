import { randomUUID } from 'node:crypto';
import {
  adminC2cApi,
  ErrorCode,
  type MerchantPayOrder,
  merchantApi,
  payDeskApi,
  walletApi,
} from '@chatpay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSignature } from '../../src/modules/c2c/webhooks.ts';
import { useTestApp } from '../helpers/app.ts';
import {
  adminToken,
  balanceOf,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { expectBooksBalanced } from '../helpers/money.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';
import { createShop, type Shop, signed, startReceiver } from './merchant.ts';

// The webhook receiver listens on loopback; cashier links are absolute under PUBLIC_URL.
const t = useTestApp({ C2C_WEBHOOK_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'https://pay.example.test' });
afterAll(() => expectBooksBalanced(t));

const CREATE = '/api/open/pay/order/create';
const REFUND = '/api/open/pay/order/refund';
const info = (by: string) => `/api/open/pay/order/info?${by}`;
type Created = { cashierUrl: string; order: MerchantPayOrder };

const member = async (funds = '100') => {
  const u = await createUser(t);
  await setPin(t, u);
  await credit(t, u, funds);
  return u;
};
const createOrder = (shop: Shop, input: Record<string, unknown> = {}) =>
  signed<Created>(t, shop.creds, 'POST', CREATE, {
    amount: '10',
    description: 'Annual plan',
    merchantOrderRef: `ref-${randomUUID()}`,
    ...input,
  });
const pay = (u: TestUser, orderNo: string, pin = TEST_PIN) =>
  t.call(payDeskApi.pay, { orderNo, pin }, u.token);
const refund = (shop: Shop, orderNo: string, amount: string, refundRef = randomUUID()) =>
  signed<MerchantPayOrder>(t, shop.creds, 'POST', REFUND, { orderNo, refundRef, amount, reason: 'returned' });
const available = async (u: TestUser) => (await balanceOf(t, u)).available;

describe('merchant checkout', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await createShop(t, '0');
  });

  it('only a correctly signed call creates; the same reference answers the same order', async () => {
    const body = { amount: '1.5', description: 'Coffee', merchantOrderRef: 'A-1' };
    expect(await signed(t, shop.creds, 'POST', CREATE, body, { tamper: 'signature' })).toMatchObject({
      status: 401,
      code: ErrorCode.SignatureInvalid,
    });
    expect((await signed(t, shop.creds, 'POST', CREATE, body, { tamper: 'body' })).code).toBe(
      ErrorCode.SignatureInvalid,
    );
    const unsigned = await t.app.inject({ method: 'POST', url: CREATE, payload: body });
    expect(unsigned.statusCode).toBe(401);
    const first = await signed<Created>(t, shop.creds, 'POST', CREATE, body);
    expect(first.code).toBe(1000);
    const { order, cashierUrl } = first.data;
    expect(cashierUrl).toBe(
      `https://pay.example.test/#/uni_modules/uni-pay/pages/pay-desk/pay-desk?orderNo=${order.orderNo}`,
    );
    expect(order).toMatchObject({
      merchantOrderRef: 'A-1',
      amount: '1.50',
      refunded: '0.00',
      status: 'unpaid',
      payerMemberId: null,
      refunds: [],
    });
    expect(Date.parse(order.expireTime) - Date.parse(order.createTime)).toBeGreaterThan(29 * 60_000);
    const again = await signed<Created>(t, shop.creds, 'POST', CREATE, body);
    expect(again.data.order.orderNo).toBe(order.orderNo);
    expect((await signed(t, shop.creds, 'POST', CREATE, { ...body, amount: '2' })).code).toBe(
      ErrorCode.IdempotencyConflict,
    );
    // Another merchant may use the same reference for an order of its own.
    const other = await createShop(t);
    const theirs = await signed<Created>(t, other.creds, 'POST', CREATE, body);
    expect(theirs.data.order.orderNo).not.toBe(order.orderNo);
    // A return URL that is not http(s) is refused; expiry is bounded.
    for (const bad of [
      { returnUrl: 'javascript:alert(1)' },
      { notifyUrl: 'ftp://x.example/h' },
      { expireMinutes: 0 },
      { expireMinutes: 1441 },
      { amount: '0' },
    ]) {
      expect((await createOrder(shop, bad)).code, JSON.stringify(bad)).toBe(ErrorCode.Validation);
    }
  });

  it('a member pays by the link; the merchant is paid, queries it and receives a signed webhook', async () => {
    const receiver = await startReceiver();
    try {
      const created = await createOrder(shop, {
        amount: '10',
        description: 'Annual plan',
        notifyUrl: receiver.url,
        returnUrl: 'https://shop.example.test/done?id=7',
      });
      const { orderNo, merchantOrderRef } = created.data.order;
      const payer = await member('25');
      const seen = await t.ok(payDeskApi.info, { orderNo }, payer.token);
      expect(seen).toMatchObject({
        orderNo,
        goods: null,
        merchant: { name: expect.stringMatching(/^Shop /) },
        description: 'Annual plan',
        amount: '10.00',
        status: 'unpaid',
        returnUrl: 'https://shop.example.test/done?id=7',
      });
      expect((await pay(payer, orderNo, '000000')).code).toBe(ErrorCode.WrongPin);
      expect((await pay(shop.user, orderNo)).code).toBe(ErrorCode.CannotTransferToSelf);
      const shopSocket = await connectSocket(t, shop.user.token);
      try {
        const shopEvents = recorder(shopSocket, 'wallet');
        const paid = await pay(payer, orderNo);
        expect(paid.code).toBe(1000);
        expect(paid.data).toMatchObject({ status: 'paid', paidTime: expect.any(String) });
        // The shop's owner sees the payment land whatever page is open.
        expect(await shopEvents.next((e) => e.kind === 'payIn')).toMatchObject({
          kind: 'payIn',
          amount: '10.00',
          orderNo,
        });
      } finally {
        shopSocket.disconnect();
      }
      expect(await available(payer)).toBe('15.00');
      expect(await available(shop.user)).toBe('10.00');
      expect((await pay(payer, orderNo)).code).toBe(ErrorCode.PayOrderPaid);
      // Once paid, the order is the payer's and the shop's business only.
      const stranger = await member('5');
      expect((await t.call(payDeskApi.info, { orderNo }, stranger.token)).code).toBe(
        ErrorCode.PayOrderNotFound,
      );
      expect((await pay(stranger, orderNo)).code).toBe(ErrorCode.PayOrderNotFound);
      expect((await t.ok(payDeskApi.page, { page: 1, size: 10 }, payer.token)).list[0]?.orderNo).toBe(
        orderNo,
      );

      for (const by of [`orderNo=${orderNo}`, `merchantOrderRef=${merchantOrderRef}`]) {
        const q = await signed<MerchantPayOrder>(t, shop.creds, 'GET', info(by));
        expect(q.data).toMatchObject({ orderNo, status: 'paid', payerMemberId: payer.memberId });
      }
      const other = await createShop(t);
      expect((await signed(t, other.creds, 'GET', info(`orderNo=${orderNo}`))).code).toBe(
        ErrorCode.PayOrderNotFound,
      );
      expect((await refund(other, orderNo, '1')).code).toBe(ErrorCode.PayOrderNotFound);

      expect(await t.jobs.runNow('c2c-webhooks')).toBeGreaterThanOrEqual(1);
      expect(receiver.received).toHaveLength(1);
      const hook = receiver.received[0]!;
      expect(hook.headers['x-signature']).toBe(
        webhookSignature(shop.creds.merchantKey, hook.headers['x-timestamp'] as string, hook.body),
      );
      expect(JSON.parse(hook.body)).toMatchObject({
        event: 'payment.paid',
        merchantId: shop.creds.merchantId,
        orderNo,
        merchantOrderRef,
        status: 'paid',
        amount: '10.00',
      });
    } finally {
      await receiver.close();
    }
  });

  it('partial refund, then the rest; never more than paid; the payer is told', async () => {
    const receiver = await startReceiver();
    const payer = await member('20');
    const socket = await connectSocket(t, payer.token);
    try {
      const { orderNo } = (await createOrder(shop, { amount: '10', notifyUrl: receiver.url })).data.order;
      expect((await refund(shop, orderNo, '1')).code).toBe(ErrorCode.PayOrderNotPaid);
      expect((await pay(payer, orderNo)).code).toBe(1000);
      const events = recorder(socket, 'wallet');

      const ref = randomUUID();
      const part = await refund(shop, orderNo, '3', ref);
      expect(part.code).toBe(1000);
      expect(part.data).toMatchObject({ status: 'partially_refunded', refunded: '3.00' });
      expect(await events.next((e) => e.kind === 'payRefund')).toMatchObject({
        kind: 'payRefund',
        amount: '3.00',
        orderNo,
        merchant: { name: expect.stringMatching(/^Shop /) },
      });
      // A replay of the same refund moves nothing; the same reference with another amount conflicts.
      expect((await refund(shop, orderNo, '3', ref)).data).toMatchObject({ refunded: '3.00' });
      expect((await refund(shop, orderNo, '4', ref)).code).toBe(ErrorCode.IdempotencyConflict);
      expect(await available(payer)).toBe('13.00');

      expect((await refund(shop, orderNo, '7.01')).code).toBe(ErrorCode.RefundExceedsPaid);
      const rest = await refund(shop, orderNo, '7');
      expect(rest.data).toMatchObject({ status: 'refunded', refunded: '10.00' });
      expect(rest.data.refunds.map((r) => r.amount)).toEqual(['3.00', '7.00']);
      expect((await refund(shop, orderNo, '0.01')).code).toBe(ErrorCode.RefundExceedsPaid);
      expect(await available(payer)).toBe('20.00');
      expect((await t.ok(payDeskApi.info, { orderNo }, payer.token)).status).toBe('refunded');

      // The history says what happened on each side, with the order number.
      const mine = (u: TestUser) =>
        t
          .ok(walletApi.page, { page: 1, size: 10 }, u.token)
          .then((p) =>
            p.list.filter((l) => l.reference?.no === orderNo).map((l) => [l.action, l.flow, l.amount]),
          );
      expect(await mine(payer)).toEqual([
        ['paydesk-refund', 'in', '7.00'],
        ['paydesk-refund', 'in', '3.00'],
        ['paydesk', 'out', '-10.00'],
      ]);
      expect(await mine(shop.user)).toEqual([
        ['paydesk-refund', 'out', '-7.00'],
        ['paydesk-refund', 'out', '-3.00'],
        ['paydesk-sale', 'in', '10.00'],
      ]);

      await t.jobs.runNow('c2c-webhooks');
      const bodies = receiver.received.map((r) => JSON.parse(r.body));
      expect(bodies.map((b) => [b.event, b.refundAmount ?? null, b.status])).toEqual([
        ['payment.paid', null, 'paid'],
        ['payment.refunded', '3.00', 'partially_refunded'],
        ['payment.refunded', '7.00', 'refunded'],
      ]);
    } finally {
      socket.disconnect();
      await receiver.close();
    }
  });

  it('a refund needs the merchant’s balance', async () => {
    const poor = await createShop(t, '0');
    const payer = await member('20');
    const { orderNo } = (await createOrder(poor, { amount: '5' })).data.order;
    expect((await pay(payer, orderNo)).code).toBe(1000);
    await t.ok(
      walletApi.transfer,
      { memberId: payer.memberId, amount: '5', pin: TEST_PIN, requestId: randomUUID() },
      poor.user.token,
    );
    expect((await refund(poor, orderNo, '1')).code).toBe(ErrorCode.InsufficientBalance);
    expect(
      (await signed<MerchantPayOrder>(t, poor.creds, 'GET', info(`orderNo=${orderNo}`))).data.refunded,
    ).toBe('0.00');
  });

  it('my purchases name the shop I paid', async () => {
    const payer = await member('20');
    const { orderNo } = (await createOrder(shop)).data.order;
    expect((await pay(payer, orderNo)).code).toBe(1000);
    const { name } = (await t.ok(merchantApi.info, {}, shop.user.token))!;
    const page = await t.ok(payDeskApi.page, { page: 1, size: 10 }, payer.token);
    expect(page.list.map((o) => [o.orderNo, o.merchant?.name])).toEqual([[orderNo, name]]);
  });

  it('a shop whose merchant status was revoked is paid nothing more', async () => {
    const revoked = await createShop(t, '0');
    const { orderNo } = (await createOrder(revoked)).data.order;
    const payer = await member('20');
    await t.ok(
      adminC2cApi.merchantRevoke,
      { userId: revoked.user.id, note: 'fraud reports' },
      await adminToken(t),
    );
    expect((await pay(payer, orderNo)).code).toBe(ErrorCode.MerchantNotFound);
    expect(await available(payer)).toBe('20.00');
    expect((await t.ok(payDeskApi.info, { orderNo }, payer.token)).status).toBe('unpaid');
  });

  it('an expired order shows closed and refuses payment', async () => {
    const payer = await member('20');
    const { orderNo, merchantOrderRef } = (await createOrder(shop, { expireMinutes: 1 })).data.order;
    t.clock.advance(61_000);
    expect((await t.ok(payDeskApi.info, { orderNo }, payer.token)).status).toBe('closed');
    expect((await pay(payer, orderNo)).code).toBe(ErrorCode.PayOrderClosed);
    expect(await available(payer)).toBe('20.00');
    const q = await signed<MerchantPayOrder>(
      t,
      shop.creds,
      'GET',
      info(`merchantOrderRef=${merchantOrderRef}`),
    );
    expect(q.data.status).toBe('closed');
    expect((await refund(shop, orderNo, '1')).code).toBe(ErrorCode.PayOrderNotPaid);
    expect((await signed(t, shop.creds, 'GET', info('merchantOrderRef=nope'))).code).toBe(
      ErrorCode.PayOrderNotFound,
    );
  });
});
