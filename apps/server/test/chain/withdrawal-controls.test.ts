import { randomUUID } from 'node:crypto';
import {
  addressBookApi,
  adminChainApi,
  ErrorCode,
  messageApi,
  sessionApi,
  successData,
  walletApi,
} from '@chatpay/shared';
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
} from '../helpers/factories.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const outside = (i: number) => privateKeyToAccount(anvilKey(10 + i)).address;

const chain = useTestChain({ confirmations: 3 });

/** A server of its own (the tests move its clock), on the file's chain with extra settings. */
const useServer = (env: Record<string, string> = {}) => useTestApp(() => ({ ...chain.env, ...env }));

const helpers = (t: ReturnType<typeof useServer>) => {
  const member = async (amount: string) => {
    const u = await createUser(t);
    await setPin(t, u);
    if (amount !== '0') await credit(t, u, amount);
    return u;
  };
  const withdraw = (u: TestUser, amount: string, address: string = outside(0)) =>
    t.call(
      walletApi.withdrawal,
      { network: 'ERC20', address, amount, pin: TEST_PIN, requestId: randomUUID() },
      u.token,
    );
  const withdrawOk = async (u: TestUser, amount: string, address?: string) =>
    successData(walletApi.withdrawal, await withdraw(u, amount, address));
  const transfer = (from: TestUser, to: TestUser, amount: string) =>
    t.call(
      walletApi.transfer,
      { memberId: to.memberId, amount, pin: TEST_PIN, requestId: randomUUID() },
      from.token,
    );
  return { member, withdraw, withdrawOk, transfer };
};

describe('review routing: money received from members, new accounts, the reason the member sees', () => {
  const t = useServer();
  const { member, withdrawOk, transfer } = helpers(t);

  it('a withdrawal spending money another member sent in the last 24 h waits; own money does not', async () => {
    const a = await member('300');
    const b = await member('0');
    expect((await transfer(a, b, '200')).code).toBe(1000);
    await credit(t, b, '100');
    // 100 of b's own: 60 + 1.06 fee fits, 150 does not.
    expect(await withdrawOk(b, '60')).toMatchObject({ status: 'approved', holdCode: null });
    const held = await withdrawOk(b, '150');
    expect(held).toMatchObject({ status: 'reviewing', holdCode: 'receivedInternally', heldUntil: null });
    t.clock.advance(DAY + 60_000);
    expect((await withdrawOk(b, '50')).status).toBe('approved');
  });

  it('the credential hold names its end; a rejection shows the reason support typed', async () => {
    const a = await member('500');
    await setPin(t, a);
    const held = await withdrawOk(a, '50');
    expect(held).toMatchObject({ status: 'reviewing', holdCode: 'credentials' });
    const left = Date.parse(held.heldUntil!) - t.clock.now().getTime();
    expect(left).toBeGreaterThan(23 * HOUR);
    expect(left).toBeLessThanOrEqual(24 * HOUR);
    await t.ok(
      adminChainApi.reject,
      { id: held.id, reason: 'Please call support first' },
      await adminToken(t),
    );
    const records = await t.ok(walletApi.records, { page: 1, size: 10, type: 'withdrawal' }, a.token);
    expect(records.list[0]).toMatchObject({
      id: held.id,
      status: 'rejected',
      reason: 'Please call support first',
      holdCode: 'credentials',
    });
  });
});

describe('review routing: accounts younger than WITHDRAWAL_NEW_ACCOUNT_DAYS', () => {
  const t = useServer({ WITHDRAWAL_NEW_ACCOUNT_DAYS: '3' });
  const { member, withdrawOk } = helpers(t);

  it('wait for review until the account is 3 days old', async () => {
    const a = await member('500');
    expect(await withdrawOk(a, '50')).toMatchObject({ status: 'reviewing', holdCode: 'newAccount' });
    t.clock.advance(3 * DAY + 60_000);
    expect((await withdrawOk(a, '50')).status).toBe('approved');
  });
});

describe('the 24-hour outgoing limit covers withdrawals and transfers together (OUTFLOW_DAILY_LIMIT_USDT 300)', () => {
  const t = useServer({ OUTFLOW_DAILY_LIMIT_USDT: '300', ERC20_AUTO_REVIEW_LIMIT: '100' });
  const { member, withdraw, withdrawOk, transfer } = helpers(t);

  it('a withdrawal and a transfer share the limit; a rejected withdrawal gives its part back', async () => {
    const a = await member('1000');
    const b = await createUser(t);
    const waiting = await withdrawOk(a, '200');
    expect(waiting.status).toBe('reviewing');
    const refused = await transfer(a, b, '150');
    expect(refused.code).toBe(ErrorCode.OutflowLimitReached);
    expect(refused.data).toMatchObject({ limit: '300.00', remaining: '100.00' });
    expect((await withdraw(a, '150')).code).toBe(ErrorCode.OutflowLimitReached);
    expect((await transfer(a, b, '100')).code).toBe(1000);
    expect((await balanceOf(t, a)).available).toBe('698.80');
    await t.ok(adminChainApi.reject, { id: waiting.id, reason: 'no' }, await adminToken(t));
    expect((await transfer(a, b, '150')).code).toBe(1000);
    expect((await transfer(a, b, '60')).code).toBe(ErrorCode.OutflowLimitReached);
    t.clock.advance(DAY + 60_000);
    expect((await transfer(a, b, '250')).code).toBe(1000);
  });
});

