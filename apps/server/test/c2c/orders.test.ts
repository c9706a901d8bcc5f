import { randomUUID } from 'node:crypto';
import { advertisingApi, ErrorCode, sessionApi, transactionApi } from '@chatpay/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { balanceOf, createUser, TEST_PIN } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';
import { countStatements } from '../helpers/statements.ts';
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

const t = useTestApp({ C2C_FEE_PERCENT: '1' });
afterAll(async () => {
  await expectBooks(t);
});

const adOf = (id: number, token: string) => t.ok(advertisingApi.info, { id }, token);
/** Moves the deadline clock past a paid order's release countdown. */
const passReleaseDeadline = () => t.clock.advance((t.config.C2C_RELEASE_MINUTES * 60 + 1) * 1000);

describe('a sell ad: buy, pay, release', () => {
  it('the whole path with escrow, fee, countdowns, events, chat and stats', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant, { quantity: '100' });
    const buyer = await createTrader(t);
    const mSock = await connectSocket(t, merchant.token);
    const bSock = await connectSocket(t, buyer.token);
    const mStatus = recorder(mSock, 'onC2COrderStatus');
    const bStatus = recorder(bSock, 'onC2COrderStatus');
    const mUnread = recorder(mSock, 'onC2COrderUnread');
    try {
      const order = await startOrder(t, buyer, ad.id, '20');
      expect(order).toMatchObject({
        status: 'pending',
        role: 'buyer',
        amountCoin: '20.00',
        amountFiat: '140.00',
        price: '7.00',
        charge: '0.20',
        receive: '19.80',
        paymentType: 'bank',
        payee: { type: 'bank', name: 'Li Lei', bankName: 'ICBC', cardNumber: '6222020200112233' },
      });
      expect(order.payTimeLeft).toBeGreaterThan(14 * 60);
      expect(order.releaseTimeLeft).toBe(0);
      expect(await balanceOf(t, merchant)).toMatchObject({ available: '100.00', frozen: '80.00' });
      expect((await adOf(ad.id, merchant.token)).remaining).toBe('80.00');
      await mStatus.next((p) => p.orderId === order.orderId && p.status === 'pending');
      const ev = await bStatus.next((p) => p.orderId === order.orderId);
      expect(ev.page).toBe(`/pages/c2c/detail?id=${order.orderId}`);
      expect((await mUnread.next((p) => p.count === 1)).count).toBe(1);
      expect(await t.ok(transactionApi.unread, {}, merchant.token)).toEqual({ count: 1 });

      // The order chat: both are members and may talk without being friends.
      const chat = await t.ok(sessionApi.detail, { id: order.sessionId! }, merchant.token);
      expect(chat.kind).toBe('mcc');

      const paid = await pay(t, buyer, order.orderId);
      expect(paid.status).toBe('payment');
      expect(paid.releaseTimeLeft).toBeGreaterThan(14 * 60);
      await mStatus.next((p) => p.orderId === order.orderId && p.status === 'payment');

      const done = await release(t, merchant, order.orderId);
      expect(done.status).toBe('completed');
      expect(await balanceOf(t, buyer)).toMatchObject({ available: '19.80', frozen: '0.00' });
      expect(await balanceOf(t, merchant)).toMatchObject({ available: '100.00', frozen: '80.00' });
      await bStatus.next((p) => p.orderId === order.orderId && p.status === 'completed');

      const detail = await t.ok(transactionApi.detail, { id: order.orderId }, buyer.token);
      expect(detail.events.map((e) => e.kind)).toEqual(['start', 'payment', 'completed']);
      expect(detail.completedTime).not.toBeNull();
      expect((await t.ok(advertisingApi.detail, { id: ad.id }, buyer.token)).merchant.stats).toMatchObject({
        completedOrders: 1,
        completionRate: '100.0',
        avgReleaseSeconds: expect.any(Number),
        // The merchant sold: its own payment speed has nothing to average yet.
        avgPaymentSeconds: null,
      });
    } finally {
      mSock.close();
      bSock.close();
    }
  });

  it('ordering by fiat amount rounds the coins down; limits, remaining, full-only ads', async () => {
    const merchant = await createMerchant(t, '200');
    const ad = await createAd(t, merchant, {
      quantity: '50',
      price: '7.00',
      minLimit: '70',
      maxLimit: '210',
    });
    const buyer = await createTrader(t);
    // The quote shows the fee before confirming; start then takes exactly that.
    const quote = await t.ok(transactionApi.quote, { adId: ad.id, amountFiat: '100.00' }, buyer.token);
    expect(quote).toEqual({
      adId: ad.id,
      price: '7.00',
      amountCoin: '14.285714',
      amountFiat: '100.00',
      charge: '0.142858',
      receive: '14.142856',
      feePercent: '1',
    });
    expect((await t.call(transactionApi.quote, { adId: ad.id, amountCoin: '1' }, buyer.token)).code).toBe(
      ErrorCode.AmountOutOfLimits,
    );
    const byFiat = await t.ok(transactionApi.start, { adId: ad.id, amountFiat: '100.00' }, buyer.token);
    expect(byFiat).toMatchObject({ amountCoin: '14.285714', amountFiat: '100.00', charge: '0.142858' });
    const before = await balanceOf(t, merchant);
    for (const [amountCoin, code] of [
      ['5', ErrorCode.AmountOutOfLimits],
      ['31', ErrorCode.AmountOutOfLimits],
      ['0.5', ErrorCode.AmountBelowMinimum],
    ] as const) {
      expect((await t.call(transactionApi.start, { adId: ad.id, amountCoin }, buyer.token)).code).toBe(code);
    }
    expect((await t.call(transactionApi.start, { adId: ad.id }, buyer.token)).code).toBe(
      ErrorCode.Validation,
    );
    expect(await balanceOf(t, merchant)).toEqual(before);

    const full = await createAd(t, merchant, {
      quantity: '20',
      minLimit: '10',
      maxLimit: '1000',
      useShare: false,
    });
    expect((await t.call(transactionApi.start, { adId: full.id, amountCoin: '10' }, buyer.token)).code).toBe(
      ErrorCode.AmountOutOfLimits,
    );
    await startOrder(t, buyer, full.id, '20');
    expect((await t.call(transactionApi.start, { adId: full.id, amountCoin: '1' }, buyer.token)).code).toBe(
      ErrorCode.ExceedsRemaining,
    );
  });

  it('no trading with yourself; taken-down and deleted ads take no orders', async () => {
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    expect((await t.call(transactionApi.start, { adId: ad.id, amountCoin: '10' }, merchant.token)).code).toBe(
      ErrorCode.CannotTradeWithSelf,
    );
    const buyer = await createTrader(t);
    await t.ok(advertisingApi.close, { id: ad.id }, merchant.token);
    expect((await t.call(transactionApi.start, { adId: ad.id, amountCoin: '10' }, buyer.token)).code).toBe(
      ErrorCode.AdNotActive,
    );
    await t.ok(advertisingApi.delete, { id: ad.id }, merchant.token);
    expect((await t.call(transactionApi.start, { adId: ad.id, amountCoin: '10' }, buyer.token)).code).toBe(
      ErrorCode.AdNotFound,
    );
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '100.00', frozen: '0.00' });
  });
});

