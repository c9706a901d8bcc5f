import { randomUUID } from 'node:crypto';
import { adminChainApi, adminMemberApi, consoleApi, ErrorCode, userApi, walletApi } from '@chatpay/shared';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { anvilKey } from '../../src/modules/chain/dev/anvil.ts';
import { useTestApp } from '../helpers/app.ts';
import { useTestChain } from '../helpers/chain.ts';
import { adminToken, credit, setPin, TEST_PIN, uniqueName } from '../helpers/factories.ts';

/** Issue 13, separation of duties: nobody reviews their own withdrawal; a frozen account's is not sent. */
const chain = useTestChain({ confirmations: 1 });
const t = useTestApp(() => chain.env);

const supportAccount = async () => {
  const username = uniqueName('s');
  const admin = await adminToken(t);
  const s = await t.ok(
    consoleApi.staffAdd,
    { username, password: 'staff-pass-1', nickName: 'Staff', roles: ['support'] },
    admin,
  );
  const login = await t.ok(userApi.loginByName, { username, password: 'staff-pass-1' });
  return {
    id: s.id,
    username,
    password: 'staff-pass-1',
    token: login.token,
    refreshToken: login.refreshToken,
    memberId: s.memberId,
    shareCode: '',
  };
};

describe('withdrawal review', () => {
  it('support cannot review its own withdrawal; a frozen member’s is not approved', async () => {
    const mine = await supportAccount();
    const other = await supportAccount();
    await setPin(t, mine);
    await credit(t, mine, '3000');
    const res = await t.ok(
      walletApi.withdrawal,
      {
        network: 'ERC20',
        address: privateKeyToAccount(anvilKey(12)).address,
        amount: '1500',
        pin: TEST_PIN,
        requestId: randomUUID(),
      },
      mine.token,
    );
    expect(res.status).toBe('reviewing');
    await t.fails(adminChainApi.approve, { id: res.id }, mine.token, ErrorCode.DutySeparation);
    await t.fails(adminChainApi.reject, { id: res.id, reason: 'x' }, mine.token, ErrorCode.DutySeparation);

    await t.ok(
      adminMemberApi.freeze,
      { userId: mine.id, frozen: true, reason: 'check' },
      await adminToken(t),
    );
    await t.fails(adminChainApi.approve, { id: res.id }, other.token, ErrorCode.AccountFrozen);
    await t.ok(adminMemberApi.freeze, { userId: mine.id, frozen: false, reason: 'ok' }, await adminToken(t));
    const approved = await t.ok(adminChainApi.approve, { id: res.id }, other.token);
    expect(approved.status).toBe('approved');
    const file = await t.ok(adminMemberApi.info, { id: mine.id }, other.token);
    expect(file.withdrawals.map((w) => [w.id, w.amount])).toEqual([[res.id, '1500.00']]);
  });
});
