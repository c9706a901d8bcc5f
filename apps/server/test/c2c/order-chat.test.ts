import {
  adminC2cApi,
  advertisingApi,
  ErrorCode,
  merchantApi,
  messageApi,
  sessionApi,
  transactionApi,
  trustApi,
  trustedApi,
  userApi,
} from '@chatpay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser, sendText, TEST_PIN, verify } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';
import {
  addBank,
  bankForm,
  createAd,
  createMerchant,
  createTrader,
  expectBooks,
  pay,
  startOrder,
} from './factories.ts';

let support: string;
const t = useTestApp({ SUPPORT_PASSWORD: 'support-pass-1' });
beforeAll(async () => {
  ({ token: support } = await t.ok(userApi.loginByName, { username: 'support', password: 'support-pass-1' }));
});
afterAll(async () => {
  await expectBooks(t);
});

describe('public order numbers', () => {
  it('orders carry an 18-digit random number; order calls take it as their id', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);
    const a = await startOrder(t, buyer, ad.id, '10');
    const b = await startOrder(t, buyer, ad.id, '10');
    for (const o of [a, b]) expect(o.orderNo).toMatch(/^\d{18}$/);
    // Not a counter: the random part of two orders in a row differs by more than one.
    expect(Math.abs(Number(a.orderNo.slice(6)) - Number(b.orderNo.slice(6)))).toBeGreaterThan(1);

    const byNo = await t.ok(transactionApi.detail, { id: a.orderNo }, buyer.token);
    expect(byNo).toMatchObject({ orderId: a.orderId, orderNo: a.orderNo, role: 'buyer' });
    const paid = await t.ok(transactionApi.payment, { id: a.orderNo }, buyer.token);
    expect(paid.status).toBe('payment');
    const canceled = await t.ok(transactionApi.canceled, { id: b.orderNo }, buyer.token);
    expect(canceled.status).toBe('canceled');
    await t.ok(transactionApi.completed, { id: a.orderNo, pin: TEST_PIN }, merchant.token);
    const rated = await t.ok(trustApi.feedback, { id: a.orderNo, positive: true }, buyer.token);
    expect(rated.buyerFeedback?.positive).toBe(true);
  });

  it('a stranger, an unknown number and malformed ids learn nothing', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    const stranger = await createTrader(t);
    expect((await t.call(transactionApi.detail, { id: order.orderNo }, stranger.token)).code).toBe(
      ErrorCode.OrderNotFound,
    );
    expect((await t.call(transactionApi.payment, { id: order.orderNo }, stranger.token)).code).toBe(
      ErrorCode.OrderNotFound,
    );
    const unknown = order.orderNo.slice(0, 6) + (order.orderNo.endsWith('0') ? '1' : '0').repeat(12);
    expect((await t.call(transactionApi.detail, { id: unknown }, buyer.token)).code).toBe(
      ErrorCode.OrderNotFound,
    );
    for (const id of ['12ab', order.orderNo.slice(1), `${order.orderNo}1`, '-1', '', 'x'.repeat(18)]) {
      const res = await t.call(transactionApi.detail, { id } as never, buyer.token);
      expect(res.code, id).toBe(ErrorCode.Validation);
    }
    // Still pending and untouched.
    expect((await t.ok(transactionApi.detail, { id: order.orderId }, buyer.token)).status).toBe('pending');
  });
});

