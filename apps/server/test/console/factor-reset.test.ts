import { randomUUID } from 'node:crypto';
import {
  adminMemberApi,
  adminSecurityApi,
  consoleApi,
  ErrorCode,
  securityApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { anvilKey } from '../../src/modules/chain/dev/anvil.ts';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import { useTestChain } from '../helpers/chain.ts';
import { adminToken, createUser, credit, setPin, TEST_PIN, type TestUser } from '../helpers/factories.ts';
import { enrolTotp, passwordStep, stepUpWithTotp } from '../helpers/factors.ts';
import { addStaffAtOnce, addStaffChecked, type StaffUser } from '../helpers/staff.ts';

/**
 * Resetting a second factor is a staff request another staff member approves (docs/security.md, "Losing every
 * factor", "Staff requests").
 */
const chain = useTestChain({ confirmations: 1 });
const t = useTestApp(() => chain.env);

/** A member with a PIN, some money and an authenticator app. */
const memberWithFactor = async (app: TestApp) => {
  const m = await createUser(app);
  await setPin(app, m);
  await credit(app, m, '300');
  const { secret } = await enrolTotp(app, m);
  return { m, secret };
};

const withdraw = (u: TestUser, stepUp?: string) =>
  t.ok(
    walletApi.withdrawal,
    {
      network: 'ERC20',
      address: privateKeyToAccount(anvilKey(11)).address,
      amount: '60',
      pin: TEST_PIN,
      requestId: randomUUID(),
      ...(stepUp ? { stepUp } : {}),
    },
    u.token,
  );

const auditOf = async (userId: number, token: string) =>
  (await t.ok(adminMemberApi.info, { id: userId }, token)).audit;

/**
 * The file's staff: admin A (seeded); support S and admin B, added by A alone while A was the only admin;
 * admin C and support T, asked for by B and approved by A (so independent of A).
 */
let a: StaffUser;
let s: StaffUser;
let b: StaffUser;
let c: StaffUser;
let tSupport: StaffUser;
beforeAll(async () => {
  const token = await adminToken(t);
  const me = await t.ok(userApi.person, {}, token);
  a = { id: me.id, username: 'admin', password: '', token };
  s = await addStaffAtOnce(t, a.token, ['support']);
  b = await addStaffAtOnce(t, a.token, ['admin']);
  c = await addStaffChecked(t, b.token, a.token, ['admin']);
  tSupport = await addStaffChecked(t, b.token, a.token, ['support']);
});

describe('a member who lost every factor', () => {
  it('support files a request that changes nothing until another staff member approves it', async () => {
    const { m, secret } = await memberWithFactor(t);
    const filed = await t.ok(
      adminSecurityApi.resetFactors,
      { userId: m.id, reason: 'lost phone, id checked' },
      s.token,
    );
    expect(filed).toMatchObject({ status: 'pending', member: null });
    const request = filed.request!;
    expect(request).toMatchObject({
      kind: 'resetFactor',
      targetUserId: m.id,
      username: m.username,
      roles: [],
      reason: 'lost phone, id checked',
      status: 'pending',
      makerId: s.id,
      checkerId: null,
    });

    // Nothing changed: the session goes on, the factor is still asked and works, withdrawals are not held.
    await t.ok(userApi.person, {}, m.token);
    expect(await t.ok(securityApi.status, {}, m.token)).toMatchObject({ hasFactor: true });
    await passwordStep(t, m);
    const before = await withdraw(m, await stepUpWithTotp(t, m, secret));
    expect(before).toMatchObject({ holdCode: null });

    // Asking again while it waits answers the same request.
    const again = await t.ok(adminSecurityApi.resetFactors, { userId: m.id, reason: 'again' }, a.token);
    expect(again).toMatchObject({ status: 'pending', request: { id: request.id, makerId: s.id } });

    // Support and admins see it waiting, in the member file's queue and among the staff requests.
    expect((await t.ok(consoleApi.badges, {}, tSupport.token)).factorReset).toBeGreaterThanOrEqual(1);
    const waiting = await t.ok(adminSecurityApi.resetRequestPage, { status: 'pending' }, tSupport.token);
    expect(waiting.list.map((r) => r.id)).toContain(request.id);
    const staffList = await t.ok(consoleApi.staffRequestPage, { status: 'pending' }, c.token);
    expect(staffList.list.find((r) => r.id === request.id)).toMatchObject({ kind: 'resetFactor' });
    expect((await auditOf(m.id, a.token)).map((e) => [e.action, e.actorId, e.reason])).toContainEqual([
      'admin:user:resetFactor-request',
      s.id,
      `#${request.id} lost phone, id checked`,
    ]);

    // Neither the maker nor the member decides it.
    await t.fails(
      adminSecurityApi.resetRequestApprove,
      { id: request.id },
      s.token,
      ErrorCode.DutySeparation,
    );
    await t.fails(adminSecurityApi.resetRequestApprove, { id: request.id }, m.token, ErrorCode.Forbidden);
    await t.ok(userApi.person, {}, m.token);
  });

  it('an independent checker’s approval removes the factors, ends the sessions and holds withdrawals', async () => {
    const { m } = await memberWithFactor(t);
    const { request } = await t.ok(
      adminSecurityApi.resetFactors,
      { userId: m.id, reason: 'passport seen on video call' },
      s.token,
    );
    // A created S but S is the maker: A is independent of S.
    const approved = await t.ok(adminSecurityApi.resetRequestApprove, { id: request!.id }, a.token);
    expect(approved).toMatchObject({ status: 'approved', checkerId: a.id, targetUserId: m.id });
    await t.fails(
      adminSecurityApi.resetRequestApprove,
      { id: request!.id },
      tSupport.token,
      ErrorCode.StaffRequestNotPending,
    );

    await t.fails(userApi.person, {}, m.token, ErrorCode.Unauthorized);
    const login = await t.ok(userApi.loginByName, { username: m.username, password: m.password });
    expect(await t.ok(securityApi.status, {}, login.token)).toMatchObject({
      hasFactor: false,
      recoveryCodesLeft: 0,
    });
    const held = await withdraw({ ...m, token: login.token });
    expect(held).toMatchObject({ status: 'reviewing', holdCode: 'credentials' });

    const audit = await auditOf(m.id, a.token);
    expect(audit.map((e) => [e.action, e.actorId, e.reason])).toEqual(
      expect.arrayContaining([
        ['admin:user:resetFactor-request', s.id, `#${request!.id} passport seen on video call`],
        ['admin:user:resetFactor', a.id, `#${request!.id} by #${s.id}: passport seen on video call`],
      ]),
    );
  });

  it('a checker the maker created is refused; one it did not create approves', async () => {
    const { m } = await memberWithFactor(t);
    const { request } = await t.ok(
      adminSecurityApi.resetFactors,
      { userId: m.id, reason: 'id checked' },
      a.token,
    );
    // A created S and B.
    await t.fails(
      adminSecurityApi.resetRequestApprove,
      { id: request!.id },
      s.token,
      ErrorCode.DutySeparation,
    );
    await t.fails(consoleApi.staffRequestApprove, { id: request!.id }, b.token, ErrorCode.DutySeparation);
    await t.ok(userApi.person, {}, m.token);
    // T was asked for by B: a support member independent of A.
    const approved = await t.ok(adminSecurityApi.resetRequestApprove, { id: request!.id }, tSupport.token);
    expect(approved).toMatchObject({ status: 'approved', checkerId: tSupport.id });
    await t.fails(userApi.person, {}, m.token, ErrorCode.Unauthorized);
  });

  it('a rejection changes nothing', async () => {
    const { m } = await memberWithFactor(t);
    const { request } = await t.ok(
      adminSecurityApi.resetFactors,
      { userId: m.id, reason: 'says they lost it' },
      s.token,
    );
    await t.fails(
      adminSecurityApi.resetRequestReject,
      { id: request!.id, note: '' },
      tSupport.token,
      ErrorCode.Validation,
    );
    const rejected = await t.ok(
      adminSecurityApi.resetRequestReject,
      { id: request!.id, note: 'caller could not answer the questions' },
      tSupport.token,
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      checkerId: tSupport.id,
      note: 'caller could not answer the questions',
      reason: 'says they lost it',
    });
    await t.ok(userApi.person, {}, m.token);
    expect(await t.ok(securityApi.status, {}, m.token)).toMatchObject({ hasFactor: true });
    await passwordStep(t, m);
    await t.fails(
      adminSecurityApi.resetRequestApprove,
      { id: request!.id },
      a.token,
      ErrorCode.StaffRequestNotPending,
    );
    expect((await auditOf(m.id, a.token)).map((e) => e.action)).toContain('base:staff:reject');
    // A new request may be filed after a rejection.
    const next = await t.ok(adminSecurityApi.resetFactors, { userId: m.id, reason: 'second try' }, s.token);
    expect(next.request!.id).not.toBe(request!.id);
  });
});

