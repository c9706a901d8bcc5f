import { randomUUID } from 'node:crypto';
import {
  adminComplainApi,
  appComplainApi,
  chatTransferApi,
  friendApi,
  type PushPayload,
  pushApi,
  redPacketApi,
  walletApi,
} from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_JOB, pushJobs, setPushAgent } from '../../src/modules/push/index.ts';
import { createAd, createMerchant, createTrader, pay, startOrder } from '../c2c/factories.ts';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import {
  adminToken,
  createFriendPair,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { waitFor } from '../helpers/wait.ts';
import { browserKeys, type PushService, startPushService } from './push-service.ts';

/**
 * Every source of a push besides chat text — friend requests, C2C reminders, red packets and
 * transfers, complaints answered — reaches a member whose app is closed, in their language, silent when
 * their sound is off. (Withdrawals: push-withdrawal.test.ts, it needs a test chain.)
 */
let svc: PushService;
beforeAll(async () => {
  svc = await startPushService();
  setPushAgent(svc.agent);
});
afterAll(async () => {
  setPushAgent(undefined);
  await svc.close();
});

const subscribe = async (
  t: TestApp,
  user: TestUser,
  name: string,
  extra: { lang?: 'en' | 'zh' | 'vn' | 'jp'; preview?: boolean; sound?: boolean } = {},
) => {
  const browser = browserKeys();
  await t.ok(
    pushApi.subscribe,
    { endpoint: svc.endpoint(name), keys: browser.keys, deviceId: `dev-${name}`, ...extra },
    user.token,
  );
  return browser;
};

/** Waits until `name` received `n` pushes and answers them decrypted. */
const pushesTo = async (name: string, browser: ReturnType<typeof browserKeys>, n = 1) => {
  const got = await waitFor(() => svc.to(name).length >= n && svc.to(name));
  return got.map((p) => Object.assign(svc.decrypt(p, browser) as PushPayload, { headers: p.headers }));
};

describe('pushes besides chat messages', () => {
  const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true' });

  it('a friend request, with the greeting unless previews are off', async () => {
    const a = await createUser(t, { nickName: 'Ann' });
    const b = await createUser(t);
    const c = await createUser(t);
    const toB = await subscribe(t, b, 'friend-b', { lang: 'zh' });
    const toC = await subscribe(t, c, 'friend-c', { preview: false });
    const { id } = await t.ok(friendApi.addFriend, { userId: b.id, message: 'met at the fair' }, a.token);
    await t.ok(friendApi.addFriend, { userId: c.id, message: 'secret greeting' }, a.token);
    const [toBPush] = await pushesTo('friend-b', toB);
    expect(toBPush).toMatchObject({
      kind: 'friend',
      title: '好友申请',
      body: 'Ann 请求添加你为好友: met at the fair',
      url: '#/pages/chat/friend-requests',
    });
    const [toCPush] = await pushesTo('friend-c', toC);
    expect(toCPush!.body).toBe('Ann wants to be your friend');
    // Approving tells the asker in the app only (their chat opens): no push for the confirmation itself.
    await subscribe(t, a, 'friend-a');
    await t.ok(friendApi.confirmFriend, { id, agree: true }, b.token);
    await t.ok(friendApi.addFriend, { userId: c.id, message: 'again' }, b.token);
    await pushesTo('friend-c', toC, 2);
    expect(svc.to('friend-a')).toEqual([]);
  });

  it('red packets and chat transfers received; silent when the member’s sound is off', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await setPin(t, a);
    await credit(t, a, '50');
    const browser = await subscribe(t, b, 'money-b', { sound: false });
    await t.ok(
      redPacketApi.send,
      { sessionId, kind: 'lucky', count: 1, amount: '5', pin: TEST_PIN, requestId: randomUUID() },
      a.token,
    );
    const [packet] = await pushesTo('money-b', browser);
    expect(packet).toMatchObject({ kind: 'chat', body: '[Red packet]', silent: true });
    await t.ok(
      chatTransferApi.send,
      { sessionId, amount: '3', pin: TEST_PIN, requestId: randomUUID() },
      a.token,
    );
    const pushes = await pushesTo('money-b', browser, 2);
    // Both messages are unread: the chat's notification carries the count.
    expect(pushes[1]).toMatchObject({
      kind: 'wallet',
      body: '2 new messages · Sent you a transfer of 3.00 USDT',
      count: 2,
      silent: true,
    });
    expect(pushes[1]!.headers.urgency).toBe('high');
  });

  it('a transfer by member id, once per transfer even when the request is retried', async () => {
    const a = await createUser(t, { nickName: 'Payer' });
    const b = await createUser(t);
    await setPin(t, a);
    await credit(t, a, '50');
    const browser = await subscribe(t, b, 'transfer-b', { lang: 'vn' });
    const input = { memberId: b.memberId, amount: '12.5', pin: TEST_PIN, requestId: randomUUID() };
    await t.ok(walletApi.transfer, input, a.token);
    await t.ok(walletApi.transfer, input, a.token);
    const [push] = await pushesTo('transfer-b', browser);
    expect(push).toMatchObject({
      kind: 'wallet',
      title: 'Payer',
      body: 'Đã chuyển cho bạn 12.50 USDT',
      url: '#/pages/usdt/wallet',
    });
    expect(push!.silent).toBeUndefined();
    await t.jobs.runNow(PUSH_JOB);
    expect(svc.to('transfer-b')).toHaveLength(1);
  });

  it('a complaint answered opens the complaint', async () => {
    const me = await createUser(t);
    const browser = await subscribe(t, me, 'ticket-me', { lang: 'jp' });
    const ticket = await t.ok(appComplainApi.submit, { type: 'fraud', text: 'He never paid' }, me.token);
    const admin = await adminToken(t);
    await t.ok(
      adminComplainApi.reply,
      { id: ticket.id, reply: 'Looking into it', status: 'processing' },
      admin,
    );
    const [push] = await pushesTo('ticket-me', browser);
    expect(push).toMatchObject({
      kind: 'ticket',
      title: '苦情',
      body: 'サポートから返信がありました：対応中',
      url: `#/uni_modules/cool-app/pages/complain/detail?id=${ticket.id}`,
    });
  });
});