describe('the order chat', () => {
  it('is titled after the order and opens with the start notice, payment details, terms and welcome', async () => {
    const merchant = await createMerchant(t, '200');
    // The payee is the merchant's verified name (docs/design/identity.md).
    await verify(t, merchant, 2, 'Wang Fang');
    const bank = await addBank(
      t,
      merchant,
      bankForm({ name: 'Wang Fang', bankName: 'CMB', cardNumber: '6225880011' }),
    );
    const ad = await createAd(t, merchant, {
      paymentMethodId: bank.id,
      terms: 'Pay from your own account',
      autoReply: 'Hello! I release within 5 minutes.',
    });
    expect(ad.autoReply).toBe('Hello! I release within 5 minutes.');
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');

    for (const viewer of [buyer, merchant]) {
      const { list } = await t.ok(sessionApi.page, { page: 1, size: 100 }, viewer.token);
      const row = list.find((s) => s.id === order.sessionId);
      expect(row).toMatchObject({ kind: 'mcc', trade: { orderId: order.orderId, orderNo: order.orderNo } });
      const detail = await t.ok(sessionApi.detail, { id: order.sessionId! }, viewer.token);
      expect(detail.trade).toEqual({ orderId: order.orderId, orderNo: order.orderNo });
    }
    const { list: messages } = await t.ok(messageApi.page, { sessionId: order.sessionId! }, buyer.token);
    const shown = [...messages].sort((x, y) => x.seq - y.seq);
    expect(shown.map((m) => [m.contentType, m.content.type ?? null])).toEqual([
      ['notice', 'c2c.order'],
      ['notice', 'c2c.payee'],
      ['notice', 'c2c.terms'],
      ['text', null],
    ]);
    expect(shown[0]!.content).toMatchObject({ orderNo: order.orderNo });
    expect(shown[1]!.content).toMatchObject({
      orderNo: order.orderNo,
      amountFiat: order.amountFiat,
      payee: { type: 'bank', name: 'Wang Fang', bankName: 'CMB', cardNumber: '6225880011' },
    });
    expect(shown[1]!.senderId).toBe(merchant.id);
    expect(shown[2]!.content).toMatchObject({ terms: 'Pay from your own account' });
    expect(shown[3]).toMatchObject({
      senderId: merchant.id,
      content: { text: 'Hello! I release within 5 minutes.' },
    });
  });

  // Read receipts of single chats in general (friends): test/chat/presence.test.ts.
  it('has read state: the other trader sees how far I read, live', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    const sessionId = order.sessionId!;
    const sent = await sendText(t, buyer, sessionId, 'Paid, see the receipt');
    const before = await t.ok(sessionApi.detail, { id: sessionId }, buyer.token);
    // The merchant has read what it posted at start (payment details), not the buyer's new line.
    expect(before.peerReadSeq).toBeGreaterThan(0);
    expect(before.peerReadSeq).toBeLessThan(sent.seq);
    const bSock = await connectSocket(t, buyer.token);
    const peerRead = recorder(bSock, 'onPeerRead');
    try {
      await t.ok(messageApi.read, { sessionId, seq: sent.seq }, merchant.token);
      expect(await peerRead.next((p) => p.sessionId === sessionId)).toEqual({ sessionId, readSeq: sent.seq });
    } finally {
      bSock.close();
    }
    const after = await t.ok(sessionApi.detail, { id: sessionId }, buyer.token);
    expect(after.peerReadSeq).toBe(sent.seq);
    // A stranger cannot mark the order chat read (nor learn its read state).
    const stranger = await createTrader(t);
    expect((await t.call(messageApi.read, { sessionId, seq: 1 }, stranger.token)).code).not.toBe(1000);
    expect((await t.call(sessionApi.detail, { id: sessionId }, stranger.token)).code).not.toBe(1000);
  });

  it('an ad without terms or welcome posts only the notice and the payment details', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant);
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    const { list } = await t.ok(messageApi.page, { sessionId: order.sessionId! }, buyer.token);
    expect(list.map((m) => m.content.type).sort()).toEqual(['c2c.order', 'c2c.payee']);
  });

  it('labels the appeal and the decision, and support sees it all as evidence', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant, { autoReply: 'Welcome' });
    const buyer = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    await pay(t, buyer, order.orderId);
    await t.ok(
      transactionApi.appealing,
      { id: order.orderNo, reason: 'no money arrived', reasonCode: 'not_received' },
      merchant.token,
    );
    await t.ok(adminC2cApi.appealMessage, { id: order.orderId, text: 'Support here' }, support);
    await t.ok(
      adminC2cApi.appealResolve,
      { id: order.orderId, result: 'canceled', note: 'No payment seen', fault: 'none' },
      support,
    );
    const { list } = await t.ok(messageApi.page, { sessionId: order.sessionId! }, buyer.token);
    const appeal = list.find((m) => m.content.type === 'c2c.appeal');
    expect(appeal?.content).toMatchObject({
      by: 'seller',
      reasonCode: 'not_received',
      text: 'no money arrived',
    });
    const decided = list.find((m) => m.content.type === 'c2c.resolve');
    expect(decided?.content).toMatchObject({ result: 'canceled', text: 'No payment seen' });
    const evidence = await t.ok(adminC2cApi.appealMessages, { id: order.orderId }, support);
    expect(evidence.list.map((m) => m.content.type ?? m.content.text)).toEqual(
      expect.arrayContaining([
        'c2c.order',
        'c2c.payee',
        'Welcome',
        'c2c.appeal',
        'Support here',
        'c2c.resolve',
      ]),
    );
  });

  it('refuses an over-long welcome message', async () => {
    const merchant = await createMerchant(t, '200');
    const bank = await addBank(t, merchant);
    const res = await t.call(
      advertisingApi.publish,
      {
        type: 'sell',
        paymentMethodId: bank.id,
        price: '7.00',
        quantity: '10',
        minLimit: '10.00',
        maxLimit: '70.00',
        timeLimit: 15,
        autoReply: 'x'.repeat(501),
      },
      merchant.token,
    );
    expect(res.code).toBe(ErrorCode.Validation);
  });
});

