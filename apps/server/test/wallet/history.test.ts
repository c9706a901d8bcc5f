import { randomUUID } from 'node:crypto';
import { ErrorCode, transactionApi, type WalletEntry, walletApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { createAd, createMerchant, createTrader, pay, release, startOrder } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUser, credit, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';

/**
 * The wallet history names what the member did (C2C order with its number, transfer with whom),
 * freezes are separate neutral lines that the income and expense totals leave out, and each line has a detail
 * that only its owner can read.
 */
const t = useTestApp();

const history = async (u: TestUser, type?: 'income' | 'expense') =>
  (await t.ok(walletApi.page, { page: 1, size: 50, ...(type ? { type } : {}) }, u.token)).list;
const totals = (u: TestUser) => t.ok(walletApi.info, {}, u.token);
const counts = (u: TestUser) => t.ok(walletApi.count, {}, u.token);
const byAction = (list: WalletEntry[], action: WalletEntry['action']) =>
  list.filter((e) => e.action === action);

describe('wallet history', () => {
  it('a C2C sale and purchase name the order number; the ad freeze and escrow holds are apart from the totals', async () => {
    const seller = await createMerchant(t, '1000');
    const buyer = await createTrader(t);
    const ad = await createAd(t, seller);

    // The ad freezes 100: a neutral "frozen" line, neither income nor expense.
    let lines = await history(seller);
    expect(byAction(lines, 'c2c-ad-freeze')).toEqual([
      expect.objectContaining({ flow: 'freeze', moved: '100.00', amount: '0.00' }),
    ]);
    expect(await totals(seller)).toMatchObject({ income: '1000.00', expense: '0.00' });

    // While the order is open its coins wait in escrow: a hold, still not spent.
    const order = await startOrder(t, buyer, ad.id, '10');
    lines = await history(seller);
    expect(byAction(lines, 'c2c-escrow')).toEqual([
      expect.objectContaining({
        flow: 'freeze',
        moved: '10.00',
        reference: { type: 'c2c-order', id: String(order.orderId), no: order.orderNo },
        status: 'pending',
      }),
    ]);
    expect(await totals(seller)).toMatchObject({ expense: '0.00' });
    expect(await counts(seller)).toEqual({ total: 3, income: 1, expense: 0 });

    await pay(t, buyer, order.orderId);
    await release(t, seller, order.orderId);
    const detail = await t.ok(transactionApi.detail, { id: order.orderId }, buyer.token);

    lines = await history(seller);
    const [sold] = byAction(lines, 'c2c-sell');
    expect(sold).toMatchObject({
      flow: 'out',
      amount: '-10.00',
      moved: '10.00',
      reference: { type: 'c2c-order', id: String(order.orderId), no: order.orderNo },
      status: 'completed',
      counterparty: { memberId: buyer.memberId, nickName: expect.stringMatching(/\S/) },
    });
    expect(byAction(lines, 'c2c-escrow')).toEqual([]);
    expect(byAction(lines, 'other')).toEqual([]);
    expect(await totals(seller)).toMatchObject({ income: '1000.00', expense: '10.00' });
    expect(await counts(seller)).toEqual({ total: 3, income: 1, expense: 1 });
    expect((await history(seller, 'expense')).map((e) => e.action)).toEqual(['c2c-sell']);
    expect((await history(seller, 'income')).map((e) => e.action)).toEqual(['adjust']);

    const [bought] = await history(buyer);
    const receive = (Number(detail.amountCoin) - Number(detail.charge)).toFixed(2);
    expect(bought).toMatchObject({
      action: 'c2c-buy',
      flow: 'in',
      amount: receive,
      reference: { type: 'c2c-order', no: order.orderNo },
      status: 'completed',
      counterparty: { memberId: seller.memberId, nickName: expect.stringMatching(/\S/) },
      balanceAfter: receive,
    });
    expect(bought!.fee).toBe(Number(detail.charge) > 0 ? detail.charge : null);
    expect(await totals(buyer)).toMatchObject({ income: receive, expense: '0.00' });
  });

  it('a canceled order is a hold and its return: neither counts as income or spending', async () => {
    const seller = await createMerchant(t, '500');
    const buyer = await createTrader(t);
    const ad = await createAd(t, seller);
    const order = await startOrder(t, buyer, ad.id, '20');
    await t.ok(transactionApi.canceled, { id: order.orderId }, buyer.token);

    const lines = await history(seller);
    expect(lines.map((e) => [e.action, e.flow, e.moved])).toEqual([
      ['c2c-return', 'unfreeze', '20.00'],
      ['c2c-escrow', 'freeze', '20.00'],
      ['c2c-ad-freeze', 'freeze', '100.00'],
      ['adjust', 'in', '500.00'],
    ]);
    expect(lines[0]!.reference?.no).toBe(order.orderNo);
    expect(lines[0]!.status).toBe('canceled');
    expect(await totals(seller)).toMatchObject({ income: '500.00', expense: '0.00' });
    expect(await counts(seller)).toEqual({ total: 4, income: 1, expense: 0 });
  });

  it('a transfer names the other member on both sides; its detail is mine alone', async () => {
    const a = await createUser(t, { nickName: 'Payer Ann' });
    const b = await createUser(t, { nickName: 'Payee Bob' });
    const stranger = await createUser(t);
    await setPin(t, a);
    await credit(t, a, '100');
    await t.ok(
      walletApi.transfer,
      { memberId: b.memberId, amount: '12.5', pin: TEST_PIN, requestId: randomUUID() },
      a.token,
    );

    const [sent] = await history(a);
    expect(sent).toMatchObject({
      action: 'transfer-out',
      flow: 'out',
      amount: '-12.50',
      counterparty: { memberId: b.memberId, nickName: 'Payee Bob' },
      balanceAfter: '87.50',
      reference: null,
    });
    const [got] = await history(b);
    expect(got).toMatchObject({
      action: 'transfer-in',
      flow: 'in',
      amount: '12.50',
      counterparty: { memberId: a.memberId, nickName: 'Payer Ann' },
    });
    expect(got!.id).toBe(sent!.id);

    // The detail answers the same line to each side, and nothing to anyone else.
    expect(await t.ok(walletApi.detail, { id: sent!.id }, a.token)).toEqual(sent);
    expect(await t.ok(walletApi.detail, { id: got!.id }, b.token)).toEqual(got);
    await t.fails(walletApi.detail, { id: sent!.id }, stranger.token, ErrorCode.NotFound);
    await t.fails(walletApi.detail, { id: 9_999_999 }, a.token, ErrorCode.NotFound);
  });
});
