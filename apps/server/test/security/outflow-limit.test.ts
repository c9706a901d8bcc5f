import { randomUUID } from 'node:crypto';
import { ErrorCode, walletApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { engine, useTestApp } from '../helpers/app.ts';
import {
  balanceOf,
  createFriendPair,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';
import { chatTransfer } from '../helpers/money.ts';

/** What one member may send out in any 24 hours, every channel together (docs/security.md, "Money paths"). */
const t = useTestApp({ OUTFLOW_DAILY_LIMIT_USDT: '100' });

const funded = async () => {
  const u = await createUser(t);
  await setPin(t, u);
  await credit(t, u, '1000');
  return u;
};
const transfer = (from: TestUser, to: TestUser, amount: string) =>
  t.call(
    walletApi.transfer,
    { memberId: to.memberId, amount, pin: TEST_PIN, requestId: randomUUID() },
    from.token,
  );

describe('the rolling 24-hour outgoing limit', () => {
  it(`ten concurrent sends of 20 through two channels: exactly five pass (${engine})`, async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    await setPin(t, a);
    await credit(t, a, '1000');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? transfer(a, b, '20') : chatTransfer(t, a, sessionId, '20'),
      ),
    );
    const codes = answers.map((r) => r.code);
    expect(codes.filter((c) => c === 1000)).toHaveLength(5);
    expect(codes.filter((c) => c === ErrorCode.OutflowLimitReached)).toHaveLength(5);
    expect((await balanceOf(t, a)).available).toBe('900.00');
  });

  it('a replay of a counted transfer passes and is not counted twice; the window rolls after 24 hours', async () => {
    const a = await funded();
    const b = await createUser(t);
    const requestId = randomUUID();
    const send = () =>
      t.call(walletApi.transfer, { memberId: b.memberId, amount: '90', pin: TEST_PIN, requestId }, a.token);
    expect((await send()).code).toBe(1000);
    expect((await send()).code).toBe(1000);
    expect((await transfer(a, b, '10')).code).toBe(1000);
    const refused = await transfer(a, b, '1');
    expect(refused.code).toBe(ErrorCode.OutflowLimitReached);
    expect(refused.data).toMatchObject({ limit: '100.00', remaining: '0.00' });
    t.clock.advance(24 * 3600_000 + 60_000);
    expect((await transfer(a, b, '100')).code).toBe(1000);
  });
});