describe('a retried start', () => {
  it('answers the order the first start made, once, however often and however concurrently it is sent', async () => {
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const other = await createAd(t, merchant, { quantity: '20' });
    const buyer = await createTrader(t);
    const input = { adId: ad.id, amountCoin: '10', requestId: 'start-retry-0001' };
    const first = await t.ok(transactionApi.start, input, buyer.token);
    const again = await t.ok(transactionApi.start, input, buyer.token);
    expect(again.orderId).toBe(first.orderId);
    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.ok(transactionApi.start, { ...input, requestId: 'start-retry-0002' }, buyer.token),
      ),
    );
    expect(new Set(racing.map((o) => o.orderId)).size).toBe(1);
    expect((await adOf(ad.id, merchant.token)).remaining).toBe('30.00');
    // The same key for another ad is a conflict, and moves nothing.
    const conflict = await t.call(transactionApi.start, { ...input, adId: other.id }, buyer.token);
    expect(conflict.code).toBe(ErrorCode.IdempotencyConflict);
    expect((await adOf(other.id, merchant.token)).remaining).toBe('20.00');
    // Another member may use the same requestId: keys are per member.
    const second = await createTrader(t);
    const theirs = await t.ok(transactionApi.start, input, second.token);
    expect(theirs.orderId).not.toBe(first.orderId);
  });
});