describe('merchant account', () => {
  it('making or rotating the API key takes the PIN', async () => {
    const merchant = await createMerchant(t, '10');
    expect((await t.call(merchantApi.apiKey, {} as never, merchant.token)).code).toBe(ErrorCode.Validation);
    expect((await t.call(merchantApi.apiKey, { pin: '12345' }, merchant.token)).code).toBe(
      ErrorCode.Validation,
    );
    expect((await t.call(merchantApi.apiKey, { pin: '000000' }, merchant.token)).code).toBe(
      ErrorCode.WrongPin,
    );
    expect((await t.ok(merchantApi.info, {}, merchant.token))?.hasApiKey).toBe(false);
    const key = await t.ok(merchantApi.apiKey, { pin: TEST_PIN }, merchant.token);
    expect(key.merchantKey.length).toBeGreaterThan(20);
    const member = await createUser(t);
    expect((await t.call(merchantApi.apiKey, { pin: TEST_PIN }, member.token)).code).toBe(
      ErrorCode.NotMerchant,
    );
  });

  it('the applicant is told when the application is approved or rejected', async () => {
    const admin = await adminToken(t);
    for (const approve of [true, false]) {
      const member = await createUser(t, { level: 2 });
      await t.ok(merchantApi.apply, { name: 'Shop' }, member.token);
      await t.ok(adminC2cApi.merchantReview, { userId: member.id, approve, note: 'checked' }, admin);
      const service = await t.ok(sessionApi.checkService, {}, member.token);
      const { list } = await t.ok(messageApi.page, { sessionId: service.id }, member.token);
      const notice = list.find((m) => String(m.content.type).startsWith('c2c.merchant'));
      expect(notice?.content).toMatchObject({
        type: approve ? 'c2c.merchantApproved' : 'c2c.merchantRejected',
        note: 'checked',
      });
    }
  });
});

