import { randomUUID } from 'node:crypto';
import { adminChainApi, ErrorCode, successData, userApi, walletApi } from '@chatpay/shared';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { anvilKey } from '../../src/modules/chain/dev/anvil.ts';
import { HOLD_REASON } from '../../src/modules/chain/service.ts';
import { PROD_POR, PROD_VAPID, useTestApp } from '../helpers/app.ts';
import { type TestChain, useTestChain } from '../helpers/chain.ts';
import {
  adminToken,
  balanceOf,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  type TestUser,
} from '../helpers/factories.ts';

const DAY = 24 * 3600_000;
const outside = (i: number) => privateKeyToAccount(anvilKey(10 + i)).address;

const chain = useTestChain({ confirmations: 3 });

/** A server of its own (the tests move its clock), on the file's chain with extra settings. */
const useServer = (env: Record<string, string> = {}) => useTestApp(() => ({ ...chain.env, ...env }));

const helpers = (t: ReturnType<typeof useServer>) => {
  const member = async (amount: string) => {
    // Level 2: these tests are about the review limits, not the level's daily amount (test/kyc).
    const u = await createUser(t, { level: 2 });
    await setPin(t, u);
    await credit(t, u, amount);
    return u;
  };
  const withdraw = (u: TestUser, amount: string, address: string = outside(0)) =>
    t.call(
      walletApi.withdrawal,
      { network: 'ERC20', address, amount, pin: TEST_PIN, requestId: randomUUID() },
      u.token,
    );
  const statusOf = async (u: TestUser, amount: string) =>
    successData(walletApi.withdrawal, await withdraw(u, amount));
  return { member, withdraw, statusOf };
};

describe('the member running total (ERC20_AUTO_REVIEW_LIMIT 1000)', () => {
  const t = useServer();
  const { member, statusOf, withdraw } = helpers(t);

  it('50 × 999 USDT at once: one is approved, the other 49 wait for review; nothing leaves on its own', async () => {
    const a = await member('60000');
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(a, '999')));
    const rows = answers.map((r) => successData(walletApi.withdrawal, r));
    expect(rows.filter((r) => r.status === 'approved')).toHaveLength(1);
    const held = rows.filter((r) => r.status === 'reviewing');
    expect(held).toHaveLength(49);
    expect(new Set(held.map((r) => r.reason))).toEqual(new Set([HOLD_REASON.memberLimit]));
    // Everything is frozen: 50 × (999 + 1 gas + 0.999 fee).
    expect((await balanceOf(t, a)).frozen).toBe('50049.95');
  });

  it('the window rolls: 24 hours later the member can withdraw again without review', async () => {
    const a = await member('3000');
    expect((await statusOf(a, '600')).status).toBe('approved');
    expect((await statusOf(a, '300')).status).toBe('approved');
    // 900 so far: 100 more reaches the limit.
    expect((await statusOf(a, '100')).status).toBe('reviewing');
    t.clock.advance(DAY - 60_000);
    expect((await statusOf(a, '50')).status).toBe('reviewing');
    t.clock.advance(2 * 60_000);
    expect((await statusOf(a, '600')).status).toBe('approved');
  });

  it('a rejected withdrawal no longer counts toward the total', async () => {
    const a = await member('3000');
    const admin = await adminToken(t);
    expect((await statusOf(a, '900')).status).toBe('approved');
    const held = await statusOf(a, '200');
    expect(held).toMatchObject({ status: 'reviewing', reason: HOLD_REASON.memberLimit });
    await t.ok(adminChainApi.reject, { id: held.id, reason: 'no' }, admin);
    // 900 + 60 < 1000 once the rejected 200 is out of the total.
    expect((await statusOf(a, '60')).status).toBe('approved');
    expect((await statusOf(a, '50')).status).toBe('reviewing');
  });
});

describe('the hot-wallet outflow cap (ERC20_DAILY_OUTFLOW_CAP 2000)', () => {
  const t = useServer({ ERC20_DAILY_OUTFLOW_CAP: '2000' });
  const { member, statusOf } = helpers(t);

  it('members under their own limit still wait once the network has sent the cap in 24 hours', async () => {
    const members = await Promise.all([1, 2, 3].map(() => member('1000')));
    expect((await statusOf(members[0]!, '900')).status).toBe('approved');
    expect((await statusOf(members[1]!, '900')).status).toBe('approved');
    expect(await statusOf(members[2]!, '900')).toMatchObject({
      status: 'reviewing',
      reason: HOLD_REASON.outflowCap,
    });
    t.clock.advance(DAY + 1000);
    expect((await statusOf(members[2]!, '50')).status).toBe('approved');
  });
});

