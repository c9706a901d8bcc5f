import { randomUUID } from 'node:crypto';
import {
  chatTransferApi,
  ErrorCode,
  friendApi,
  messageApi,
  sessionApi,
  successData,
  walletApi,
} from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import {
  balanceOf,
  createFriendPair,
  createGroupOf,
  createUser,
  credit,
  makeFriends,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { availableOf, chatTransfer, expectBooksBalanced } from '../helpers/money.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';

const t = useTestApp();

/** Two friends with PINs and their single session; `a` holds `funds`. */
const friends = async (funds = '100') => {
  const { a, b, sessionId } = await createFriendPair(t);
  await setPin(t, a);
  await setPin(t, b);
  await credit(t, a, funds);
  return { a, b, sessionId };
};

describe('chat transfer', () => {
  it('moves the money and writes one transfer message that both members receive at once', async () => {
    const { a, b, sessionId } = await friends('50');
    const sa = await connectSocket(t, a.token);
    const sb = await connectSocket(t, b.token);
    try {
      const ra = recorder(sa, 'message');
      const rb = recorder(sb, 'message');
      const unread = recorder(sb, 'onUpdateUnread');
      const res = await chatTransfer(t, a, sessionId, '12.5', { remark: 'lunch' });
      expect(res.code).toBe(1000);
      const data = successData(chatTransferApi.send, res);
      expect(data.transfer).toMatchObject({
        id: expect.any(Number),
        amount: '12.50',
        remark: 'lunch',
        senderId: a.id,
        receiverId: b.id,
      });
      expect(data.message).toMatchObject({
        sessionId,
        senderId: a.id,
        contentType: 'transfer' as never,
        content: {
          op: 'add',
          transferId: data.transfer.id,
          amount: '12.50',
          remark: 'lunch',
          receiverId: b.id,
        },
      });
      const onA = await ra.next((m) => m.id === data.message.id);
      const onB = await rb.next((m) => m.id === data.message.id);
      expect(onA).toEqual(data.message);
      expect(onB).toEqual(data.message);
      expect(await unread.next((u) => u.sessionId === sessionId)).toEqual({ sessionId, unreadCount: 1 });
    } finally {
      sa.close();
      sb.close();
    }
    expect(await availableOf(t, [a, b])).toEqual(['37.50', '12.50']);
    // The session list shows the transfer as the last message; the history has it; the wallet lists it.
    const list = await t.ok(sessionApi.page, { page: 1, size: 100 }, b.token);
    const row = list.list.find((s) => s.sessionId === sessionId)!;
    expect(row.contentType).toBe('transfer');
    expect(row.unreadCount).toBe(1);
    const page = await t.ok(messageApi.page, { sessionId, size: 10 }, b.token);
    expect(page.list.at(-1)?.contentType).toBe('transfer');
    const history = await t.ok(walletApi.page, { page: 1, size: 10 }, b.token);
    expect(history.list[0]).toMatchObject({
      kind: 'chat-transfer',
      amount: '12.50',
    });
    await expectBooksBalanced(t);
  });

  it('a remark is optional and at most 50 characters', async () => {
    const { a, sessionId } = await friends('10');
    const res = await chatTransfer(t, a, sessionId, '1');
    expect(successData(chatTransferApi.send, res).transfer.remark).toBe('');
    expect((await chatTransfer(t, a, sessionId, '1', { remark: 'x'.repeat(51) })).code).toBe(
      ErrorCode.Validation,
    );
    expect((await balanceOf(t, a)).available).toBe('9.00');
  });

  it('a double-submitted request moves money once and answers the same message and entry', async () => {
    const { a, b, sessionId } = await friends('10');
    const requestId = randomUUID();
    const first = await chatTransfer(t, a, sessionId, '3', { requestId });
    const second = await chatTransfer(t, a, sessionId, '3', { requestId });
    expect(first.code).toBe(1000);
    expect(second.data).toEqual(first.data);
    // Concurrent duplicates (one connection on PGlite, real races on PostgreSQL).
    const again = await Promise.all([1, 2, 3].map(() => chatTransfer(t, a, sessionId, '3', { requestId })));
    for (const r of again) expect(r.data).toEqual(first.data);
    expect(await availableOf(t, [a, b])).toEqual(['7.00', '3.00']);
    const page = await t.ok(messageApi.page, { sessionId, size: 50 }, a.token);
    expect(page.list.filter((m) => m.contentType === 'transfer')).toHaveLength(1);
    await expectBooksBalanced(t);
  });

  it('the same request id with another amount is a conflict and moves nothing', async () => {
    const { a, b, sessionId } = await friends('10');
    const requestId = randomUUID();
    expect((await chatTransfer(t, a, sessionId, '3', { requestId })).code).toBe(1000);
    expect((await chatTransfer(t, a, sessionId, '4', { requestId })).code).toBe(
      ErrorCode.IdempotencyConflict,
    );
    expect(await availableOf(t, [a, b])).toEqual(['7.00', '3.00']);
  });

  it('the receiver can send back in the same session', async () => {
    const { a, b, sessionId } = await friends('10');
    await chatTransfer(t, a, sessionId, '5');
    expect((await chatTransfer(t, b, sessionId, '2')).code).toBe(1000);
    expect(await availableOf(t, [a, b])).toEqual(['7.00', '3.00']);
  });
});

describe('chat transfer bad input moves no money', () => {
  let a: TestUser;
  let b: TestUser;
  let sessionId: number;
  beforeAll(async () => {
    ({ a, b, sessionId } = await friends('20'));
  });
  const unchanged = async () => expect(await availableOf(t, [a, b])).toEqual(['20.00', '0.00']);

  it.each([
    ['below the minimum', '0.99', ErrorCode.AmountBelowMinimum],
    ['more than 6 decimals', '1.0000001', ErrorCode.Validation],
    ['negative', '-5', ErrorCode.Validation],
    ['zero', '0', ErrorCode.Validation],
    ['non-numeric', 'abc', ErrorCode.Validation],
    ['above the balance', '20.000001', ErrorCode.InsufficientBalance],
  ])('%s', async (_name, amount, code) => {
    expect((await chatTransfer(t, a, sessionId, amount)).code).toBe(code);
    await unchanged();
  });

  it('an unknown session, or a session I am not in', async () => {
    expect((await chatTransfer(t, a, 2_000_000_000, '1')).code).toBe(ErrorCode.SessionNotFound);
    const other = await createFriendPair(t);
    expect((await chatTransfer(t, a, other.sessionId, '1')).code).toBe(ErrorCode.SessionNotFound);
    await unchanged();
  });

  it('a group session', async () => {
    const { owner, group } = await createGroupOf(t, 2);
    await setPin(t, owner);
    await credit(t, owner, '5');
    expect((await chatTransfer(t, owner, group.sessionId, '1')).code).toBe(ErrorCode.TransferSingleChatOnly);
    expect((await balanceOf(t, owner)).available).toBe('5.00');
  });

  it('a removed friend (the same rule as a text message)', async () => {
    const p = await friends('5');
    expect((await t.call(friendApi.delFriend, { userId: p.b.id }, p.a.token)).code).toBe(1000);
    expect((await chatTransfer(t, p.a, p.sessionId, '1')).code).toBe(ErrorCode.NotFriends);
    expect(await availableOf(t, [p.a, p.b])).toEqual(['5.00', '0.00']);
  });

  it('free checks come before the PIN: a wrong PIN with a bad amount burns no attempt', async () => {
    const p = await friends('5');
    for (let i = 0; i < 6; i++) {
      expect((await chatTransfer(t, p.a, p.sessionId, '0.5', { pin: '000000' })).code).toBe(
        ErrorCode.AmountBelowMinimum,
      );
    }
    expect((await chatTransfer(t, p.a, p.sessionId, '1')).code).toBe(1000);
  });

  it('wrong PINs count toward the lockout, and a locked PIN refuses even the right one', async () => {
    const p = await friends('10');
    for (let i = 1; i <= 4; i++) {
      const res = await chatTransfer(t, p.a, p.sessionId, '1', { pin: '000000' });
      expect(res.code).toBe(ErrorCode.WrongPin);
      expect(res.data).toEqual({ remainingAttempts: 5 - i });
    }
    expect((await chatTransfer(t, p.a, p.sessionId, '1', { pin: '000000' })).code).toBe(ErrorCode.PinLocked);
    expect((await chatTransfer(t, p.a, p.sessionId, '1', { pin: TEST_PIN })).code).toBe(ErrorCode.PinLocked);
    expect(await availableOf(t, [p.a, p.b])).toEqual(['10.00', '0.00']);
    const page = await t.ok(messageApi.page, { sessionId: p.sessionId, size: 50 }, p.a.token);
    expect(page.list.some((m) => m.contentType === 'transfer')).toBe(false);
  });

  it('without a PIN set', async () => {
    const c = await createUser(t);
    const d = await createUser(t);
    const s = await makeFriends(t, c, d);
    await credit(t, c, '5');
    expect((await chatTransfer(t, c, s, '1')).code).toBe(ErrorCode.PinNotSet);
    expect((await balanceOf(t, c)).available).toBe('5.00');
  });

  it('needs a login', async () => {
    const res = await t.call(chatTransferApi.send, {
      sessionId,
      amount: '1',
      pin: TEST_PIN,
      requestId: randomUUID(),
    });
    expect(res.status).toBe(401);
    await unchanged();
  });

  it('a client cannot fake, forward or recall a transfer message', async () => {
    const fake = await t.call(
      messageApi.send,
      {
        sessionId,
        clientMsgId: randomUUID(),
        contentType: 'transfer' as never,
        content: { op: 'add', transferId: 1, amount: '999.00', remark: '', receiverId: b.id },
      },
      a.token,
    );
    expect(fake.code).toBe(ErrorCode.Validation);
    const p = await friends('5');
    const sent = successData(chatTransferApi.send, await chatTransfer(t, p.a, p.sessionId, '1'));
    const forward = await t.call(
      messageApi.transmit,
      { ids: [sent.message.id], sessionIds: [p.sessionId] },
      p.a.token,
    );
    expect(forward.code).toBe(ErrorCode.Forbidden);
    expect((await t.call(messageApi.recall, { id: sent.message.id }, p.a.token)).code).toBe(
      ErrorCode.RecallNotAllowed,
    );
    expect(await availableOf(t, [p.a, p.b])).toEqual(['4.00', '1.00']);
    await unchanged();
    await expectBooksBalanced(t);
  });
});
