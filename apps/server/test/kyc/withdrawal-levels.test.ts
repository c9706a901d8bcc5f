import { randomUUID } from 'node:crypto';
import { adminChainApi, ErrorCode, kycApi, successData, walletApi } from '@chatpay/shared';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { anvilKey } from '../../src/modules/chain/dev/anvil.ts';
import { useTestApp } from '../helpers/app.ts';
import { useTestChain } from '../helpers/chain.ts';
import {
  adminToken,
  balanceOf,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
  verify,
} from '../helpers/factories.ts';

/**
 * What each identity verification level may withdraw in any 24 hours (docs/design/identity.md, "Levels"):
 * the level's own cap beside the all-channel outgoing limit, raised as soon as the member is verified.
 */
const DAY = 24 * 3600_000;
const outside = privateKeyToAccount(anvilKey(11)).address;

const chain = useTestChain({ confirmations: 3 });
const t = useTestApp(() => ({
  ...chain.env,
  KYC_L0_WITHDRAWAL_DAILY_USDT: '100',
  KYC_L1_WITHDRAWAL_DAILY_USDT: '300',
  KYC_L2_WITHDRAWAL_DAILY_USDT: '0',
  OUTFLOW_DAILY_LIMIT_USDT: '1000',
  // Every withdrawal here waits for review, so one can be rejected.
  ERC20_AUTO_REVIEW_LIMIT: '50',
}));

const member = async (amount: string) => {
  const u = await createUser(t);
  await setPin(t, u);
  await credit(t, u, amount);
  return u;
};
const withdraw = (u: TestUser, amount: string) =>
  t.call(
    walletApi.withdrawal,
    { network: 'ERC20', address: outside, amount, pin: TEST_PIN, requestId: randomUUID() },
    u.token,
  );

describe('withdrawals by verification level', () => {
  it('the member sees each level’s daily amount', async () => {
    const u = await createUser(t);
    const { levels } = await t.ok(kycApi.status, {}, u.token);
    expect(levels.map((l) => l.withdrawalDaily)).toEqual(['100.00', '300.00', null]);
  });

  it('level 0 withdraws up to its amount in 24 hours; nothing is frozen by a refusal', async () => {
    const u = await member('2000');
    expect((await withdraw(u, '60')).code).toBe(1000);
    const refused = await withdraw(u, '50');
    expect(refused.code).toBe(ErrorCode.WithdrawalLevelLimit);
    expect(refused.data).toEqual({ level: 0, limit: '100.00', remaining: '40.00' });
    const frozen = (await balanceOf(t, u)).frozen;
    // The 24 hours roll: a day later the amount is free again.
    t.clock.advance(DAY + 60_000);
    expect((await withdraw(u, '90')).code).toBe(1000);
    expect(Number((await balanceOf(t, u)).frozen)).toBeGreaterThan(Number(frozen));
  });

  it('verifying raises the amount at once; level 2 has no cap of its own, the outgoing limit still holds', async () => {
    const u = await member('3000');
    expect((await withdraw(u, '100')).code).toBe(1000);
    expect((await withdraw(u, '50')).code).toBe(ErrorCode.WithdrawalLevelLimit);
    await verify(t, u, 1);
    expect((await withdraw(u, '150')).code).toBe(1000);
    const capped = await withdraw(u, '100');
    expect(capped.code).toBe(ErrorCode.WithdrawalLevelLimit);
    expect(capped.data).toEqual({ level: 1, limit: '300.00', remaining: '50.00' });
    await verify(t, u, 2);
    expect((await withdraw(u, '500')).code).toBe(1000);
    // 750 withdrawn: the all-channel 1,000 is what is left to hit.
    expect((await withdraw(u, '300')).code).toBe(ErrorCode.OutflowLimitReached);
  });

  it('a rejected withdrawal gives its part of the level amount back', async () => {
    const u = await member('1000');
    const high = await withdraw(u, '80');
    const row = successData(walletApi.withdrawal, high);
    expect(row.status).toBe('reviewing');
    expect((await withdraw(u, '50')).code).toBe(ErrorCode.WithdrawalLevelLimit);
    await t.ok(adminChainApi.reject, { id: row.id, reason: 'no' }, await adminToken(t));
    expect((await withdraw(u, '90')).code).toBe(1000);
  });
});