describe('what a start costs', () => {
  it('a start sends few statements, and its chat costs the same whatever it opens with', async () => {
    const merchant = await createMerchant(t, '100');
    const plain = await createAd(t, merchant, { quantity: '20' });
    const full = await createAd(t, merchant, { quantity: '20', terms: 'Own account', autoReply: 'Hi!' });
    const buyer = await createTrader(t);
    // Warm up: the buyer's session and accounts are known, as for a member who trades.
    await startOrder(t, buyer, plain.id, '10');
    const costOf = async (adId: number) => {
      const start = () => startOrder(t, buyer, adId, '10', { requestId: randomUUID() });
      const { result, count, transactions, statements } = await countStatements(t.database.db, start);
      expect(result.sessionId).not.toBeNull();
      // The money, then the chat: two transactions, as docs/design/market.md "Starting an order" says.
      expect(transactions).toBe(2);
      return { count, statements: statements.join('\n') };
    };
    // Checks: the request key, the ad with its method, blocks, standing with today's cancels. Money: the
    // buyer's cap lock and count, the order, its event, the ad's guard, the escrow posting. Chat: the order
    // lock, the chat (one statement however many messages it opens with: here four, then two), the order's
    // session. Then both parties' unread counts and their names.
    for (const ad of [full, plain]) {
      const { count, statements } = await costOf(ad.id);
      expect(count, statements).toBeLessThanOrEqual(15);
    }
  });
});

describe('wrong actor, wrong state: a clear error and no money moved', () => {
  it('buyer releasing, seller marking paid or canceling, a stranger reading or acting', async () => {
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const buyer = await createTrader(t);
    const stranger = await createTrader(t);
    const order = await startOrder(t, buyer, ad.id, '10');
    const id = order.orderId;
    const snapshot = async () => [await balanceOf(t, merchant), await balanceOf(t, buyer)];
    const before = await snapshot();

    expect((await t.call(transactionApi.payment, { id }, merchant.token)).code).toBe(
      ErrorCode.WrongOrderParty,
    );
    expect((await t.call(transactionApi.canceled, { id }, merchant.token)).code).toBe(
      ErrorCode.WrongOrderParty,
    );
    expect((await t.call(transactionApi.completed, { id, pin: TEST_PIN }, buyer.token)).code).toBe(
      ErrorCode.WrongOrderParty,
    );
    // Releasing before the buyer marked paid, appealing while pending.
    expect((await t.call(transactionApi.completed, { id, pin: TEST_PIN }, merchant.token)).code).toBe(
      ErrorCode.OrderStatusInvalid,
    );
    expect((await t.call(transactionApi.appealing, { id, reason: 'x' }, merchant.token)).code).toBe(
      ErrorCode.OrderStatusInvalid,
    );
    for (const call of [
      t.call(transactionApi.detail, { id }, stranger.token),
      t.call(transactionApi.payment, { id }, stranger.token),
      t.call(transactionApi.canceled, { id }, stranger.token),
      t.call(transactionApi.completed, { id, pin: TEST_PIN }, stranger.token),
      t.call(transactionApi.appealing, { id, reason: 'x', proof: ['/uploads/a.png'] }, stranger.token),
      t.call(transactionApi.uploadFiles, { id, urls: ['/uploads/a.png'] }, stranger.token),
    ]) {
      expect((await call).code).toBe(ErrorCode.OrderNotFound);
    }
    expect(await snapshot()).toEqual(before);

    await pay(t, buyer, id);
    expect((await t.call(transactionApi.payment, { id }, buyer.token)).code).toBe(
      ErrorCode.OrderStatusInvalid,
    );
    expect((await t.call(transactionApi.canceled, { id }, buyer.token)).code).toBe(
      ErrorCode.OrderStatusInvalid,
    );
    // A wrong PIN releases nothing.
    expect((await t.call(transactionApi.completed, { id, pin: '000000' }, merchant.token)).code).toBe(
      ErrorCode.WrongPin,
    );
    expect(await snapshot()).toEqual(before);
    const released = await release(t, merchant, id);
    const afterRelease = await snapshot();
    // A release retried after a lost answer answers the released order again and moves nothing; a buyer's
    // late cancel is still refused.
    expect(await release(t, merchant, id)).toMatchObject({
      status: 'completed',
      completedTime: released.completedTime,
    });
    expect(await snapshot()).toEqual(afterRelease);
    expect((await t.call(transactionApi.canceled, { id }, buyer.token)).code).toBe(
      ErrorCode.OrderStatusInvalid,
    );
    expect((await t.call(transactionApi.detail, { id: 999_999 }, buyer.token)).code).toBe(
      ErrorCode.OrderNotFound,
    );
  });
});

