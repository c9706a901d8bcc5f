import { randomUUID } from 'node:crypto';
import {
  adminChainApi,
  adminMemberApi,
  consoleApi,
  ErrorCode,
  formatUsdt,
  micro,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { anvilKey } from '../../src/modules/chain/dev/anvil.ts';
import { useTestApp } from '../helpers/app.ts';
import { useTestChain } from '../helpers/chain.ts';
import {
  adminToken,
  createUser,
  credit,
  setPin,
  TEST_PIN,
  uniqueName,
  verify,
} from '../helpers/factories.ts';

/** Separation of duties: nobody reviews their own withdrawal; a frozen account's is not sent. */
const chain = useTestChain({ confirmations: 1 });
const t = useTestApp(() => chain.env);

const supportAccount = async () => {
  const username = uniqueName('s');
  const admin = await adminToken(t);
  const { member: s } = await t.ok(
    consoleApi.staffAdd,
    { username, password: 'staff-pass-1', nickName: 'Staff', roles: ['support'] },
    admin,
  );
  if (!s) throw new Error('the only admin adds staff at once');
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
    await verify(t, mine, 1);
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
    const before = await t.ok(consoleApi.badges, {}, other.token);
    const approved = await t.ok(adminChainApi.approve, { id: res.id }, other.token);
    expect(approved.status).toBe('approved');
    // A withdrawal review decision is a staff money action: the dashboard's badge counts it.
    expect((await t.ok(consoleApi.badges, {}, other.token)).moneyAction).toBe(before.moneyAction + 1);
    const file = await t.ok(adminMemberApi.info, { id: mine.id }, other.token);
    expect(file.withdrawals.map((w) => [w.id, w.amount])).toEqual([[res.id, '1500.00']]);
  });
});

describe('review queue risk signals and the dashboard’s chain figures', () => {
  it('a new address, the 24 h total and the member’s history; the hot wallet read from the node', async () => {
    const s = await supportAccount();
    const m = await createUser(t, { level: 1 });
    await setPin(t, m);
    await credit(t, m, '4000');
    const to = privateKeyToAccount(anvilKey(13)).address;
    const ask = () =>
      t.ok(
        walletApi.withdrawal,
        { network: 'ERC20', address: to, amount: '1500', pin: TEST_PIN, requestId: randomUUID() },
        m.token,
      );
    const first = await ask();
    expect(first.status).toBe('reviewing');
    const mine = <W extends { id: number }>(page: { list: W[] }, id: number) =>
      page.list.find((w) => w.id === id)!;
    const queue = await t.ok(
      adminChainApi.withdrawalPage,
      { status: 'reviewing', userId: m.id, network: 'ERC20' },
      s.token,
    );
    expect(queue.list.map((w) => w.id)).toEqual([first.id]);
    expect(queue.list[0]!.risk).toMatchObject({
      newAddress: true,
      credentialsChangedAt: null,
      total24h: '1500.00',
      completedWithdrawals: 0,
      creditedDeposits: 0,
    });
    expect(queue.list[0]!.txUrl).toBeNull();

    const before = await t.ok(consoleApi.dashboard, {}, s.token);
    await t.ok(adminChainApi.approve, { id: first.id }, s.token);
    const audit = await t.ok(
      consoleApi.auditPage,
      { targetUserId: m.id, action: 'usdt:withdrawal:' },
      await adminToken(t),
    );
    expect(audit.list.map((a) => [a.actorId, a.action, a.amount])).toEqual([
      [s.id, 'usdt:withdrawal:approve', '1500.00'],
    ]);
    const broadcast = () => t.jobs.runNow('chain-broadcast-ERC20');
    await broadcast();
    await broadcast();
    await chain.mine(2);
    await broadcast();
    const done = mine(await t.ok(adminChainApi.withdrawalPage, { userId: m.id }, s.token), first.id);
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/);

    const second = await ask();
    expect(second.status).toBe('reviewing');
    const page = await t.ok(
      adminChainApi.withdrawalPage,
      { userId: m.id, sort: 'amount', order: 'asc' },
      s.token,
    );
    expect(page.pagination.total).toBe(2);
    expect(mine(page, second.id).risk).toMatchObject({
      newAddress: false,
      total24h: '3000.00',
      completedWithdrawals: 1,
      completedTotal: '1500.00',
    });

    const dash = await t.ok(consoleApi.dashboard, {}, s.token);
    const sent = (d: typeof dash) => Number(d.withdrawals24h);
    // The first test's approved withdrawal may be sent meanwhile by the running broadcaster.
    expect(sent(dash) - sent(before)).toBeGreaterThanOrEqual(1500);
    expect(Number(dash.hotWallets.find((h) => h.network === 'ERC20')!.withdrawalsSent)).toBe(sent(dash));
    expect(dash.daily).toHaveLength(7);
    expect(Number(dash.daily.at(-1)!.withdrawals)).toBeGreaterThanOrEqual(1500);
    expect(dash.daily.at(-1)!.members).toBeGreaterThanOrEqual(2);
    const erc20 = dash.hotWallets.find((h) => h.network === 'ERC20')!;
    expect(erc20.address?.toLowerCase()).toBe(chain.hot.toLowerCase());
    expect(erc20.onChain).toBe(formatUsdt(micro(await chain.tokenBalance(chain.hot))));
    expect(Number(erc20.withdrawalsSent)).toBeGreaterThanOrEqual(1500);
    expect(dash.ledgerBalanced).toBe(true);
    expect(dash.ledgerProblems).toEqual([]);
  });
});