describe('the hold after a password or PIN change (WITHDRAWAL_HOLD_HOURS 24)', () => {
  const t = useServer();
  const { member, statusOf } = helpers(t);

  it('the first PIN does not hold; a password change holds every withdrawal for 24 hours', async () => {
    const a = await member('500');
    expect((await statusOf(a, '50')).status).toBe('approved');
    const login = await t.ok(
      userApi.changePassword,
      { password: a.password, newPassword: 'another-pass-2' },
      a.token,
    );
    const b = { ...a, token: login.token, password: 'another-pass-2' };
    expect(await statusOf(b, '50')).toMatchObject({ status: 'reviewing', reason: HOLD_REASON.credentials });
    t.clock.advance(DAY - 60_000);
    expect((await statusOf(b, '50')).status).toBe('reviewing');
    t.clock.advance(2 * 60_000);
    expect((await statusOf(b, '50')).status).toBe('approved');
  });

  it('changing the PIN holds withdrawals', async () => {
    const a = await member('500');
    await setPin(t, a);
    expect(await statusOf(a, '50')).toMatchObject({ status: 'reviewing', reason: HOLD_REASON.credentials });
  });
});

describe('destinations', () => {
  const t = useServer();
  const { member, withdraw } = helpers(t);

  it('the token contract and the zero address are refused with a clear message, and nothing is frozen', async () => {
    const a = await member('500');
    const contract = await withdraw(a, '60', (chain as TestChain).token);
    expect(contract.code).toBe(ErrorCode.InvalidAddress);
    expect(contract.message).toMatch(/token contract/);
    const lower = await withdraw(a, '60', chain.token.toLowerCase());
    expect(lower.code).toBe(ErrorCode.InvalidAddress);
    const zero = await withdraw(a, '60', '0x0000000000000000000000000000000000000000');
    expect(zero.code).toBe(ErrorCode.InvalidAddress);
    expect(zero.message).toMatch(/zero address/);
    expect(await balanceOf(t, a)).toEqual({ available: '500.00', frozen: '0.00', total: '500.00' });
  });
});

describe('production network settings', () => {
  const prod = {
    NODE_ENV: 'production',
    ADMIN_PASSWORD: 'a-strong-password',
    JWT_SECRET: 'x'.repeat(40),
    C2C_SECRET: 'y'.repeat(40),
    PIN_PEPPER: 'p'.repeat(40),
    CHAIN_SEED: 'seed words are checked later at start',
    ...PROD_VAPID,
    ...PROD_POR,
  };
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const net = { ERC20_TOKEN: token, ERC20_CHAIN_ID: '1', ERC20_CONFIRMATIONS: '12' };

  it('refuses plain-http node URLs except loopback, a missing chain id and too few confirmations', () => {
    expect(() => loadConfig({ ...prod, ...net, ERC20_RPC_URL: 'http://node.example.com:8545' })).toThrow(
      /ERC20_RPC_URL: plain http is refused/,
    );
    for (const url of [
      'https://node.example.com',
      'http://127.0.0.1:8545',
      'http://localhost:8545',
      'http://[::1]:8545',
    ])
      expect(() => loadConfig({ ...prod, ...net, ERC20_RPC_URL: url }), url).not.toThrow();
    expect(() =>
      loadConfig({ ...prod, ...net, ERC20_CHAIN_ID: undefined, ERC20_RPC_URL: 'https://node.example.com' }),
    ).toThrow(/ERC20_CHAIN_ID: required in production/);
    expect(() =>
      loadConfig({ ...prod, ...net, ERC20_CONFIRMATIONS: '3', ERC20_RPC_URL: 'https://node.example.com' }),
    ).toThrow(/ERC20_CONFIRMATIONS: at least 12/);
    expect(() =>
      loadConfig({
        ...prod,
        BEP20_TOKEN: token,
        BEP20_RPC_URL: 'https://bsc.example.com',
        BEP20_CHAIN_ID: '56',
        BEP20_CONFIRMATIONS: '14',
      }),
    ).toThrow(/BEP20_CONFIRMATIONS: at least 15/);
    // Development keeps accepting a local test chain with few confirmations.
    expect(() =>
      loadConfig({
        ERC20_TOKEN: token,
        ERC20_RPC_URL: 'http://anvil.internal:8545',
        ERC20_CONFIRMATIONS: '1',
      }),
    ).not.toThrow();
  });
});
