import { randomUUID } from 'node:crypto';
import {
  adminWalletApi,
  ErrorCode,
  GUEST_DAILY_LIMIT,
  mccApi,
  successData,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, users } from '../../src/db/schema/index.ts';
import { createMerchant } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, balanceOf, createUser, credit, type TestUser } from '../helpers/factories.ts';

const t = useTestApp();

const adjust = async (userId: number, amount: string, requestId = randomUUID(), token?: string) =>
  t.call(
    adminWalletApi.adjust,
    { userId, amount, reason: 'support ticket 42', requestId },
    token ?? (await adminToken(t)),
  );

describe('admin adjust', () => {
  it('credits and debits from the external account, with an audit row for each', async () => {
    const a = await createUser(t);
    const requestId = randomUUID();
    const res = await adjust(a.id, '25.5', requestId);
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ userId: a.id, amount: '25.50', reason: 'support ticket 42' });
    expect((await adjust(a.id, '-5.25')).data).toMatchObject({ amount: '-5.25' });
    expect((await balanceOf(t, a)).available).toBe('20.25');
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetUserId, a.id));
    expect(rows).toHaveLength(2);
    const admin = await t.ok(userApi.person, {}, await adminToken(t));
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'usdt:wallet:adjust',
      amount: 25_500_000n,
      reason: 'support ticket 42',
      requestId,
      entryId: successData(adminWalletApi.adjust, res).id,
    });
    expect(rows[0]!.createTime).toBeInstanceOf(Date);
  });

  it('a replay answers the first entry and writes no second audit row', async () => {
    const a = await createUser(t);
    const requestId = randomUUID();
    const first = await adjust(a.id, '10', requestId);
    expect(await adjust(a.id, '10', requestId)).toEqual(first);
    expect((await adjust(a.id, '11', requestId)).code).toBe(ErrorCode.IdempotencyConflict);
    expect((await balanceOf(t, a)).available).toBe('10.00');
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetUserId, a.id));
    expect(rows).toHaveLength(1);
  });

  it('never debits below zero', async () => {
    const a = await createUser(t);
    await credit(t, a, '3');
    expect((await adjust(a.id, '-3.000001')).code).toBe(ErrorCode.InsufficientBalance);
    expect((await balanceOf(t, a)).available).toBe('3.00');
    expect((await adjust(a.id, '-3')).code).toBe(1000);
    expect((await balanceOf(t, a)).available).toBe('0.00');
  });

  it.each([
    ['zero', '0'],
    ['negative zero', '-0.00'],
    ['more than 6 decimals', '1.1234567'],
    ['non-numeric', '12abc'],
    ['too large', '1000000000.000001'],
  ])('refuses an amount that is %s', async (_name, amount) => {
    const a = await createUser(t);
    expect((await adjust(a.id, amount)).code).toBe(ErrorCode.Validation);
    expect((await balanceOf(t, a)).available).toBe('0.00');
  });

  it('refuses an unknown member and an empty reason', async () => {
    expect((await adjust(2_000_000_000, '1')).code).toBe(ErrorCode.MemberNotFound);
    const a = await createUser(t);
    const res = await t.call(
      adminWalletApi.adjust,
      { userId: a.id, amount: '1', reason: '  ', requestId: randomUUID() },
      await adminToken(t),
    );
    expect(res.code).toBe(ErrorCode.Validation);
  });

  it('is forbidden to members, merchants and support', async () => {
    const a = await createUser(t);
    for (const roles of [['user'], ['user', 'merchant'], ['user', 'support']]) {
      await t.database.db.update(users).set({ roles }).where(eq(users.id, a.id));
      // A new login reads the roles just written (the old session's row may be remembered).
      a.token = (await t.ok(userApi.loginByName, { username: a.username, password: a.password })).token;
      const res = await adjust(a.id, '100', randomUUID(), a.token);
      expect(res.code).toBe(ErrorCode.Forbidden);
    }
    expect((await balanceOf(t, a)).available).toBe('0.00');
  });
});

