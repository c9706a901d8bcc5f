import { adminC2cApi, ErrorCode, messageApi, transactionApi, userApi } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, balanceOf, sendText, type TestUser } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';
import { createAd, createMerchant, createTrader, expectBooks, pay, startOrder } from './factories.ts';

let support: string;
const t = useTestApp({ SUPPORT_PASSWORD: 'support-pass-1', C2C_FEE_PERCENT: '0.5' });
beforeAll(async () => {
  ({ token: support } = await t.ok(userApi.loginByName, { username: 'support', password: 'support-pass-1' }));
});
afterAll(async () => {
  await expectBooks(t);
});

/** A paid order appealed by the seller. */
const appealedOrder = async () => {
  const merchant = await createMerchant(t, '100');
  const ad = await createAd(t, merchant, { quantity: '50' });
  const buyer = await createTrader(t);
  const order = await startOrder(t, buyer, ad.id, '10');
  await pay(t, buyer, order.orderId);
  await t.ok(transactionApi.appealing, { id: order.orderId, reason: 'no money arrived' }, merchant.token);
  return { merchant, buyer, order };
};

describe('support resolves appeals', () => {
  it('lists open appeals, reads the order, its events and chat, writes into the chat', async () => {
    const { merchant, buyer, order } = await appealedOrder();
    await sendText(t, buyer, order.sessionId!, 'I paid, here is the receipt');
    const page = await t.ok(adminC2cApi.appealPage, { size: 100 }, support);
    expect(page.list.map((o) => o.orderId)).toContain(order.orderId);
    const info = await t.ok(adminC2cApi.appealInfo, { id: order.orderId }, support);
    expect(info.events.map((e) => e.kind)).toEqual(['start', 'payment', 'appealing']);
    expect(info.appealReason).toBe('no money arrived');
    expect(info.resolvedBy).toBeNull();

    const bSock = await connectSocket(t, buyer.token);
    const bMsg = recorder(bSock, 'message');
    try {
      await t.ok(
        adminC2cApi.appealMessage,
        { id: order.orderId, text: 'Support here: please wait' },
        support,
      );
      const got = await bMsg.next((m) => m.contentType === 'text');
      expect(got.content).toMatchObject({ text: 'Support here: please wait' });
    } finally {
      bSock.close();
    }
    const chat = await t.ok(adminC2cApi.appealMessages, { id: order.orderId }, support);
    expect(chat.list.map((m) => m.content.text)).toEqual(
      expect.arrayContaining(['I paid, here is the receipt', 'Support here: please wait']),
    );
    // The parties see support's message in their order chat too.
    const mine = await t.ok(messageApi.page, { sessionId: order.sessionId! }, merchant.token);
    expect(JSON.stringify(mine)).toContain('Support here');
  });

  it('an edited chat message: support sees it was edited and reads its earlier texts, audited', async () => {
    const { buyer, order } = await appealedOrder();
    const sent = await sendText(t, buyer, order.sessionId!, 'I paid 100');
    await t.ok(messageApi.edit, { id: sent.id, text: 'I paid 10' }, buyer.token);
    const chat = await t.ok(adminC2cApi.appealMessages, { id: order.orderId }, support);
    const row = chat.list.find((m) => m.id === sent.id)!;
    expect(row.content.text).toBe('I paid 10');
    expect(row.editTime).not.toBeNull();
    const versions = await t.ok(
      adminC2cApi.appealMessageVersions,
      { id: order.orderId, messageId: sent.id },
      support,
    );
    expect(versions.list.map((v) => v.content.text)).toEqual(['I paid 100']);
    expect(versions.list[0]!.replacedTime).toBe(row.editTime);
    const audit = (await t.database.db.execute(
      sql`SELECT actor_id FROM audit_logs WHERE action = 'c2c:appeal:messageVersions' AND target_user_id = ${buyer.id}`,
    )) as unknown as { rows: unknown[] };
    expect(audit.rows.length).toBe(1);
    // A message of another chat, through this order: no such message here. A member: refused.
    const second = await appealedOrder();
    const other = await t.ok(messageApi.page, { sessionId: second.order.sessionId! }, second.merchant.token);
    const elsewhere = other.list[0]!.id;
    expect(
      (await t.call(adminC2cApi.appealMessageVersions, { id: order.orderId, messageId: elsewhere }, support))
        .code,
    ).toBe(ErrorCode.MessageNotFound);
    expect(
      (
        await t.call(
          adminC2cApi.appealMessageVersions,
          { id: order.orderId, messageId: sent.id },
          buyer.token,
        )
      ).code,
    ).not.toBe(1000);
  });

  it('complete: coins to the buyer less the fee, a note for both, an audit row', async () => {
    const { merchant, buyer, order } = await appealedOrder();
    const mSock = await connectSocket(t, merchant.token);
    const mStatus = recorder(mSock, 'onC2COrderStatus');
    try {
      const done = await t.ok(
        adminC2cApi.appealResolve,
        { id: order.orderId, result: 'completed', note: 'Bank receipt checked' },
        support,
      );
      expect(done).toMatchObject({ status: 'completed', resolutionNote: 'Bank receipt checked' });
      // The console shows who resolved it, on the detail and in the list.
      const me = await t.ok(userApi.person, {}, support);
      const resolvedBy = { id: me.id, nickName: me.nickName };
      expect((await t.ok(adminC2cApi.appealInfo, { id: order.orderId }, support)).resolvedBy).toEqual(
        resolvedBy,
      );
      const closed = await t.ok(adminC2cApi.appealPage, { status: 'completed', size: 50 }, support);
      expect(closed.list.find((o) => o.orderId === order.orderId)?.resolvedBy).toEqual(resolvedBy);
      await mStatus.next((p) => p.orderId === order.orderId && p.status === 'completed');
    } finally {
      mSock.close();
    }
    expect(await balanceOf(t, buyer)).toMatchObject({ available: '9.95' });
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '50.00', frozen: '40.00' });
    const seen = await t.ok(transactionApi.detail, { id: order.orderId }, buyer.token);
    expect(seen.resolutionNote).toBe('Bank receipt checked');
    expect(seen.events.at(-1)).toMatchObject({ kind: 'resolve', note: 'Bank receipt checked' });
    const notes = await t.ok(messageApi.page, { sessionId: order.sessionId! }, buyer.token);
    expect(
      notes.list.some((m) => m.contentType === 'notice' && m.content.text === 'Bank receipt checked'),
    ).toBe(true);
    const audit = (await t.database.db.execute(
      sql`SELECT action FROM audit_logs WHERE action LIKE 'c2c:appeal:%' AND target_user_id = ${buyer.id}`,
    )) as unknown as { rows: unknown[] };
    expect(audit.rows.length).toBe(1);
    // Resolved once only.
    expect(
      (
        await t.call(
          adminC2cApi.appealResolve,
          { id: order.orderId, result: 'canceled', note: 'again' },
          support,
        )
      ).code,
    ).toBe(ErrorCode.OrderStatusInvalid);
  });

  it('cancel: coins back to the seller (to the ad while it is up)', async () => {
    const { merchant, buyer, order } = await appealedOrder();
    const done = await t.ok(
      adminC2cApi.appealResolve,
      { id: order.orderId, result: 'canceled', note: 'No payment found' },
      support,
    );
    expect(done).toMatchObject({
      status: 'canceled',
      cancelReason: 'support',
      resolutionNote: 'No payment found',
    });
    expect(await balanceOf(t, merchant)).toMatchObject({ available: '50.00', frozen: '50.00' });
    expect(await balanceOf(t, buyer)).toMatchObject({ available: '0.00' });
  });

  it('only support and admin: members are refused, a pending order cannot be resolved', async () => {
    const { buyer, order } = await appealedOrder();
    for (const call of [
      t.call(adminC2cApi.appealPage, {}, buyer.token),
      t.call(adminC2cApi.appealInfo, { id: order.orderId }, buyer.token),
      t.call(adminC2cApi.appealMessages, { id: order.orderId }, buyer.token),
      t.call(adminC2cApi.appealMessage, { id: order.orderId, text: 'x' }, buyer.token),
      t.call(adminC2cApi.appealResolve, { id: order.orderId, result: 'completed', note: 'x' }, buyer.token),
    ]) {
      expect((await call).code).toBe(ErrorCode.Forbidden);
    }
    const merchant = await createMerchant(t, '100');
    const ad = await createAd(t, merchant, { quantity: '50' });
    const pending = await startOrder(t, buyer as TestUser, ad.id, '10');
    expect(
      (
        await t.call(
          adminC2cApi.appealResolve,
          { id: pending.orderId, result: 'completed', note: 'x' },
          await adminToken(t),
        )
      ).code,
    ).toBe(ErrorCode.OrderStatusInvalid);
    expect((await t.call(adminC2cApi.appealInfo, { id: 999_999 }, support)).code).toBe(
      ErrorCode.OrderNotFound,
    );
  });
});
