import { randomUUID } from 'node:crypto';
import {
  advertisingApi,
  ErrorCode,
  friendApi,
  messageApi,
  sessionApi,
  transactionApi,
} from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { createAd, createMerchant, createTrader, startOrder } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, createUser, sendText, setPin } from '../helpers/factories.ts';
import { chatTransfer } from '../helpers/money.ts';

const t = useTestApp();

/** A merchant and a member who started an order on its ad: trade counterparties. */
const counterparties = async () => {
  const a = await createMerchant(t, '200');
  const ad = await createAd(t, a);
  const b = await createTrader(t);
  await startOrder(t, b, ad.id, '10');
  return { a, b };
};

const block = (by: { token: string }, userId: number) => t.ok(friendApi.block, { userId }, by.token);
const unblock = (by: { token: string }, userId: number) => t.ok(friendApi.unblock, { userId }, by.token);
const text = (sessionId: number, body = 'hello') => ({
  sessionId,
  clientMsgId: randomUUID(),
  contentType: 'text' as const,
  content: { text: body },
});

describe('block list', () => {
  it('stops 1:1 messages both ways and a chat transfer; unblock restores them', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await sendText(t, a, sessionId, 'before');
    await block(a, b.id);
    await t.fails(messageApi.send, text(sessionId), b.token, ErrorCode.Blocked);
    await t.fails(messageApi.send, text(sessionId), a.token, ErrorCode.Blocked);
    await setPin(t, a);
    expect((await chatTransfer(t, a, sessionId, '1')).code).toBe(ErrorCode.Blocked);
    // The friendship survives the block: unblocking lets both speak again.
    await unblock(a, b.id);
    await sendText(t, b, sessionId, 'after');
    await sendText(t, a, sessionId, 'back');
  });

  it('lists my blocked members (no login name) and answers blockedByMe on the profile', async () => {
    const me = await createUser(t);
    const other = await createUser(t, { nickName: 'Pest' });
    expect(await t.ok(friendApi.blockList, {}, me.token)).toEqual([]);
    await block(me, other.id);
    await block(me, other.id); // again is fine
    const list = await t.ok(friendApi.blockList, {}, me.token);
    expect(list).toEqual([
      expect.objectContaining({ userId: other.id, nickName: 'Pest', memberId: other.memberId }),
    ]);
    expect(JSON.stringify(list)).not.toContain(other.username);
    expect(await t.ok(friendApi.blockList, {}, other.token)).toEqual([]);
    expect((await t.ok(friendApi.query, { userId: other.id }, me.token)).blockedByMe).toBe(true);
    // The blocked side is not told.
    expect((await t.ok(friendApi.query, { userId: me.id }, other.token)).blockedByMe).toBe(false);
    await unblock(me, other.id);
    expect(await t.ok(friendApi.blockList, {}, me.token)).toEqual([]);
    expect((await t.ok(friendApi.query, { userId: other.id }, me.token)).blockedByMe).toBe(false);
  });

  it('refuses friend requests both ways and rejects a pending one', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const pending = await t.ok(friendApi.addFriend, { userId: a.id }, b.token);
    await block(a, b.id);
    expect(await t.ok(friendApi.requestCount, {}, a.token)).toBe(0);
    await t.fails(
      friendApi.confirmFriend,
      { id: pending.id, agree: true },
      a.token,
      ErrorCode.RequestHandled,
    );
    await t.fails(friendApi.addFriend, { userId: a.id }, b.token, ErrorCode.Blocked);
    await t.fails(friendApi.addFriend, { userId: b.id }, a.token, ErrorCode.Blocked);
    await t.fails(friendApi.addByCode, { shareCode: a.shareCode }, b.token, ErrorCode.Blocked);
    await unblock(a, b.id);
    expect((await t.ok(friendApi.addFriend, { userId: a.id }, b.token)).status).toBe('pending');
  });

  it('refuses a toMccId chat both ways', async () => {
    const { a, b } = await counterparties();
    await block(b, a.id);
    await t.fails(sessionApi.toMccId, { mccId: b.memberId }, a.token, ErrorCode.Blocked);
    await t.fails(sessionApi.toMccId, { mccId: a.memberId }, b.token, ErrorCode.Blocked);
    await unblock(b, a.id);
    const session = await t.ok(sessionApi.toMccId, { mccId: b.memberId }, a.token);
    await sendText(t, a, session.id, 'trade?');
  });

  it('stops a trade-contact chat opened before the block', async () => {
    const { a, b } = await counterparties();
    const session = await t.ok(sessionApi.toMccId, { mccId: b.memberId }, a.token);
    await block(a, b.id);
    await t.fails(messageApi.send, text(session.id), b.token, ErrorCode.Blocked);
  });

  it('refuses new C2C orders both ways and hides the blocked merchant from my market', async () => {
    const merchant = await createMerchant(t);
    const taker = await createTrader(t, '100');
    const sellAd = await createAd(t, merchant, { price: '6.11' });
    const market = () =>
      t.ok(advertisingApi.page, { page: 1, size: 100, type: 'sell' }, taker.token).then((p) => p.list);
    expect((await market()).map((ad) => ad.id)).toContain(sellAd.id);

    await block(taker, merchant.id);
    expect((await market()).map((ad) => ad.id)).not.toContain(sellAd.id);
    // The merchant still sees the market as before (only the blocker's lists change).
    const theirs = await t.ok(advertisingApi.page, { page: 1, size: 100, type: 'sell' }, merchant.token);
    expect(theirs.list.map((ad) => ad.id)).toContain(sellAd.id);
    await t.fails(
      transactionApi.start,
      { adId: sellAd.id, amountCoin: '10' },
      taker.token,
      ErrorCode.Blocked,
    );
    await unblock(taker, merchant.id);

    // The other way: the merchant blocks the taker, who can no longer order from them.
    await block(merchant, taker.id);
    await t.fails(
      transactionApi.start,
      { adId: sellAd.id, amountCoin: '10' },
      taker.token,
      ErrorCode.Blocked,
    );
    await unblock(merchant, taker.id);

    expect((await market()).map((ad) => ad.id)).toContain(sellAd.id);
    const order = await t.ok(transactionApi.start, { adId: sellAd.id, amountCoin: '10' }, taker.token);
    expect(order.status).toBe('pending');
  });

  it('keeps an open order chat working after a block, so the trade can finish', async () => {
    const merchant = await createMerchant(t);
    const taker = await createTrader(t, '100');
    const ad = await createAd(t, merchant);
    const order = await t.ok(transactionApi.start, { adId: ad.id, amountCoin: '10' }, taker.token);
    await block(merchant, taker.id);
    await sendText(t, taker, order.sessionId!, 'I paid');
  });

  it('refuses to block myself or nobody', async () => {
    const me = await createUser(t);
    await t.fails(friendApi.block, { userId: me.id }, me.token, ErrorCode.CannotBlockSelf);
    await t.fails(friendApi.block, { userId: 2_000_000_000 }, me.token, ErrorCode.UserNotFound);
    // Unblocking someone I never blocked changes nothing.
    await t.ok(friendApi.unblock, { userId: 2_000_000_000 }, me.token);
  });
});