describe('wallet info, estimate, address and withdrawal', () => {
  it('info lists the networks with their fee settings', async () => {
    const a = await createUser(t);
    const res = await t.call(walletApi.info, {}, a.token);
    expect(res.data).toEqual({
      income: '0.00',
      expense: '0.00',
      networks: [
        expect.objectContaining({ network: 'TRC20', enabled: false, gasFee: '1.00', feePercent: '0.1' }),
        expect.objectContaining({ network: 'ERC20', minDeposit: '10.00', minWithdrawal: '50.00' }),
        expect.objectContaining({ network: 'BEP20', awardPercent: '0', confirmations: 15 }),
      ],
    });
  });

  it('estimate is gas + percent, the percent rounded up to the micro-unit', async () => {
    const a = await createUser(t);
    const res = await t.call(walletApi.estimate, { network: 'TRC20', amount: '100.000001' }, a.token);
    // 0.1 % of 100.000001 is 0.100000001 → 0.100001; + 1.00 gas.
    expect(res.data).toEqual({
      network: 'TRC20',
      enabled: false,
      amount: '100.000001',
      gasFee: '1.00',
      fee: '1.100001',
      receive: '100.000001',
      total: '101.100002',
      minimum: '50.00',
      belowMinimum: false,
    });
    const small = await t.call(walletApi.estimate, { network: 'BEP20', amount: '10' }, a.token);
    expect(small.data).toMatchObject({ fee: '0.51', belowMinimum: true });
    expect((await t.call(walletApi.estimate, { network: 'TRC20', amount: '0' }, a.token)).code).toBe(
      ErrorCode.Validation,
    );
  });

  it('address and withdrawal answer "network not enabled", never a fake address', async () => {
    const a = await createUser(t);
    await credit(t, a, '100');
    const address = await t.call(walletApi.address, { network: 'ERC20' }, a.token);
    expect(address).toMatchObject({
      code: ErrorCode.NetworkNotEnabled,
      data: null,
      message: 'Network not enabled',
    });
    const withdrawal = await t.call(
      walletApi.withdrawal,
      {
        network: 'TRC20',
        address: 'TXYZabcdefghijklmnopqrstuvwxyz1234',
        amount: '60',
        pin: '123456',
        requestId: randomUUID(),
      },
      a.token,
    );
    expect(withdrawal.code).toBe(ErrorCode.NetworkNotEnabled);
    expect((await balanceOf(t, a)).available).toBe('100.00');
  });
});

describe('MCC', () => {
  const makeMerchant = () => createMerchant(t, '0');

  it('verifyMccId shows who a member id belongs to', async () => {
    const a = await createUser(t, { nickName: 'Alice Payee' });
    const b = await createUser(t);
    expect((await t.call(mccApi.verifyMccId, { memberId: a.memberId }, b.token)).data).toEqual({
      memberId: a.memberId,
      nickName: 'Alice Payee',
      avatar: '',
    });
    expect((await t.call(mccApi.verifyMccId, { memberId: '99999999' }, b.token)).code).toBe(
      ErrorCode.MemberNotFound,
    );
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, a.id));
    expect((await t.call(mccApi.verifyMccId, { memberId: a.memberId }, b.token)).code).toBe(
      ErrorCode.MemberNotFound,
    );
  });

  it('a merchant creates a guest who can log in with the one-time password', async () => {
    const m = await makeMerchant();
    const res = await t.call(mccApi.createGuest, { nickName: 'Walk-in' }, m.token);
    expect(res.code).toBe(1000);
    const guest = successData(mccApi.createGuest, res);
    expect(guest).toMatchObject({ nickName: 'Walk-in', username: expect.stringMatching(/^g_[a-z0-9]{10}$/) });
    expect(guest.password).toHaveLength(12);
    const login = await t.call(userApi.loginByName, { username: guest.username, password: guest.password });
    expect(login.code).toBe(1000);
    const me = await t.call(userApi.person, {}, successData(userApi.loginByName, login).token);
    expect(me.data).toMatchObject({ memberId: guest.memberId, role: ['user'] });
    const [row] = await t.database.db
      .execute(sql`select merchant_id from mcc_guests where user_id = ${guest.userId}`)
      .then((r) => (r as unknown as { rows: { merchant_id: number }[] }).rows);
    expect(row?.merchant_id).toBe(m.id);
  });

  it('only merchants create guests, and at most the daily limit', async () => {
    const plain: TestUser = await createUser(t);
    expect((await t.call(mccApi.createGuest, {}, plain.token)).code).toBe(ErrorCode.Forbidden);
    const m = await makeMerchant();
    for (let i = 0; i < GUEST_DAILY_LIMIT; i++) {
      expect((await t.call(mccApi.createGuest, {}, m.token)).code).toBe(1000);
    }
    expect((await t.call(mccApi.createGuest, {}, m.token)).code).toBe(ErrorCode.GuestLimitReached);
  }, 60_000);
});