describe('cancel, deadline sweeper, cancel limit', () => {
  it('a buyer cancel returns the coins to the ad; a fourth order after 3 cancels is refused', async () => {
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const buyer = await createTrader(t);
    for (let i = 0; i < 3; i++) {
      const order = await startOrder(t, buyer, ad.id, '10');
      const canceled = await t.ok(transactionApi.canceled, { id: order.orderId }, buyer.token);
      expect(canceled).toMatchObject({ status: 'canceled', cancelReason: 'buyer' });
    }
    expect((await adOf(ad.id, merchant.token)).remaining).toBe('50.00');
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '50.00', frozen: '50.00' });
    expect((await t.call(transactionApi.start, { adId: ad.id, amountCoin: '10' }, buyer.token)).code).toBe(
      ErrorCode.CancelLimitReached,
    );
    expect(await t.ok(transactionApi.config, {}, buyer.token)).toMatchObject({
      feePercent: '1',
      cancelLimit: 3,
      canceledToday: 3,
      releaseMinutes: 15,
    });
  });
});

// Its own server: moving the clock here must not expire orders that other tests left pending.
describe('the deadline sweeper', () => {
  const s = useTestApp({ C2C_FEE_PERCENT: '1' });
  afterAll(() => expectBooks(s));

  it('the sweeper cancels late pending orders only, returning escrow (to available once the ad is down)', async () => {
    const merchant = await createMerchant(s, '100');
    const ad = await createAd(s, merchant, { quantity: '50' });
    const buyer = await createTrader(s);
    const late = await startOrder(s, buyer, ad.id, '10');
    await startOrder(s, buyer, ad.id, '10'); // a second late order
    s.clock.advance((15 * 60 + 1) * 1000); // past the ads' 15-minute payment limit
    const onTime = await startOrder(s, buyer, ad.id, '10');
    await s.ok(advertisingApi.close, { id: ad.id }, merchant.token);
    expect(await balanceOf(s, merchant)).toMatchObject({ available: '70.00', frozen: '0.00' });
    // Paying after the deadline is refused even before the sweeper runs.
    expect((await s.call(transactionApi.payment, { id: late.orderId }, buyer.token)).code).toBe(
      ErrorCode.PaymentDeadlinePassed,
    );
    expect(await s.jobs.runNow('c2c-order-expiry')).toBe(2);
    expect(await s.jobs.runNow('c2c-order-expiry')).toBe(0);
    const swept = await s.ok(transactionApi.detail, { id: late.orderId }, buyer.token);
    expect(swept).toMatchObject({ status: 'canceled', cancelReason: 'timeout' });
    expect(swept.events.at(-1)).toMatchObject({ kind: 'timeout', actorId: null });
    expect((await s.ok(transactionApi.detail, { id: onTime.orderId }, buyer.token)).status).toBe('pending');
    // The ad is down: returned coins are free again; its remaining grew back.
    expect(await balanceOf(s, merchant)).toMatchObject({ available: '90.00', frozen: '0.00' });
    expect((await s.ok(advertisingApi.info, { id: ad.id }, merchant.token)).remaining).toBe('40.00');
    // Expired orders count toward the buyer's daily cancel limit (docs/security.md).
    expect((await s.ok(transactionApi.config, {}, buyer.token)).canceledToday).toBe(2);
  });

  it("a buyer's expired orders count toward the daily cancel limit: two expired + one cancel = 3", async () => {
    const merchant = await createMerchant(s, '100');
    const ad = await createAd(s, merchant, { quantity: '50' });
    const buyer = await createTrader(s);
    await startOrder(s, buyer, ad.id, '10');
    await startOrder(s, buyer, ad.id, '10');
    s.clock.advance((15 * 60 + 1) * 1000);
    // Overdue but not swept yet already counts; then the sweeper cancels them.
    expect((await s.ok(transactionApi.config, {}, buyer.token)).canceledToday).toBe(2);
    await s.jobs.runNow('c2c-order-expiry');
    const third = await startOrder(s, buyer, ad.id, '10');
    await s.ok(transactionApi.canceled, { id: third.orderId }, buyer.token);
    await s.fails(
      transactionApi.start,
      { adId: ad.id, amountCoin: '10' },
      buyer.token,
      ErrorCode.CancelLimitReached,
    );
  });
});

