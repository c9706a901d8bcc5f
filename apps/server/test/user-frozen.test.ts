import { ErrorCode, userApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/modules/user/index.ts';
import { useTestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';

describe('a frozen account', () => {
  const t = useTestApp();

  it('is refused with a reason the app can tell the member', async () => {
    const member = await createUser(t);
    await t.ok(userApi.person, {}, member.token);
    // An operator freezes the account (the user module's own column; no admin call for it yet).
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, member.id));
    const res = await t.call(userApi.person, {}, member.token);
    expect(res).toMatchObject({ code: ErrorCode.Unauthorized, data: { reason: 'frozen' } });
  });
});