describe('a staff member who lost every factor', () => {
  it('only another admin approves; support and the target itself are refused', async () => {
    const staff = await addStaffChecked(t, b.token, a.token, ['support']);
    await enrolTotp(t, staff as never);
    const { request } = await t.ok(
      adminSecurityApi.resetFactors,
      { userId: staff.id, reason: 'new phone, seen in person' },
      a.token,
    );
    expect(request).toMatchObject({ kind: 'resetFactor', targetUserId: staff.id, roles: ['support'] });
    await t.fails(
      adminSecurityApi.resetRequestApprove,
      { id: request!.id },
      tSupport.token,
      ErrorCode.Forbidden,
    );
    await t.fails(
      adminSecurityApi.resetRequestReject,
      { id: request!.id, note: 'no' },
      tSupport.token,
      ErrorCode.Forbidden,
    );
    await t.fails(
      adminSecurityApi.resetRequestApprove,
      { id: request!.id },
      staff.token,
      ErrorCode.DutySeparation,
    );
    await t.ok(userApi.person, {}, staff.token);
    const approved = await t.ok(consoleApi.staffRequestApprove, { id: request!.id }, c.token);
    expect(approved).toMatchObject({ status: 'approved', checkerId: c.id });
    await t.fails(userApi.person, {}, staff.token, ErrorCode.Unauthorized);
    const login = await t.ok(userApi.loginByName, { username: staff.username, password: staff.password });
    expect((await t.ok(securityApi.status, {}, login.token)).hasFactor).toBe(false);
  });

  it('an admin never decides the reset of its own account', async () => {
    const { request } = await t.ok(
      adminSecurityApi.resetFactors,
      { userId: b.id, reason: 'lost key' },
      a.token,
    );
    await t.fails(consoleApi.staffRequestApprove, { id: request!.id }, b.token, ErrorCode.DutySeparation);
    await t.fails(
      consoleApi.staffRequestReject,
      { id: request!.id, note: 'mine' },
      b.token,
      ErrorCode.DutySeparation,
    );
    await t.ok(consoleApi.staffRequestReject, { id: request!.id, note: 'found the key' }, c.token);
  });
});