describe('C2C countdown reminders', () => {
  // Its own server: the test moves the clock and counts what the reminder sweep did.
  const t = useTestApp({ PUSH_ALLOW_PRIVATE: 'true', C2C_RELEASE_MINUTES: '10' });
  const remind = () => t.jobs.runNow('c2c-order-reminders');

  it('the buyer 5 minutes before the payment deadline, both parties when the release time is up; once', async () => {
    const merchant = await createMerchant(t);
    const buyer = await createTrader(t, '0');
    const ad = await createAd(t, merchant, { timeLimit: 15 });
    const toSeller = await subscribe(t, merchant, 'remind-seller');
    const order = await startOrder(t, buyer, ad.id);
    const orderId = Number(order.orderId);
    // Events are handled in emit order, the buyer's first: once the seller has "new order", so has the buyer.
    await pushesTo('remind-seller', toSeller);
    const toBuyer = await subscribe(t, buyer, 'remind-buyer', { lang: 'zh' });

    expect(await remind()).toBe(0);
    t.clock.advance(9 * 60_000);
    expect(await remind()).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    const [paySoon] = await pushesTo('remind-buyer', toBuyer);
    expect(paySoon).toMatchObject({
      kind: 'c2c',
      body: '请在 4 分钟内付款，否则订单将被取消',
      url: `#/pages/c2c/detail?id=${orderId}`,
    });
    expect(paySoon!.headers).toMatchObject({ urgency: 'high', topic: `o${orderId}` });

    await pay(t, buyer, orderId);
    await pushesTo('remind-seller', toSeller, 2); // "the buyer has paid"
    t.clock.advance(9 * 60_000);
    expect(await remind()).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    const seller = await pushesTo('remind-seller', toSeller, 3);
    expect(seller[2]!.body).toBe('The release time is up: check the payment and release the coins');
    // The buyer: the reminder, "paid" (their own step, on their other devices), the release reminder.
    const buyerPushes = await pushesTo('remind-buyer', toBuyer, 3);
    expect(buyerPushes[2]!.body).toBe('卖家仍未放币：现在可以申诉');
    const rows = await t.database.db.select().from(pushJobs).where(eq(pushJobs.userId, buyer.id));
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual([
      `o${orderId}-payment`,
      `o${orderId}-payment-soon`,
      `o${orderId}-release-due`,
    ]);
  });

  it('an order whose whole time limit is within the reminder gets none', async () => {
    const merchant = await createMerchant(t);
    const buyer = await createTrader(t, '0');
    const ad = await createAd(t, merchant, { timeLimit: 5 });
    await startOrder(t, buyer, ad.id);
    t.clock.advance(60_000);
    expect(await remind()).toBe(0);
  });
});