describe('the address book and the allowlist (WITHDRAWAL_ADDRESS_DELAY_HOURS 24)', () => {
  const t = useServer();
  const { member, withdraw, withdrawOk } = helpers(t);

  it('add, label, list, remove; addresses are checked as withdrawals check them; another member sees none', async () => {
    const a = await member('0');
    const other = await member('0');
    const saved = await t.ok(
      addressBookApi.add,
      { network: 'ERC20', address: outside(1).toLowerCase(), label: 'Ledger' },
      a.token,
    );
    expect(saved).toMatchObject({ network: 'ERC20', address: outside(1), label: 'Ledger', usable: false });
    expect(Date.parse(saved.usableFrom) - t.clock.now().getTime()).toBeGreaterThan(23 * HOUR);
    await t.fails(
      addressBookApi.add,
      { network: 'ERC20', address: outside(1), label: 'Again' },
      a.token,
      ErrorCode.AddressAlreadySaved,
    );
    await t.fails(
      addressBookApi.add,
      { network: 'ERC20', address: '0x0000000000000000000000000000000000000000', label: 'Zero' },
      a.token,
      ErrorCode.InvalidAddress,
    );
    await t.fails(
      addressBookApi.add,
      { network: 'ERC20', address: chain.token, label: 'Token' },
      a.token,
      ErrorCode.InvalidAddress,
    );
    const { address: own } = await t.ok(walletApi.address, { network: 'ERC20' }, other.token);
    await t.fails(
      addressBookApi.add,
      { network: 'ERC20', address: own, label: 'Deposit' },
      a.token,
      ErrorCode.OwnAddress,
    );
    await t.fails(
      addressBookApi.add,
      { network: 'TRC20', address: `T${'1'.repeat(33)}`, label: 'Tron' },
      a.token,
      ErrorCode.NetworkNotEnabled,
    );
    const renamed = await t.ok(addressBookApi.label, { id: saved.id, label: 'Cold wallet' }, a.token);
    expect(renamed.label).toBe('Cold wallet');
    await t.fails(
      addressBookApi.label,
      { id: saved.id, label: 'Mine' },
      other.token,
      ErrorCode.AddressBookEntryNotFound,
    );
    await t.fails(addressBookApi.remove, { id: saved.id }, other.token, ErrorCode.AddressBookEntryNotFound);
    expect((await t.ok(addressBookApi.list, {}, other.token)).list).toEqual([]);
    const book = await t.ok(addressBookApi.list, {}, a.token);
    expect(book).toMatchObject({ allowlist: false, allowlistOffFrom: null, delayHours: 24 });
    expect(book.list.map((e) => e.label)).toEqual(['Cold wallet']);
    await t.ok(addressBookApi.remove, { id: saved.id }, a.token);
    expect((await t.ok(addressBookApi.list, {}, a.token)).list).toEqual([]);
  });

  it('saving an address tells the member in their service chat', async () => {
    const a = await member('0');
    await t.ok(addressBookApi.add, { network: 'ERC20', address: outside(2), label: 'Exchange' }, a.token);
    const service = await t.ok(sessionApi.checkService, {}, a.token);
    const page = await t.ok(messageApi.page, { sessionId: service.id }, a.token);
    const notice = page.list.find((m) => m.content.type === 'wallet.addressAdded');
    expect(notice?.content).toMatchObject({ label: 'Exchange', network: 'ERC20', address: outside(2) });
  });

  it('with the allowlist on, only saved addresses past their delay take withdrawals; off takes the delay too', async () => {
    const a = await member('1000');
    await t.ok(addressBookApi.add, { network: 'ERC20', address: outside(3), label: 'Mine' }, a.token);
    // Without the allowlist any address works, the saved one included.
    expect((await withdraw(a, '50', outside(4))).code).toBe(1000);
    const on = await t.ok(addressBookApi.allowlist, { enabled: true }, a.token);
    expect(on.allowlist).toBe(true);
    expect((await withdraw(a, '50', outside(4))).code).toBe(ErrorCode.AddressNotSaved);
    const early = await withdraw(a, '50', outside(3));
    expect(early.code).toBe(ErrorCode.AddressNotYetUsable);
    expect(early.data).toMatchObject({ usableFrom: expect.any(String) });
    t.clock.advance(DAY + 60_000);
    expect((await withdrawOk(a, '50', outside(3).toLowerCase())).status).toBe('approved');
    // Turning it off waits as long as a new address.
    const off = await t.ok(addressBookApi.allowlist, { enabled: false }, a.token);
    expect(off.allowlist).toBe(true);
    expect(Date.parse(off.allowlistOffFrom!) - t.clock.now().getTime()).toBeGreaterThan(23 * HOUR);
    expect((await withdraw(a, '50', outside(4))).code).toBe(ErrorCode.AddressNotSaved);
    t.clock.advance(DAY + 60_000);
    expect((await t.ok(addressBookApi.list, {}, a.token)).allowlist).toBe(false);
    expect((await withdraw(a, '50', outside(4))).code).toBe(1000);
  });
});
