import { randomUUID } from 'node:crypto';
import { adminChainApi, ErrorCode, successData, walletApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { chainWithdrawals } from '../../src/db/schema/index.ts';
import { anvilKey } from '../../src/modules/chain/dev/anvil.ts';
import { useTestApp } from '../helpers/app.ts';
import { expectChainMatchesBooks, useTestChain } from '../helpers/chain.ts';
import {
  adminToken,
  balanceOf,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';

const USDT = 1_000_000n;
/** Outside addresses (not ours): where members withdraw to. */
const outside = (i: number) => privateKeyToAccount(anvilKey(10 + i)).address;

const chain = useTestChain({ confirmations: 3 });
const t = useTestApp(() => chain.env);

const broadcast = () => t.jobs.runNow('chain-broadcast-ERC20');
const member = async (amount: string) => {
  // Verified: these tests are about other rules than the level's daily amount (test/kyc/withdrawal-levels.test.ts).
  const u = await createUser(t, { level: 1 });
  await setPin(t, u);
  await credit(t, u, amount);
  return u;
};
const withdraw = (
  u: TestUser,
  input: Partial<{
    network: 'ERC20' | 'TRC20' | 'BEP20';
    address: string;
    amount: string;
    pin: string;
    requestId: string;
  }>,
) =>
  t.call(
    walletApi.withdrawal,
    {
      network: 'ERC20',
      address: outside(0),
      amount: '60',
      pin: TEST_PIN,
      requestId: randomUUID(),
      ...input,
    },
    u.token,
  );
const recordOf = async (u: TestUser, id: number) =>
  (await t.ok(walletApi.records, { page: 1, size: 50, type: 'withdrawal' }, u.token)).list.find(
    (r) => r.id === id,
  )!;

describe('withdrawals', () => {
  it('end to end: amount + fee frozen at once, signed, sent, confirming n/N, completed; one on-chain transfer', async () => {
    const a = await member('200');
    const to = outside(1);
    const res = await withdraw(a, { address: to.toLowerCase(), amount: '60' });
    expect(res.code, res.message).toBe(1000);
    const created = successData(walletApi.withdrawal, res);
    // Lower case is accepted and stored with its checksum.
    expect(created).toMatchObject({
      status: 'approved',
      amount: '60.00',
      fee: '1.06',
      address: to,
      required: 3,
    });
    expect(await balanceOf(t, a)).toEqual({ available: '138.94', frozen: '61.06', total: '200.00' });

    await broadcast();
    const signed = await recordOf(a, created.id);
    expect(signed.status).toBe('signed');
    expect(signed.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await broadcast();
    expect(await recordOf(a, created.id)).toMatchObject({ status: 'confirming', confirmations: 1 });
    expect((await balanceOf(t, a)).frozen).toBe('61.06');
    await chain.mine(2);
    await broadcast();
    expect(await recordOf(a, created.id)).toMatchObject({
      status: 'completed',
      confirmations: 3,
      txHash: signed.txHash,
    });
    expect(await balanceOf(t, a)).toEqual({ available: '138.94', frozen: '0.00', total: '138.94' });
    expect(await chain.transfersFromHot(to)).toEqual([60n * USDT]);
    await chain.mine(3);
    await broadcast();
    expect(await chain.transfersFromHot(to)).toEqual([60n * USDT]);
    await expectChainMatchesBooks(t, chain);
  });

  it('refuses bad input before the PIN where it costs nothing, and moves nothing', async () => {
    const a = await member('100');
    const other = await createUser(t);
    const otherAddress = (await t.ok(walletApi.address, { network: 'ERC20' }, other.token)).address;
    const good = outside(2);
    // Flip the case of one letter: the EIP-55 checksum no longer matches.
    const i = [...good].findIndex((c, k) => k > 1 && /[a-f]/i.test(c));
    const badChecksum =
      good.slice(0, i) +
      (good[i] === good[i]!.toUpperCase() ? good[i]!.toLowerCase() : good[i]!.toUpperCase()) +
      good.slice(i + 1);
    const cases: [Parameters<typeof withdraw>[1], number][] = [
      [{ address: 'not-an-address-at-all-000' }, ErrorCode.InvalidAddress],
      [{ address: badChecksum }, ErrorCode.InvalidAddress],
      [{ address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH' }, ErrorCode.InvalidAddress],
      [{ address: `${good}00` }, ErrorCode.InvalidAddress],
      [{ network: 'TRC20', address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH' }, ErrorCode.NetworkNotEnabled],
      [{ network: 'BEP20' }, ErrorCode.NetworkNotEnabled],
      [{ address: otherAddress }, ErrorCode.OwnAddress],
      [{ address: chain.hot }, ErrorCode.OwnAddress],
      [{ amount: '49.99' }, ErrorCode.AmountBelowMinimum],
      [{ amount: '0' }, ErrorCode.Validation],
      [{ amount: '50.1234567' }, ErrorCode.Validation],
      [{ amount: '-60' }, ErrorCode.Validation],
      [{ amount: '99.5' }, ErrorCode.InsufficientBalance],
      [{ pin: '000000' }, ErrorCode.WrongPin],
      [{ pin: '12345' }, ErrorCode.Validation],
    ];
    for (const [input, code] of cases) {
      const res = await withdraw(a, input);
      expect(res.code, JSON.stringify(input)).toBe(code);
    }
    expect(await balanceOf(t, a)).toEqual({ available: '100.00', frozen: '0.00', total: '100.00' });
    expect(
      await t.database.db.select().from(chainWithdrawals).where(eq(chainWithdrawals.userId, a.id)),
    ).toEqual([]);
  });

  it('a double submit makes one withdrawal and one freeze; the same id with other parameters is refused', async () => {
    const a = await member('100');
    const requestId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => withdraw(a, { requestId, amount: '50' })));
    const ids = new Set(answers.map((r) => successData(walletApi.withdrawal, r).id));
    expect(answers.map((r) => r.code)).toEqual([1000, 1000, 1000]);
    expect(ids.size).toBe(1);
    expect((await balanceOf(t, a)).frozen).toBe('51.05');
    expect((await withdraw(a, { requestId, amount: '55' })).code).toBe(ErrorCode.IdempotencyConflict);
    await broadcast();
    await broadcast();
    await chain.mine(3);
    await broadcast();
    expect(await chain.transfersFromHot(outside(0))).toHaveLength(1);
    await expectChainMatchesBooks(t, chain);
  });

  it('above the review limit it waits for support: reject unfreezes, approve sends', async () => {
    const a = await member('3000');
    const admin = await adminToken(t);
    const first = successData(
      walletApi.withdrawal,
      await withdraw(a, { amount: '1500', address: outside(3) }),
    );
    expect(first.status).toBe('reviewing');
    await broadcast();
    expect((await recordOf(a, first.id)).status).toBe('reviewing');
    // A member cannot review.
    expect((await t.call(adminChainApi.approve, { id: first.id }, a.token)).code).toBe(ErrorCode.Forbidden);
    const page = await t.call(
      adminChainApi.withdrawalPage,
      { page: 1, size: 20, status: 'reviewing' },
      admin,
    );
    expect(successData(adminChainApi.withdrawalPage, page).list.map((w) => w.id)).toContain(first.id);
    const rejected = await t.call(
      adminChainApi.reject,
      { id: first.id, reason: 'address under review' },
      admin,
    );
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      reason: 'address under review',
      memberId: a.memberId,
    });
    expect(await balanceOf(t, a)).toEqual({ available: '3000.00', frozen: '0.00', total: '3000.00' });
    expect((await t.call(adminChainApi.approve, { id: first.id }, admin)).code).toBe(
      ErrorCode.WithdrawalNotReviewable,
    );

    const second = successData(
      walletApi.withdrawal,
      await withdraw(a, { amount: '1200', address: outside(3) }),
    );
    expect((await t.call(adminChainApi.approve, { id: second.id }, admin)).data).toMatchObject({
      status: 'approved',
    });
    expect((await t.call(adminChainApi.reject, { id: second.id, reason: 'late' }, admin)).code).toBe(
      ErrorCode.WithdrawalNotReviewable,
    );
    expect((await t.call(adminChainApi.approve, { id: 999_999 }, admin)).code).toBe(
      ErrorCode.WithdrawalNotFound,
    );
    await broadcast();
    await chain.mine(3);
    await broadcast();
    await broadcast();
    expect((await recordOf(a, second.id)).status).toBe('completed');
    expect(await chain.transfersFromHot(outside(3))).toEqual([1200n * USDT]);
    expect((await balanceOf(t, a)).available).toBe('1797.80');
    await expectChainMatchesBooks(t, chain);
  });

  it('RPC down: the withdrawal waits, and a send lost after recording goes out as the same transaction', async () => {
    const a = await member('200');
    const to = outside(4);
    chain.proxy.setDown(true);
    const w = successData(walletApi.withdrawal, await withdraw(a, { amount: '70', address: to }));
    expect(w.status).toBe('approved');
    await expect(broadcast()).rejects.toThrow();
    expect((await recordOf(a, w.id)).status).toBe('approved');
    chain.proxy.setDown(false);
    // The node is back but the send itself is lost: signed and recorded, never received.
    chain.proxy.failMethod('eth_sendRawTransaction');
    await broadcast();
    const recorded = await recordOf(a, w.id);
    expect(recorded.status).toBe('signed');
    expect(await chain.transfersFromHot(to)).toEqual([]);
    await broadcast();
    expect((await recordOf(a, w.id)).status).toBe('signed');
    chain.proxy.failMethod('eth_sendRawTransaction', false);
    await broadcast(); // resends the recorded bytes
    await broadcast();
    expect(await recordOf(a, w.id)).toMatchObject({ status: 'confirming', txHash: recorded.txHash });
    await chain.mine(3);
    await broadcast();
    expect(await recordOf(a, w.id)).toMatchObject({ status: 'completed', txHash: recorded.txHash });
    expect(await chain.transfersFromHot(to)).toEqual([70n * USDT]);
    await expectChainMatchesBooks(t, chain);
  });
});
