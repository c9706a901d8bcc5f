import { randomUUID } from 'node:crypto';
import { ErrorCode, mccApi, messageApi, sessionApi, userApi, walletApi } from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/modules/ledger/verify.ts';
import { useTestApp } from '../helpers/app.ts';
import { balanceOf, createUser, credit, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';
import { countStatements } from '../helpers/statements.ts';

const t = useTestApp();

/** Two members with PINs; the payer holds `funds`. */
const pair = async (funds = '100') => {
  const a = await createUser(t);
  const b = await createUser(t);
  await setPin(t, a);
  await setPin(t, b);
  await credit(t, a, funds);
  return { a, b };
};

const send = (
  from: TestUser,
  to: TestUser,
  amount: string,
  extra: Partial<{ pin: string; requestId: string }> = {},
) =>
  t.call(
    walletApi.transfer,
    { memberId: to.memberId, amount, pin: extra.pin ?? TEST_PIN, requestId: extra.requestId ?? randomUUID() },
    from.token,
  );

describe('wallet transfer', () => {
  it('tells the receiver at once: a wallet event and a notice naming the sender, once per transfer', async () => {
    const a = await createUser(t, { nickName: 'Payer Ann' });
    const b = await createUser(t);
    await setPin(t, a);
    await credit(t, a, '100');
    const socket = await connectSocket(t, b.token);
    try {
      const events = recorder(socket, 'wallet');
      const requestId = randomUUID();
      expect((await send(a, b, '7.5', { requestId })).code).toBe(1000);
      const event = await events.next();
      expect(event).toMatchObject({
        kind: 'transferIn',
        amount: '7.50',
        from: { nickName: 'Payer Ann', memberId: a.memberId },
      });
      expect(JSON.stringify(event)).not.toContain(a.username);
      const service = await t.ok(sessionApi.checkService, {}, b.token);
      const history = await t.ok(messageApi.page, { sessionId: service.id }, b.token);
      const notices = history.list.filter((m) => m.content.type === 'wallet.transferIn');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.content).toMatchObject({ amount: '7.50', name: 'Payer Ann', memberId: a.memberId });
      // A replay of the same request moves nothing and tells nobody again.
      expect((await send(a, b, '7.5', { requestId })).code).toBe(1000);
      const again = await t.ok(messageApi.page, { sessionId: service.id }, b.token);
      expect(again.list.filter((m) => m.content.type === 'wallet.transferIn')).toHaveLength(1);
      expect(events.seen).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });

  it('a later notice is one store: it reaches a member who hid the service chat, in seq order', async () => {
    const { a, b } = await pair('100');
    expect((await send(a, b, '1')).code).toBe(1000);
    const service = await t.ok(sessionApi.checkService, {}, b.token);
    await t.ok(sessionApi.setChat, { id: service.id, action: 'chat.delete' }, b.token);
    const listed = async () => (await t.ok(sessionApi.page, {}, b.token)).list.map((s) => s.id);
    expect(await listed()).not.toContain(service.id);
    const statements = await countStatements(t.database.db, () => send(a, b, '2'));
    expect(statements.result.code).toBe(1000);
    // Auth and PIN remembered, so: the parties with the payer's PIN state; one transaction holding the
    // outgoing-money guard (the payer's lock, one read, its row) and the posting; the notice's store (a
    // single chat: its members are the store's answer).
    expect(statements.transactions).toBe(1);
    expect(statements.count).toBeLessThanOrEqual(6);
    expect(await listed()).toContain(service.id);
    const history = await t.ok(messageApi.page, { sessionId: service.id }, b.token);
    const notices = history.list.filter((m) => m.content.type === 'wallet.transferIn');
    expect(notices.map((m) => m.content.amount)).toEqual(['1.00', '2.00']);
    expect(notices[1]!.seq).toBe(notices[0]!.seq + 1);
  });

  it('moves the amount from the payer to the recipient and answers the entry', async () => {
    const { a, b } = await pair('100');
    const res = await send(a, b, '12.5');
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({
      amount: '12.50',
      recipient: { memberId: b.memberId },
      id: expect.any(Number),
      createTime: expect.any(String),
    });
    expect(await balanceOf(t, a)).toEqual({ available: '87.50', frozen: '0.00', total: '87.50' });
    expect(await balanceOf(t, b)).toEqual({ available: '12.50', frozen: '0.00', total: '12.50' });
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });

  it('keeps six decimals exactly', async () => {
    const { a, b } = await pair('10');
    expect((await send(a, b, '1.000001')).code).toBe(1000);
    expect((await balanceOf(t, a)).available).toBe('8.999999');
    expect((await balanceOf(t, b)).available).toBe('1.000001');
  });

  it('the MCC transfer is the same code path', async () => {
    const { a, b } = await pair('5');
    const res = await t.call(
      mccApi.transfer,
      { memberId: b.memberId, amount: '2', pin: TEST_PIN, requestId: randomUUID() },
      a.token,
    );
    expect(res.code).toBe(1000);
    expect((await t.call(mccApi.balance, {}, b.token)).data).toEqual({
      available: '2.00',
      frozen: '0.00',
      total: '2.00',
    });
  });

  it('shows the history from both points of view, with counts and totals', async () => {
    const { a, b } = await pair('50');
    await send(a, b, '3');
    await send(a, b, '4');
    const page = await t.call(walletApi.page, { page: 1, size: 10 }, a.token);
    expect(page.data).toMatchObject({
      list: [
        { kind: 'transfer', amount: '-4.00', counterparty: { memberId: b.memberId } },
        { kind: 'transfer', amount: '-3.00', counterparty: { memberId: b.memberId } },
        { kind: 'adjust', amount: '50.00', counterparty: null, memo: 'test credit' },
      ],
      pagination: { page: 1, size: 10, total: 3 },
    });
    const income = await t.call(walletApi.page, { page: 1, size: 10, type: 'income' }, b.token);
    expect(income.data).toMatchObject({
      list: [
        { amount: '4.00', counterparty: { memberId: a.memberId } },
        { amount: '3.00', counterparty: { memberId: a.memberId } },
      ],
      pagination: { total: 2 },
    });
    const expense = await t.call(walletApi.page, { page: 1, size: 1, type: 'expense' }, a.token);
    expect(expense.data).toMatchObject({ list: [{ amount: '-4.00' }], pagination: { total: 2 } });
    expect((await t.call(walletApi.count, {}, a.token)).data).toEqual({ total: 3, income: 1, expense: 2 });
    expect((await t.call(walletApi.info, {}, a.token)).data).toMatchObject({
      income: '50.00',
      expense: '7.00',
    });
  });

  it('a member without money has zero balance and empty history', async () => {
    const c = await createUser(t);
    expect(await balanceOf(t, c)).toEqual({ available: '0.00', frozen: '0.00', total: '0.00' });
    expect((await t.call(walletApi.count, {}, c.token)).data).toEqual({ total: 0, income: 0, expense: 0 });
    expect((await t.call(walletApi.page, { page: 1, size: 20 }, c.token)).data).toMatchObject({
      list: [],
      pagination: { total: 0 },
    });
  });
});

describe('bad input and abuse: a clear error and no money moves', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    ({ a, b } = await pair('20'));
  });
  const unchanged = async () => {
    expect((await balanceOf(t, a)).available).toBe('20.00');
    expect((await balanceOf(t, b)).available).toBe('0.00');
  };

  it.each([
    ['below the minimum', '0.99', ErrorCode.AmountBelowMinimum],
    ['more than 6 decimals', '1.0000001', ErrorCode.Validation],
    ['negative', '-5', ErrorCode.Validation],
    ['zero', '0', ErrorCode.Validation],
    ['zero with decimals', '0.000000', ErrorCode.Validation],
    ['non-numeric', 'abc', ErrorCode.Validation],
    ['a float-looking exponent', '1e3', ErrorCode.Validation],
    ['above the balance', '20.000001', ErrorCode.InsufficientBalance],
  ])('amount %s', async (_name, amount, code) => {
    const res = await send(a, b, amount);
    expect(res.code).toBe(code);
    expect(res.status).toBe(200);
    await unchanged();
  });

  it('an unknown member id', async () => {
    const res = await t.call(
      walletApi.transfer,
      { memberId: '11111111', amount: '1', pin: TEST_PIN, requestId: randomUUID() },
      a.token,
    );
    expect(res.code).toBe(ErrorCode.MemberNotFound);
    await unchanged();
  });

  it('a transfer to myself', async () => {
    expect((await send(a, a, '1')).code).toBe(ErrorCode.CannotTransferToSelf);
    await unchanged();
  });

  it('without a PIN set', async () => {
    const c = await createUser(t);
    await credit(t, c, '5');
    expect((await send(c, b, '1')).code).toBe(ErrorCode.PinNotSet);
    expect((await balanceOf(t, c)).available).toBe('5.00');
  });

  it('wrong PINs count toward the lockout, and a locked PIN refuses even the right one', async () => {
    const { a: p, b: q } = await pair('10');
    for (let i = 1; i <= 4; i++) {
      const res = await send(p, q, '1', { pin: '000000' });
      expect(res.code).toBe(ErrorCode.WrongPin);
      expect(res.data).toEqual({ remainingAttempts: 5 - i });
    }
    expect((await send(p, q, '1', { pin: '000000' })).code).toBe(ErrorCode.PinLocked);
    expect((await send(p, q, '1')).code).toBe(ErrorCode.PinLocked);
    expect((await balanceOf(t, p)).available).toBe('10.00');
    expect((await balanceOf(t, q)).available).toBe('0.00');
  });

  it('a double-submitted request moves money once and answers the same', async () => {
    const { a: p, b: q } = await pair('10');
    const requestId = randomUUID();
    const first = await send(p, q, '3', { requestId });
    const second = await send(p, q, '3', { requestId });
    expect(first.code).toBe(1000);
    expect(second).toEqual(first);
    expect((await balanceOf(t, p)).available).toBe('7.00');
    expect((await balanceOf(t, q)).available).toBe('3.00');
  });

  it('a replay answers the first result even after the money is spent', async () => {
    const { a: p, b: q } = await pair('3');
    const requestId = randomUUID();
    const first = await send(p, q, '3', { requestId });
    expect((await send(p, q, '3', { requestId })).data).toEqual(first.data);
    expect((await balanceOf(t, p)).available).toBe('0.00');
  });

  it('the same request id with another amount or recipient is a conflict', async () => {
    const { a: p, b: q } = await pair('10');
    const r = await createUser(t);
    const requestId = randomUUID();
    expect((await send(p, q, '3', { requestId })).code).toBe(1000);
    expect((await send(p, q, '4', { requestId })).code).toBe(ErrorCode.IdempotencyConflict);
    expect((await send(p, r, '3', { requestId })).code).toBe(ErrorCode.IdempotencyConflict);
    expect((await balanceOf(t, p)).available).toBe('7.00');
    expect((await balanceOf(t, q)).available).toBe('3.00');
    expect((await balanceOf(t, r)).available).toBe('0.00');
  });

  it('two members may use the same request id', async () => {
    const { a: p, b: q } = await pair('10');
    await credit(t, q, '10');
    const requestId = randomUUID();
    expect((await send(p, q, '1', { requestId })).code).toBe(1000);
    expect((await send(q, p, '1', { requestId })).code).toBe(1000);
    expect((await balanceOf(t, p)).available).toBe('10.00');
  });

  it('needs a login', async () => {
    const res = await t.call(walletApi.transfer, {
      memberId: b.memberId,
      amount: '1',
      pin: TEST_PIN,
      requestId: randomUUID(),
    });
    expect(res.status).toBe(401);
  });

  it('a PIN that is not 6 digits is a validation error and does not count', async () => {
    const { a: p, b: q } = await pair('5');
    expect((await send(p, q, '1', { pin: '12345' })).code).toBe(ErrorCode.Validation);
    expect((await t.call(userApi.verifyPayPassword, { pin: TEST_PIN }, p.token)).code).toBe(1000);
  });
});