describe('refusals', () => {
  it('one’s own account, an unknown account, a missing reason, a request of another kind', async () => {
    for (const me of [s, a]) {
      await t.fails(
        adminSecurityApi.resetFactors,
        { userId: me.id, reason: 'mine' },
        me.token,
        ErrorCode.DutySeparation,
      );
    }
    await t.fails(
      adminSecurityApi.resetFactors,
      { userId: 2_000_000_000, reason: 'who?' },
      s.token,
      ErrorCode.MemberNotFound,
    );
    const m = await createUser(t);
    for (const input of [{ userId: m.id }, { userId: m.id, reason: '   ' }]) {
      const refused = await t.fails(
        adminSecurityApi.resetFactors,
        input as never,
        s.token,
        ErrorCode.Validation,
      );
      expect(refused.data).toEqual([expect.objectContaining({ field: 'reason' })]);
    }
    await t.fails(
      adminSecurityApi.resetRequestApprove,
      { id: 2_000_000_000 },
      s.token,
      ErrorCode.StaffRequestNotFound,
    );
    // Support neither sees nor decides other staff requests through the reset calls.
    const roles = await t.ok(consoleApi.staffRoles, { userId: m.id, roles: ['support'] }, a.token);
    await t.fails(
      adminSecurityApi.resetRequestApprove,
      { id: roles.request!.id },
      tSupport.token,
      ErrorCode.StaffRequestNotFound,
    );
    const all = await t.ok(adminSecurityApi.resetRequestPage, { size: 100 }, tSupport.token);
    expect(all.list.every((r) => r.kind === 'resetFactor')).toBe(true);
    expect(await t.ok(securityApi.status, {}, m.token)).toMatchObject({ hasFactor: false });
  });

  it('a member or a caller without a session gets nothing', async () => {
    const m = await createUser(t);
    const calls = [
      [adminSecurityApi.resetFactors, { userId: m.id, reason: 'probe' }],
      [adminSecurityApi.resetRequestPage, {}],
      [adminSecurityApi.resetRequestApprove, { id: 1 }],
      [adminSecurityApi.resetRequestReject, { id: 1, note: 'probe' }],
    ] as const;
    for (const [endpoint, input] of calls) {
      await t.fails(endpoint as never, input as never, m.token, ErrorCode.Forbidden);
      const anonymous = await t.fails(endpoint as never, input as never, null, ErrorCode.Unauthorized);
      expect(anonymous.status).toBe(401);
    }
  });
});

describe('an install with one admin', () => {
  const t1 = useTestApp();

  it('resets a staff member’s factor at once, as its other staff changes; a member’s still waits', async () => {
    const admin = await adminToken(t1);
    const support = await addStaffAtOnce(t1, admin, ['support']);
    await enrolTotp(t1, support as never);
    const done = await t1.ok(
      adminSecurityApi.resetFactors,
      { userId: support.id, reason: 'new phone' },
      admin,
    );
    expect(done).toMatchObject({ status: 'done', request: null, member: { id: support.id } });
    await t1.fails(userApi.person, {}, support.token, ErrorCode.Unauthorized);

    const m = await createUser(t1);
    await enrolTotp(t1, m);
    const filed = await t1.ok(adminSecurityApi.resetFactors, { userId: m.id, reason: 'id checked' }, admin);
    expect(filed.status).toBe('pending');
    // The only other staff member was created by the maker.
    const again = await t1.ok(userApi.loginByName, {
      username: support.username,
      password: support.password,
    });
    await t1.fails(
      adminSecurityApi.resetRequestApprove,
      { id: filed.request!.id },
      again.token,
      ErrorCode.DutySeparation,
    );
  });
});
