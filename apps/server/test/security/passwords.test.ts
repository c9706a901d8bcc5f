import { consoleApi, ErrorCode, userApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/modules/user/hashing.ts';
import { users } from '../../src/modules/user/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser, uniqueName } from '../helpers/factories.ts';

/** New passwords: long enough and not common or guessable (docs/security.md, "Passwords"). */
const t = useTestApp();

const register = (password: string, username = uniqueName()) =>
  t.call(userApi.registerByName, { username, password, nickName: 'Pat', agree: true });

describe('a new member password', () => {
  it('needs 10 characters, says so, and accepts an ordinary passphrase', async () => {
    const short = await register('tr0ub4d!');
    expect(short.code).toBe(ErrorCode.WeakPassword);
    expect(short.data).toEqual({ reason: 'tooShort', minLength: 10 });
    expect((await register('tr0ub4d!-horse')).code).toBe(1000);
  });

  it('is refused when it is on or near the common-password list', async () => {
    for (const common of ['password123', 'qwertyuiop', '1234567890', 'iloveyou12']) {
      const res = await register(common);
      expect(res.code, common).toBe(ErrorCode.WeakPassword);
      expect(res.data, common).toMatchObject({ reason: 'common' });
    }
  });

  it('is refused when it leans on the user name', async () => {
    const username = uniqueName('kestrel');
    const res = await register(`${username}1`, username);
    expect(res.code).toBe(ErrorCode.WeakPassword);
  });

  it('is checked on a password change, before the current password is', async () => {
    const u = await createUser(t);
    await t.fails(
      userApi.changePassword,
      { password: u.password, newPassword: 'password1234' },
      u.token,
      ErrorCode.WeakPassword,
    );
    // The session and the old password are untouched.
    await t.ok(userApi.person, {}, u.token);
    await t.ok(userApi.loginByName, { username: u.username, password: u.password });
  });

  it('an older, shorter password still logs in', async () => {
    const u = await createUser(t);
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashSecret('abc123') })
      .where(eq(users.id, u.id));
    await t.ok(userApi.loginByName, { username: u.username, password: 'abc123' });
  });
});

describe('a new staff password', () => {
  it('needs 12 characters on staff add', async () => {
    const admin = await adminToken(t);
    const input = { username: uniqueName('staff'), nickName: 'Sam', roles: ['support' as const] };
    const short = await t.call(consoleApi.staffAdd, { ...input, password: 'kestrel-91x' }, admin);
    expect(short.code).toBe(ErrorCode.WeakPassword);
    expect(short.data).toEqual({ reason: 'tooShort', minLength: 12 });
    await t.fails(consoleApi.staffAdd, { ...input, password: 'password1234' }, admin, ErrorCode.WeakPassword);
    await t.ok(consoleApi.staffAdd, { ...input, password: 'kestrel-91x-owl' }, admin);
  });

  it('needs 12 characters when staff change their own', async () => {
    const admin = await adminToken(t);
    const username = uniqueName('staff');
    await t.ok(
      consoleApi.staffAdd,
      { username, password: 'kestrel-91x-owl', nickName: 'Sam', roles: ['support'] },
      admin,
    );
    const login = await t.ok(userApi.loginByName, { username, password: 'kestrel-91x-owl' });
    const res = await t.call(
      userApi.changePassword,
      { password: 'kestrel-91x-owl', newPassword: 'kestrel-91x' },
      login.token,
    );
    expect(res.code).toBe(ErrorCode.WeakPassword);
    expect(res.data).toEqual({ reason: 'tooShort', minLength: 12 });
  });
});
