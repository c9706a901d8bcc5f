import { randomUUID } from 'node:crypto';
import {
  chatTransferApi,
  ErrorCode,
  mccApi,
  payDeskApi,
  redPacketApi,
  transactionApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { argon2Load } from '../../src/modules/user/hashing.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUser, setPin, TEST_PIN } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';

/** Payment PIN attempts, limits and changes (docs/security.md, "Sessions, PINs and rate limits"). */

const WRONG = '999999';

describe('PIN attempts are reserved before the check', () => {
  const t = useTestApp();

  it('20 concurrent wrong PINs: 5 are checked and counted, the rest refused, then the PIN is locked', async () => {
    const u = await createUser(t);
    await setPin(t, u);
    const before = argon2Load().checks;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call(userApi.verifyPayPassword, { pin: WRONG }, u.token)),
    );
    // Exactly 5 guesses reached argon2, whatever the interleaving.
    expect(argon2Load().checks - before).toBe(5);
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === ErrorCode.WrongPin)).toHaveLength(4);
    expect(codes.filter((c) => c === ErrorCode.PinLocked)).toHaveLength(16);
    // Locked: even the right PIN is refused, without a check.
    await t.fails(userApi.verifyPayPassword, { pin: TEST_PIN }, u.token, ErrorCode.PinLocked);
    expect(argon2Load().checks - before).toBe(5);
  });
});

describe('a burst of right PINs', () => {
  const t = useTestApp();

  it('30 at once all pass, and only the 5 reserved before the first answer reach argon2', async () => {
    const u = await createUser(t);
    await setPin(t, u);
    const before = argon2Load().checks;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t.call(userApi.verifyPayPassword, { pin: TEST_PIN }, u.token)),
    );
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => ErrorCode.Success));
    // The others waited for a slot and found the PIN proved meanwhile, without a check of their own.
    expect(argon2Load().checks - before).toBeLessThanOrEqual(5);
  });
});

describe('a per-member PIN rate limit covers every call that takes a PIN', () => {
  const t = useTestApp({ PIN_RATE_LIMIT: '3' });
  const requestId = () => randomUUID();
  const address = `0x${'1'.repeat(40)}`;
  const pinCalls = [
    [userApi.verifyPayPassword, { pin: TEST_PIN }],
    [userApi.setPayPassword, { oldPin: TEST_PIN, pin: TEST_PIN }],
    [walletApi.transfer, { memberId: '11111111', amount: '1', pin: TEST_PIN, requestId: requestId() }],
    [
      walletApi.withdrawal,
      { network: 'ERC20', address, amount: '10', pin: TEST_PIN, requestId: requestId() },
    ],
    [mccApi.transfer, { memberId: '11111111', amount: '1', pin: TEST_PIN, requestId: requestId() }],
    [chatTransferApi.send, { sessionId: 1, amount: '1', pin: TEST_PIN, requestId: requestId() }],
    [
      redPacketApi.send,
      { sessionId: 1, kind: 'equal', count: 1, amount: '1', pin: TEST_PIN, requestId: requestId() },
    ],
    [payDeskApi.pay, { orderNo: 'NOSUCHORDER', pin: TEST_PIN }],
    [transactionApi.start, { adId: 1, amountCoin: '1', pin: TEST_PIN, requestId: requestId() }],
    [transactionApi.completed, { id: 1, pin: TEST_PIN }],
  ] as const;

  it('once a member used up the limit, every PIN call is refused until the window ends', async () => {
    t.clock.startNextWindow(60_000);
    const u = await createUser(t);
    await setPin(t, u);
    for (let i = 0; i < 2; i++) await t.ok(userApi.verifyPayPassword, { pin: TEST_PIN }, u.token);
    // setPin was the first PIN call (it takes a `pin`), so the limit of 3 is used up now.
    for (const [endpoint, input] of pinCalls) {
      const res = await t.call(endpoint as never, input as never, u.token);
      expect({ path: endpoint.path, code: res.code }).toEqual({
        path: endpoint.path,
        code: ErrorCode.RateLimited,
      });
    }
    // Keyed on the member, not the token or its spelling: a new login and a `Bearer ` header are the same.
    const again = await t.ok(userApi.loginByName, { username: u.username, password: u.password });
    await t.fails(
      userApi.verifyPayPassword,
      { pin: TEST_PIN },
      `Bearer ${again.token}`,
      ErrorCode.RateLimited,
    );
    // Another member has their own budget; calls without a PIN are not limited by it.
    const other = await createUser(t);
    await setPin(t, other);
    await t.ok(userApi.verifyPayPassword, { pin: TEST_PIN }, other.token);
    await t.ok(userApi.person, {}, again.token);
    t.clock.advance(61_000);
    await t.ok(userApi.verifyPayPassword, { pin: TEST_PIN }, again.token);
  });
});

describe('changing the PIN', () => {
  const t = useTestApp();
  const minute = 60_000;

  it('with the current PIN works at any time; a wrong current PIN counts as a wrong PIN', async () => {
    const u = await createUser(t);
    await setPin(t, u);
    t.clock.advance(60 * minute);
    await t.fails(userApi.setPayPassword, { oldPin: WRONG, pin: '222222' }, u.token, ErrorCode.WrongPin);
    await t.ok(userApi.setPayPassword, { oldPin: TEST_PIN, pin: '222222' }, u.token);
    await t.ok(userApi.verifyPayPassword, { pin: '222222' }, u.token);
  });

  it('with the password needs a recent password login (a token login does not count)', async () => {
    const u = await createUser(t);
    await setPin(t, u);
    t.clock.advance(16 * minute);
    await t.fails(
      userApi.setPayPassword,
      { password: u.password, pin: '333333' },
      u.token,
      ErrorCode.RecentLoginRequired,
    );
    const byToken = await t.ok(userApi.loginByToken, { token: u.token });
    await t.fails(
      userApi.setPayPassword,
      { password: u.password, pin: '333333' },
      byToken.token,
      ErrorCode.RecentLoginRequired,
    );
    const fresh = await t.ok(userApi.loginByName, { username: u.username, password: u.password });
    await t.fails(
      userApi.setPayPassword,
      { password: 'wrong-pass', pin: '333333' },
      fresh.token,
      ErrorCode.WrongPassword,
    );
    await t.ok(userApi.setPayPassword, { password: u.password, pin: '333333' }, fresh.token);
    await t.ok(userApi.verifyPayPassword, { pin: '333333' }, fresh.token);
  });

  it('tells the member with a notice in the customer-service chat', async () => {
    const u = await createUser(t);
    await setPin(t, u);
    const socket = await connectSocket(t, u.token);
    const messages = recorder(socket, 'message');
    await t.ok(userApi.setPayPassword, { oldPin: TEST_PIN, pin: '444444' }, u.token);
    const notice = await messages.next((m) => m.contentType === 'notice');
    expect(notice.content).toMatchObject({ type: 'security.pinChanged' });
    socket.disconnect();
  });
});
