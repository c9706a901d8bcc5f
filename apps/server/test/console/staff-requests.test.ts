import { randomUUID } from 'node:crypto';
import { adminAdjustApi, adminC2cApi, adminWalletApi, consoleApi, ErrorCode, userApi } from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser, uniqueName } from '../helpers/factories.ts';
import { connectSocket, recorder } from '../helpers/sockets.ts';
import { addStaffAtOnce, addStaffChecked, type StaffUser, threeAdmins } from '../helpers/staff.ts';

/** Staff changes as maker-checker requests (docs/security.md, "Staff requests"). */
const t = useTestApp({ ADJUST_APPROVAL_CAP_USDT: '100' });

describe('a fresh install', () => {
  const t = useTestApp();
  it('the only admin adds the first second admin at once; from then on staff changes are requests', async () => {
    const a = await adminToken(t);
    const aId = (await t.ok(userApi.person, {}, a)).id;
    // While A is the only admin, nobody else could check: A adds B at once.
    const b = await addStaffAtOnce(t, a, ['admin']);

    // Now a new staff account waits for another admin, and does not exist until then.
    const username = uniqueName('s');
    const asked = await t.ok(
      consoleApi.staffAdd,
      { username, password: 'staff-pass-1', nickName: 'New', roles: ['support'] },
      a,
    );
    expect(asked).toMatchObject({ status: 'pending', member: null });
    expect(asked.request).toMatchObject({ kind: 'add', username, roles: ['support'], makerId: aId });
    await t.fails(
      userApi.loginByName,
      { username, password: 'staff-pass-1' },
      undefined,
      ErrorCode.InvalidCredentials,
    );
    // The same user name cannot be asked for twice.
    await t.fails(
      consoleApi.staffAdd,
      { username, password: 'staff-pass-1', nickName: 'Again', roles: ['support'] },
      b.token,
      ErrorCode.UsernameTaken,
    );
    // Neither the maker nor B, whom the maker created, may approve it.
    await t.fails(consoleApi.staffRequestApprove, { id: asked.request!.id }, a, ErrorCode.DutySeparation);
    await t.fails(
      consoleApi.staffRequestApprove,
      { id: asked.request!.id },
      b.token,
      ErrorCode.DutySeparation,
    );

    // B asks for a third admin C and A approves: C is independent of A.
    const c = await addStaffChecked(t, b.token, a, ['admin']);
    const approved = await t.ok(consoleApi.staffRequestApprove, { id: asked.request!.id }, c.token);
    expect(approved).toMatchObject({ status: 'approved', checkerId: c.id });
    const login = await t.ok(userApi.loginByName, { username, password: 'staff-pass-1' });
    await t.ok(adminC2cApi.merchantPage, {}, login.token);
    await t.fails(
      consoleApi.staffRequestApprove,
      { id: asked.request!.id },
      c.token,
      ErrorCode.StaffRequestNotPending,
    );

    // A support account cannot see or decide requests.
    await t.fails(consoleApi.staffRequestPage, {}, login.token, ErrorCode.Forbidden);
    await t.fails(
      consoleApi.staffRequestApprove,
      { id: asked.request!.id },
      login.token,
      ErrorCode.Forbidden,
    );
  });
});

describe('with three admins', () => {
  let a: string;
  let checker: StaffUser;
  beforeAll(async () => {
    const admins = await threeAdmins(t);
    a = admins.a.token;
    checker = admins.c;
  });

  it('a role change is a request; the promoter never checks the promoted account', async () => {
    const member = await createUser(t);
    const change = await t.ok(consoleApi.staffRoles, { userId: member.id, roles: ['admin'] }, a);
    expect(change).toMatchObject({ status: 'pending', member: null });
    expect(change.request).toMatchObject({ kind: 'roles', targetUserId: member.id, roles: ['admin'] });
    // Nothing changed yet.
    await t.fails(consoleApi.staffPage, {}, member.token, ErrorCode.Forbidden);
    // The account a request is about cannot decide it either way.
    const login = async () =>
      (await t.ok(userApi.loginByName, { username: member.username, password: member.password })).token;

    const pending = await t.ok(consoleApi.staffRequestPage, { status: 'pending' }, a);
    expect(pending.list.map((r) => r.id)).toContain(change.request!.id);
    await t.ok(consoleApi.staffRequestApprove, { id: change.request!.id }, checker.token);
    // Sessions ended with the change; the next login is an admin promoted by A.
    await t.fails(userApi.person, {}, member.token, ErrorCode.Unauthorized);
    const promoted = await login();
    await t.ok(consoleApi.staffPage, {}, promoted);

    // A's big credit: the account A promoted may not approve it, nor reject a request about itself.
    const m = await createUser(t);
    const big = await t.ok(
      adminWalletApi.adjust,
      { userId: m.id, amount: '5000', reason: 'x', requestId: randomUUID() },
      a,
    );
    await t.fails(adminAdjustApi.approve, { id: big.approvalId! }, promoted, ErrorCode.DutySeparation);
    const demote = await t.ok(consoleApi.staffRoles, { userId: member.id, roles: [] }, a);
    await t.fails(
      consoleApi.staffRequestReject,
      { id: demote.request!.id, note: 'no' },
      promoted,
      ErrorCode.DutySeparation,
    );
    const rejected = await t.ok(
      consoleApi.staffRequestReject,
      { id: demote.request!.id, note: 'keep' },
      checker.token,
    );
    expect(rejected).toMatchObject({ status: 'rejected', note: 'keep' });
    await t.ok(consoleApi.staffPage, {}, promoted);
  });

  it('nobody changes their own roles; filing and deciding raise the console event', async () => {
    const me = await t.ok(userApi.person, {}, a);
    await t.fails(consoleApi.staffRoles, { userId: me.id, roles: [] }, a, ErrorCode.DutySeparation);
    const sock = await connectSocket(t, checker.token);
    try {
      const events = recorder(sock, 'console');
      const member = await createUser(t);
      const change = await t.ok(consoleApi.staffRoles, { userId: member.id, roles: ['support'] }, a);
      await events.next((e) => e.kind === 'staffRequest');
      const badges = await t.ok(consoleApi.badges, {}, checker.token);
      expect(badges.staffRequest).toBeGreaterThanOrEqual(1);
      events.seen.length = 0;
      await t.ok(consoleApi.staffRequestReject, { id: change.request!.id, note: 'not now' }, checker.token);
      await events.next((e) => e.kind === 'staffRequest');
    } finally {
      sock.disconnect();
    }
  });
});