describe('online status, business hours and the trusted list', () => {
  const minuteNow = () => {
    const d = t.clock.now();
    return d.getUTCHours() * 60 + d.getUTCMinutes();
  };

  it('offline merchants and those outside their hours come after online ones', async () => {
    const viewer = await createTrader(t);
    const [cheapOffline, dear, cheapClosed] = await Promise.all([
      createMerchant(t, '200'),
      createMerchant(t, '200'),
      createMerchant(t, '200'),
    ]);
    await createAd(t, cheapOffline, { price: '6.00' });
    await createAd(t, dear, { price: '8.00' });
    await createAd(t, cheapClosed, { price: '6.50' });
    for (const m of [cheapOffline, dear, cheapClosed])
      await t.ok(trustedApi.add, { userId: m.id }, viewer.token);
    const market = () =>
      t.ok(advertisingApi.page, { page: 1, size: 20, type: 'sell', trusted: true }, viewer.token);

    const before = await market();
    expect(before.list.map((a) => a.merchant.userId)).toEqual([cheapOffline.id, cheapClosed.id, dear.id]);
    expect(before.list.every((a) => a.merchant.online && a.merchant.trusted)).toBe(true);

    const off = await t.ok(merchantApi.update, { online: false }, cheapOffline.token);
    expect(off.online).toBe(false);
    // Open two hours from now until three hours from now: closed at this minute.
    const from = (minuteNow() + 120) % 1440;
    const hours = await t.ok(
      merchantApi.update,
      { hours: { from, to: (from + 60) % 1440 } },
      cheapClosed.token,
    );
    expect(hours).toMatchObject({ online: true, hoursFrom: from, hoursTo: (from + 60) % 1440 });

    const after = await market();
    expect(after.list.map((a) => [a.merchant.userId, a.merchant.online])).toEqual([
      [dear.id, true],
      [cheapOffline.id, false],
      [cheapClosed.id, false],
    ]);
    // Hours that wrap past midnight and include now count as open.
    const wrapFrom = (minuteNow() + 1380) % 1440;
    await t.ok(
      merchantApi.update,
      { hours: { from: wrapFrom, to: (wrapFrom + 120) % 1440 } },
      cheapClosed.token,
    );
    const profile = await t.ok(trustApi.profile, { userId: cheapClosed.id }, viewer.token);
    expect(profile).toMatchObject({ online: true, trusted: true });
    await t.ok(merchantApi.update, { hours: { from: null, to: null } }, cheapClosed.token);
    expect((await t.ok(merchantApi.info, {}, cheapClosed.token))?.hoursFrom).toBeNull();
  });

  it('refuses half-given or out-of-range hours', async () => {
    const merchant = await createMerchant(t, '10');
    for (const hours of [
      { from: 60, to: null },
      { from: 60, to: 60 },
      { from: -1, to: 60 },
      { from: 0, to: 1440 },
    ]) {
      const res = await t.call(merchantApi.update, { hours } as never, merchant.token);
      expect(res.code, JSON.stringify(hours)).toBe(ErrorCode.Validation);
    }
    const member = await createUser(t);
    expect((await t.call(merchantApi.update, { online: false }, member.token)).code).toBe(
      ErrorCode.NotMerchant,
    );
  });

  it('a trusted list is mine alone; the market filter shows only those I trust', async () => {
    const [me, other] = await Promise.all([createTrader(t), createTrader(t)]);
    const [m1, m2] = await Promise.all([createMerchant(t, '200'), createMerchant(t, '200')]);
    await createAd(t, m1);
    await createAd(t, m2);
    await t.ok(trustedApi.add, { userId: m1.id }, me.token);
    await t.ok(trustedApi.add, { userId: m1.id }, me.token);
    const mine = await t.ok(trustedApi.list, {}, me.token);
    expect(mine.list.map((x) => x.userId)).toEqual([m1.id]);
    expect((await t.ok(trustedApi.list, {}, other.token)).list).toEqual([]);
    const filtered = await t.ok(
      advertisingApi.page,
      { page: 1, size: 50, type: 'sell', trusted: true },
      me.token,
    );
    expect(filtered.list.map((a) => a.merchant.userId)).toEqual([m1.id]);
    const all = await t.ok(advertisingApi.page, { page: 1, size: 50, type: 'sell' }, me.token);
    const m2Ad = all.list.find((a) => a.merchant.userId === m2.id);
    expect(m2Ad?.merchant.trusted).toBe(false);
    // Someone else removing my merchant from their (empty) list changes nothing of mine.
    await t.ok(trustedApi.remove, { userId: m1.id }, other.token);
    expect((await t.ok(trustedApi.list, {}, me.token)).list).toHaveLength(1);
    await t.ok(trustedApi.remove, { userId: m1.id }, me.token);
    expect((await t.ok(trustedApi.list, {}, me.token)).list).toEqual([]);
  });

  it('refuses myself, unknown members and bad ids', async () => {
    const me = await createTrader(t);
    expect((await t.call(trustedApi.add, { userId: me.id }, me.token)).code).toBe(
      ErrorCode.CannotTradeWithSelf,
    );
    expect((await t.call(trustedApi.add, { userId: 2_000_000_000 }, me.token)).code).toBe(
      ErrorCode.UserNotFound,
    );
    for (const userId of [0, -3, 'abc', 2_147_483_648]) {
      const res = await t.call(trustedApi.add, { userId } as never, me.token);
      expect(res.code, String(userId)).toBe(ErrorCode.Validation);
    }
    expect((await t.call(trustedApi.list, {}, '')).code).not.toBe(1000);
  });
});