describe('open orders per buyer (C2C_MAX_OPEN_ORDERS 2)', () => {
  const s = useTestApp({ C2C_MAX_OPEN_ORDERS: '2' });
  afterAll(() => expectBooks(s));

  it('a buyer holds at most N unfinished orders, also when starting them at once; a finished one frees a slot', async () => {
    const merchant = await createMerchant(s, '300');
    const ads = await Promise.all([1, 2, 3].map(() => createAd(s, merchant, { quantity: '50' })));
    const buyer = await createTrader(s);
    const answers = await Promise.all(
      ads.map((ad) => s.call(transactionApi.start, { adId: ad.id, amountCoin: '10' }, buyer.token)),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([1000, 1000, ErrorCode.TooManyOpenOrders]);
    const started = answers
      .filter((a) => a.code === 1000)
      .map((a) => (a.data as { orderId: number }).orderId);
    // Paid (and appealing) orders are still open.
    await pay(s, buyer, started[0]!);
    await s.fails(
      transactionApi.start,
      { adId: ads[2]!.id, amountCoin: '10' },
      buyer.token,
      ErrorCode.TooManyOpenOrders,
    );
    await release(s, merchant, started[0]!);
    await startOrder(s, buyer, ads[2]!.id, '10');
    // The cap is per buyer: selling into a buy ad, and other buyers, are not held by it.
    const other = await createTrader(s);
    await startOrder(s, other, ads[2]!.id, '10');
  });
});

describe('a buy ad: the member sells', () => {
  it('needs a method of the ad type and the PIN; coins leave at start and reach the merchant less the fee', async () => {
    const merchant = await createMerchant(t, '0');
    const ad = await createAd(t, merchant, { type: 'buy', quantity: '100' });
    const seller = await createTrader(t, '30');
    const alipay = await addBank(t, seller, { type: 'alipay', name: 'Li Lei', account: 's@x' });
    const bank = await addBank(t, seller);
    const tries = [
      [{ adId: ad.id, amountCoin: '10' }, ErrorCode.PaymentMethodMismatch],
      [
        { adId: ad.id, amountCoin: '10', paymentMethodId: alipay.id, pin: TEST_PIN },
        ErrorCode.PaymentMethodMismatch,
      ],
      [{ adId: ad.id, amountCoin: '10', paymentMethodId: bank.id }, ErrorCode.Validation],
      [{ adId: ad.id, amountCoin: '10', paymentMethodId: bank.id, pin: '999999' }, ErrorCode.WrongPin],
      [
        { adId: ad.id, amountCoin: '40', paymentMethodId: bank.id, pin: TEST_PIN },
        ErrorCode.InsufficientBalance,
      ],
    ] as const;
    for (const [input, code] of tries) {
      expect((await t.call(transactionApi.start, input, seller.token)).code).toBe(code);
    }
    expect(await balanceOf(t, seller)).toMatchObject({ available: '30.00', frozen: '0.00' });
    const order = await startOrder(t, seller, ad.id, '20', { paymentMethodId: bank.id, pin: TEST_PIN });
    expect(order).toMatchObject({ role: 'seller', payee: { cardNumber: bank.cardNumber } });
    expect(await balanceOf(t, seller)).toMatchObject({ available: '10.00' });
    await pay(t, merchant, order.orderId);
    await release(t, seller, order.orderId);
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '19.80' });
    expect((await adOf(ad.id, merchant.token)).remaining).toBe('80.00');
  });

  it("the seller's payment method daily order limit", async () => {
    const merchant = await createMerchant(t, '100');
    const method = await addBank(t, merchant, {
      type: 'wechat',
      name: 'Li Lei',
      account: 'wx',
      dailyMaxOrders: 1,
    });
    const ad = await createAd(t, merchant, { paymentMethodId: method.id, quantity: '50' });
    const buyer = await createTrader(t);
    const first = await startOrder(t, buyer, ad.id, '10');
    // Unpaid orders do not use up the method's daily maximum (they could be opened to block it).
    const unpaid = await startOrder(t, buyer, ad.id, '10');
    await t.ok(transactionApi.canceled, { id: unpaid.orderId }, buyer.token);
    await pay(t, buyer, first.orderId);
    expect((await t.call(transactionApi.start, { adId: ad.id, amountCoin: '10' }, buyer.token)).code).toBe(
      ErrorCode.DailyOrderLimitReached,
    );
  });
});

