import {
  advertisingApi,
  groupApi,
  merchantApi,
  momentsApi,
  sessionApi,
  transactionApi,
} from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { createAd, createMerchant, createTrader, startOrder } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { createGroup, createUser, makeFriends, sendText, type TestUser } from '../helpers/factories.ts';

/**
 * The login user name is half of a credential. Only the member and their
 * friends may see it (the rule of friend/query, friend/presenter.ts visibleUsername); every other answer that
 * names a member to a stranger carries the nickname and member id only. Each check reads the whole JSON answer.
 */
const t = useTestApp();

const sessionList = (viewer: TestUser) => t.ok(sessionApi.page, { page: 1, size: 100 }, viewer.token);
const expectAbsent = (answer: unknown, ...who: TestUser[]) => {
  const json = JSON.stringify(answer);
  for (const u of who) expect(json, `${u.username} leaked`).not.toContain(u.username);
};

describe('login names never reach strangers', () => {
  it('group: the session preview and the member list show a stranger without login name', async () => {
    const owner = await createUser(t);
    const [b, c] = [await createUser(t), await createUser(t)];
    const group = await createGroup(t, owner, [b, c]);
    // b and c are both the owner's friends, but strangers to each other.
    await sendText(t, c, group.sessionId, 'hello group');
    const bView = await sessionList(b);
    const preview = bView.list.find((s) => s.sessionId === group.sessionId);
    expect(preview).toMatchObject({ senderNickName: expect.any(String), senderUsername: '' });
    expectAbsent(bView, c);
    expectAbsent(await t.ok(groupApi.info, { groupId: group.groupId }, b.token), c);
    expectAbsent(await t.ok(groupApi.list, {}, b.token), c);
    // The owner is c's friend and sees the login name; c sees their own.
    const ownerView = await sessionList(owner);
    expect(ownerView.list.find((s) => s.sessionId === group.sessionId)?.senderUsername).toBe(c.username);
    const cView = await sessionList(c);
    expect(cView.list.find((s) => s.sessionId === group.sessionId)?.senderUsername).toBe(c.username);
  });

  it('C2C: the order chat preview, the order, the market and the merchant card', async () => {
    const merchant = await createMerchant(t);
    const taker = await createTrader(t, '100');
    const ad = await createAd(t, merchant);
    const order = await t.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, taker.token);
    await sendText(t, taker, order.sessionId!, 'I will pay now');
    expectAbsent(await sessionList(merchant), taker);
    await sendText(t, merchant, order.sessionId!, 'OK');
    expectAbsent(await sessionList(taker), merchant);
    expectAbsent(await t.ok(transactionApi.detail, { id: order.orderId }, merchant.token), taker);
    expectAbsent(await t.ok(transactionApi.detail, { id: order.orderId }, taker.token), merchant);
    expectAbsent(await t.ok(transactionApi.page, { page: 1, size: 50 }, merchant.token), taker);
    expectAbsent(
      await t.ok(advertisingApi.page, { page: 1, size: 100, type: 'sell' }, taker.token),
      merchant,
    );
    expectAbsent(await t.ok(advertisingApi.detail, { id: ad.id }, taker.token), merchant);
    expectAbsent(await t.ok(merchantApi.detail, { userId: merchant.id }, taker.token), merchant);
  });

  it('a trade contact (toMccId) preview shows no login name', async () => {
    // A trade contact: the taker of one of b's orders (toMccId needs a trade or friendship).
    const b = await createMerchant(t, '200');
    const a = await createTrader(t);
    await startOrder(t, a, (await createAd(t, b)).id, '10');
    const session = await t.ok(sessionApi.toMccId, { mccId: b.memberId }, a.token);
    await sendText(t, a, session.id, 'about your ad');
    const bView = await sessionList(b);
    expect(bView.list.find((s) => s.sessionId === session.id)?.senderUsername).toBe('');
    expectAbsent(bView, a);
  });

  it('moments: a friend of the author does not see the login names of the other likers and commenters', async () => {
    const author = await createUser(t);
    const [viewer, other] = [await createUser(t), await createUser(t)];
    await makeFriends(t, author, viewer);
    await makeFriends(t, author, other);
    const moment = await t.ok(momentsApi.post, { text: 'sunny day' }, author.token);
    await t.ok(momentsApi.like, { id: moment.id }, other.token);
    await t.ok(momentsApi.comment, { id: moment.id, text: 'nice' }, other.token);
    await t.ok(momentsApi.like, { id: moment.id }, viewer.token);
    const detail = await t.ok(momentsApi.detail, { id: moment.id }, viewer.token);
    // WeChat's rule hides a stranger's like and comment from the viewer; whatever is shown names no login.
    expect(detail.likes.length).toBeGreaterThanOrEqual(1);
    expectAbsent(detail, other);
    expectAbsent(await t.ok(momentsApi.page, { page: 1, size: 20 }, viewer.token), other);
    // The author is the viewer's friend, but the moment answers carry no login names at all.
    expectAbsent(detail, author);
  });
});
