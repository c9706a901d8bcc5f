import {
  adminMemberApi,
  adminSecurityApi,
  consoleApi,
  ErrorCode,
  securityApi,
  userApi,
} from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/modules/user/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { enrolTotp, passwordStep, totpCode } from '../helpers/factors.ts';

/** Staff must enrol a second factor and use it at every login (docs/security.md, "Second factors"). */
const t = useTestApp({
  STAFF_FACTOR_REQUIRED: 'true',
  STAFF_SESSION_HOURS: '12',
  SUPPORT_PASSWORD: 'support-pass-1',
});

let supportSecret = '';

/** Signs the support account in; its authenticator app is enrolled at its first login. */
const supportToken = async () => {
  if (!supportSecret) {
    const { token } = await t.ok(userApi.loginByName, { username: 'support', password: 'support-pass-1' });
    supportSecret = (await enrolTotp(t, { token } as never)).secret;
    return token;
  }
  t.clock.advance(30_000);
  const { challengeId } = await passwordStep(t, { username: 'support', password: 'support-pass-1' } as never);
  const login = await t.ok(securityApi.loginSecondFactor, { challengeId, code: totpCode(t, supportSecret) });
  return login.token;
};

describe('staff without a second factor', () => {
  it('are refused every console call until they enrol one, then must use it at every login', async () => {
    const admin = await t.ok(userApi.loginByName, { username: 'admin', password: 'admin12345' });
    await t.fails(consoleApi.menu, {}, admin.token, ErrorCode.StaffFactorRequired);
    await t.fails(adminMemberApi.search, {}, admin.token, ErrorCode.StaffFactorRequired);
    expect((await t.ok(securityApi.status, {}, admin.token)).mustEnrol).toBe(true);
    const { secret } = await enrolTotp(t, { token: admin.token } as never);
    expect((await t.ok(securityApi.status, {}, admin.token)).mustEnrol).toBe(false);
    await t.ok(consoleApi.menu, {}, admin.token);
    // Staff keep at least one factor.
    t.clock.advance(30_000);
    await t.fails(
      securityApi.totpDisable,
      { code: totpCode(t, secret) },
      admin.token,
      ErrorCode.LastStaffFactor,
    );
    t.clock.advance(30_000);
    const { challengeId } = await passwordStep(t, { username: 'admin', password: 'admin12345' } as never);
    const login = await t.ok(securityApi.loginSecondFactor, { challengeId, code: totpCode(t, secret) });
    await t.ok(consoleApi.menu, {}, login.token);
  });

  it('members are not gated', async () => {
    const member = await createUser(t);
    expect((await t.ok(securityApi.status, {}, member.token)).mustEnrol).toBe(false);
    await t.fails(consoleApi.menu, {}, member.token, ErrorCode.Forbidden);
  });
});

describe('staff sessions', () => {
  it('end after STAFF_SESSION_HOURS (12) while a member’s goes on', async () => {
    const token = await supportToken();
    const member = await createUser(t);
    await t.ok(adminMemberApi.search, {}, token);
    t.clock.advance(12 * 3_600_000 + 60_000);
    await t.fails(adminMemberApi.search, {}, token, ErrorCode.Unauthorized);
    await t.ok(userApi.person, {}, member.token);
  });
});

describe('support resets a member’s second factor', () => {
  it('refuses staff resetting their own', async () => {
    const support = await supportToken();
    const [me] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'support'));
    await t.fails(
      adminSecurityApi.resetFactors,
      { userId: me!.id, reason: 'mine' },
      support,
      ErrorCode.DutySeparation,
    );
  });

  it('files a request another staff member decides; until then nothing changes', async () => {
    const support = await supportToken();
    const member = await createUser(t);
    await enrolTotp(t, member);
    await t.fails(
      adminSecurityApi.resetFactors,
      { userId: member.id, reason: 'lost phone' },
      member.token,
      ErrorCode.Forbidden,
    );
    const filed = await t.ok(
      adminSecurityApi.resetFactors,
      { userId: member.id, reason: 'lost phone, id checked' },
      support,
    );
    expect(filed).toMatchObject({
      status: 'pending',
      request: { kind: 'resetFactor', targetUserId: member.id },
    });
    expect(await t.ok(securityApi.status, {}, member.token)).toMatchObject({ hasFactor: true });
    const [row] = await t.database.db
      .select({ changed: users.credentialsChangedAt })
      .from(users)
      .where(eq(users.id, member.id));
    expect(row!.changed).toBeNull();
    const info = await t.ok(adminMemberApi.info, { id: member.id }, support);
    expect(info.audit[0]).toMatchObject({
      action: 'admin:user:resetFactor-request',
      reason: `#${filed.request!.id} lost phone, id checked`,
    });
  });
});