describe('appeals by the parties', () => {
  it('the buyer appeals after the countdown with proof; the seller any time without', async () => {
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const buyer = await createTrader(t);
    const a = await startOrder(t, buyer, ad.id, '10');
    await pay(t, buyer, a.orderId);
    expect(
      (
        await t.call(
          transactionApi.appealing,
          { id: a.orderId, reason: 'no coins', proof: ['/uploads/p.png'] },
          buyer.token,
        )
      ).code,
    ).toBe(ErrorCode.AppealTooEarly);
    passReleaseDeadline();
    expect(
      (await t.call(transactionApi.appealing, { id: a.orderId, reason: 'no coins' }, buyer.token)).code,
    ).toBe(ErrorCode.ProofRequired);
    expect(
      (
        await t.call(
          transactionApi.appealing,
          { id: a.orderId, reason: 'x', proof: ['https://evil.example/p.png'] },
          buyer.token,
        )
      ).code,
    ).toBe(ErrorCode.InvalidMediaUrl);
    expect(
      await t.ok(
        transactionApi.uploadFiles,
        { id: a.orderId, urls: ['/uploads/2026-11-21/p.mp4'] },
        buyer.token,
      ),
    ).toEqual({
      urls: ['/uploads/2026-11-21/p.mp4'],
    });
    const appealed = await t.ok(transactionApi.appealing, { id: a.orderId, reason: 'no coins' }, buyer.token);
    expect(appealed).toMatchObject({
      status: 'appealing',
      appealBy: buyer.id,
      appealProof: ['/uploads/2026-11-21/p.mp4'],
    });
    // Under appeal the seller can no longer release: support decides.
    expect(
      (await t.call(transactionApi.completed, { id: a.orderId, pin: TEST_PIN }, merchant.token)).code,
    ).toBe(ErrorCode.OrderStatusInvalid);

    const b = await startOrder(t, buyer, ad.id, '10');
    await pay(t, buyer, b.orderId);
    const bySeller = await t.ok(
      transactionApi.appealing,
      { id: b.orderId, reason: 'not received' },
      merchant.token,
    );
    expect(bySeller.status).toBe('appealing');

    const list = await t.ok(transactionApi.page, { status: 'appealing' }, merchant.token);
    expect(list.list.map((o) => o.orderId).sort()).toEqual([a.orderId, b.orderId].sort());
    const all = await t.ok(transactionApi.page, {}, buyer.token);
    expect(all.pagination.total).toBe(2);
  });
});

describe('unread', () => {
  it('counts orders changed since I looked; detail marks one seen', async () => {
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const buyer = await createUser(t, { level: 1 });
    const before = (await t.ok(transactionApi.unread, {}, merchant.token)).count;
    const order = await startOrder(t, buyer, ad.id, '10');
    expect((await t.ok(transactionApi.unread, {}, merchant.token)).count).toBe(before + 1);
    expect((await t.ok(transactionApi.unread, {}, buyer.token)).count).toBe(0);
    await t.ok(transactionApi.detail, { id: order.orderId }, merchant.token);
    expect((await t.ok(transactionApi.unread, {}, merchant.token)).count).toBe(before);
    await pay(t, buyer, order.orderId);
    expect((await t.ok(transactionApi.unread, {}, merchant.token)).count).toBe(before + 1);
  });
});
