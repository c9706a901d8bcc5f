import { adminMemberApi, ErrorCode, userApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';
import { adminToken, createUser } from './helpers/factories.ts';

describe('a frozen account', () => {
  const t = useTestApp();

  it('is refused with a reason the app can tell the member', async () => {
    const member = await createUser(t);
    await t.ok(userApi.person, {}, member.token);
    // An operator freezes the account while the member's session is remembered (AUTH_CACHE_SECONDS).
    await t.ok(
      adminMemberApi.freeze,
      { userId: member.id, frozen: true, reason: 'fraud' },
      await adminToken(t),
    );
    const res = await t.call(userApi.person, {}, member.token);
    expect(res).toMatchObject({ code: ErrorCode.Unauthorized, data: { reason: 'frozen' } });
  });
});
