import { adminComplainApi, appComplainApi, ErrorCode, momentsApi, userApi } from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAd, createMerchant, createTrader, startOrder } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { createGroup, createUser, makeFriends } from '../helpers/factories.ts';

/** Complaints about an order, a group or a moment (docs/product.md#tickets). */
let supportToken: string;
const t = useTestApp({ SUPPORT_PASSWORD: 'support-pass-1' });
beforeAll(async () => {
  ({ token: supportToken } = await t.ok(userApi.loginByName, {
    username: 'support',
    password: 'support-pass-1',
  }));
});

const complain = (token: string, target: Record<string, unknown>) =>
  t.call(appComplainApi.submit, { type: 'fraud', text: 'Please look', ...target } as never, token);

/** Support's view of one complaint, from the inbox filtered by the complainer. */
const staffView = async (userId: number, id: number) => {
  const page = await t.ok(adminComplainApi.page, { page: 1, size: 50, userId }, supportToken);
  return page.list.find((x) => x.id === id);
};

describe('a complaint about an order, a group or a moment', () => {
  it('about an order: its buyer or seller may; they and support see the order number, text and pictures', async () => {
    const merchant = await createMerchant(t);
    const buyer = await createTrader(t);
    const stranger = await createUser(t);
    const ad = await createAd(t, merchant);
    const order = await startOrder(t, buyer, ad.id);
    const filed = await t.ok(
      appComplainApi.submit,
      {
        type: 'fraud',
        text: 'The seller asked me to pay elsewhere',
        images: ['/uploads/proof.png'],
        contact: 'tg @buyer',
        targetKind: 'order',
        targetId: order.orderId,
      },
      buyer.token,
    );
    expect(filed).toMatchObject({
      target: { kind: 'order', id: order.orderId, label: order.orderNo },
      targetUserId: null,
    });
    // The member's own detail names the order too.
    expect((await t.ok(appComplainApi.info, { id: filed.id }, buyer.token)).target).toEqual({
      kind: 'order',
      id: order.orderId,
      label: order.orderNo,
    });
    expect((await complain(merchant.token, { targetKind: 'order', targetId: order.orderId })).code).toBe(
      1000,
    );

    expect(await staffView(buyer.id, filed.id)).toMatchObject({
      text: 'The seller asked me to pay elsewhere',
      images: ['/uploads/proof.png'],
      contact: 'tg @buyer',
      userId: buyer.id,
      target: { kind: 'order', id: order.orderId, label: order.orderNo },
    });
    // Someone who is not a party is told the order does not exist, and nothing is stored.
    const refused = await complain(stranger.token, { targetKind: 'order', targetId: order.orderId });
    expect(refused.code).toBe(ErrorCode.OrderNotFound);
    expect(JSON.stringify(refused)).not.toContain(order.orderNo);
    expect((await t.ok(appComplainApi.page, { page: 1, size: 10 }, stranger.token)).list).toEqual([]);
  });

  it('about a group: only a member may; support sees its name', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const outsider = await createUser(t);
    const group = await createGroup(t, owner, [member, await createUser(t)], 'Trip');
    const filed = await t.ok(
      appComplainApi.submit,
      { type: 'fraud', text: 'Scam links', targetKind: 'group', targetId: group.groupId },
      member.token,
    );
    expect(filed.target).toEqual({ kind: 'group', id: group.groupId, label: 'Trip' });
    expect((await staffView(member.id, filed.id))?.target).toEqual({
      kind: 'group',
      id: group.groupId,
      label: 'Trip',
    });
    const refused = await complain(outsider.token, { targetKind: 'group', targetId: group.groupId });
    expect(refused.code).toBe(ErrorCode.GroupNotFound);
    expect(JSON.stringify(refused)).not.toContain('Trip');
  });

  it('about a moment: only one I can see (mine or a friend’s); support sees its text', async () => {
    const author = await createUser(t);
    const friend = await createUser(t);
    const stranger = await createUser(t);
    await makeFriends(t, author, friend);
    const moment = await t.ok(momentsApi.post, { text: 'Buy my coins cheap' }, author.token);
    const filed = await t.ok(
      appComplainApi.submit,
      { type: 'fraud', text: 'Selling outside the market', targetKind: 'moment', targetId: moment.id },
      friend.token,
    );
    expect((await staffView(friend.id, filed.id))?.target).toEqual({
      kind: 'moment',
      id: moment.id,
      label: 'Buy my coins cheap',
    });
    const refused = await complain(stranger.token, { targetKind: 'moment', targetId: moment.id });
    expect(refused.code).toBe(ErrorCode.MomentNotFound);
    expect(JSON.stringify(refused)).not.toContain('Buy my coins');
  });

  it('about a member, by targetUserId (older clients) or by kind: the same target, labelled by nickname', async () => {
    const me = await createUser(t);
    const other = await createUser(t, { nickName: 'Rude Bob' });
    const old = await t.ok(
      appComplainApi.submit,
      { type: 'fraud', text: 'Insults', targetUserId: other.id },
      me.token,
    );
    const byKind = await t.ok(
      appComplainApi.submit,
      { type: 'fraud', text: 'Insults again', targetKind: 'member', targetId: other.id },
      me.token,
    );
    for (const filed of [old, byKind]) {
      expect(filed).toMatchObject({ targetUserId: other.id, target: { kind: 'member', id: other.id } });
      expect((await staffView(me.id, filed.id))?.target).toEqual({
        kind: 'member',
        id: other.id,
        label: 'Rude Bob',
      });
    }
    // The reply answers with the same view support had.
    const replied = await t.ok(adminComplainApi.reply, { id: old.id, reply: 'Warned him' }, supportToken);
    expect(replied.target).toEqual({ kind: 'member', id: other.id, label: 'Rude Bob' });
  });

  it('bad targets get a clear error: an unknown kind, an id of nothing, a half or a double target', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    expect((await complain(me.token, { targetKind: 'planet', targetId: 1 })).code).toBe(ErrorCode.Validation);
    expect((await complain(me.token, { targetKind: 'order', targetId: 999_999 })).code).toBe(
      ErrorCode.OrderNotFound,
    );
    expect((await complain(me.token, { targetKind: 'group', targetId: 999_999 })).code).toBe(
      ErrorCode.GroupNotFound,
    );
    expect((await complain(me.token, { targetKind: 'moment', targetId: 999_999 })).code).toBe(
      ErrorCode.MomentNotFound,
    );
    expect((await complain(me.token, { targetKind: 'member', targetId: 999_999 })).code).toBe(
      ErrorCode.UserNotFound,
    );
    const half = await complain(me.token, { targetKind: 'group' });
    expect(half).toMatchObject({
      code: ErrorCode.Validation,
      message: 'targetKind and targetId go together',
    });
    const double = await complain(me.token, {
      targetUserId: other.id,
      targetKind: 'member',
      targetId: other.id,
    });
    expect(double).toMatchObject({ code: ErrorCode.Validation, message: 'A complaint names one target' });
    expect((await t.ok(appComplainApi.page, { page: 1, size: 10 }, me.token)).list).toEqual([]);
  });
});
