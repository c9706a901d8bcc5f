import { adminUserApi, ErrorCode, successData, userApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../src/db/schema/index.ts';
import { useTestApp } from './helpers/app.ts';
import { createUser, loginAdmin, uniqueName } from './helpers/factories.ts';

const t = useTestApp();

const person = async (token: string) => t.call(userApi.person, {}, token);
const profile = (token: string) => t.ok(userApi.person, {}, token);

describe('registerByName', () => {
  it('creates a member with a member id and invite code and answers a login result', async () => {
    const username = uniqueName();
    const res = await t.call(userApi.registerByName, {
      username,
      password: 'ann-pass-123',
      nickName: 'Ann',
      agree: true,
    });
    expect(res.code).toBe(1000);
    const login = successData(userApi.registerByName, res);
    expect(login.expire).toBe(86_400);
    expect(login.refreshExpire).toBe(30 * 86_400);
    const [, payload] = login.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({ role: ['user'], permission: [] });
    expect(typeof claims.uid).toBe('number');
    expect(claims.exp - claims.iat).toBe(86_400);

    const me = await profile(login.token);
    expect(me).toMatchObject({ username, nickName: 'Ann', avatar: '', hasPin: false, invitedBy: null });
    expect(me.memberId).toMatch(/^[1-9]\d{7}$/);
    expect(me.shareCode).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('refuses a taken user name, whatever its case', async () => {
    const u = await createUser(t);
    const res = await t.call(userApi.registerByName, {
      username: u.username.toUpperCase(),
      password: 'ann-pass-123',
      nickName: 'Dup',
      agree: true,
    });
    expect(res.code).toBe(ErrorCode.UsernameTaken);
  });

  it('asks to agree to the agreement and privacy policy first', async () => {
    const res = await t.call(userApi.registerByName, {
      username: uniqueName(),
      password: 'ann-pass-123',
      nickName: 'No',
      agree: false,
    });
    expect(res).toMatchObject({ status: 200, code: ErrorCode.AgreementRequired });
    expect(res.message).toBe('Please agree to the user agreement and privacy policy first');
  });

  it('binds the inviter of a valid share code and refuses an unknown one', async () => {
    const inviter = await createUser(t);
    const invited = await createUser(t, { shareCode: inviter.shareCode.toLowerCase() });
    expect((await profile(invited.token)).invitedBy).toBe(inviter.memberId);

    const res = await t.call(userApi.registerByName, {
      username: uniqueName(),
      password: 'ann-pass-123',
      nickName: 'X',
      shareCode: 'ZZZZ99',
      agree: true,
    });
    expect(res.code).toBe(ErrorCode.InvalidShareCode);
  });

  it('answers malformed input with the validation code and the offending fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/html5/user/registerByName',
      payload: { username: 'a'.repeat(5000), password: 12, nickName: '   ', agree: 'yes' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.Validation);
    expect(body.data.map((i: { field: string }) => i.field).sort()).toEqual([
      'agree',
      'nickName',
      'password',
      'username',
    ]);
  });

  it('stores SQL and HTML in text fields literally', async () => {
    const nick = `<i>x</i>'); DROP TABLE users;--`;
    const u = await createUser(t, { nickName: nick });
    expect((await profile(u.token)).nickName).toBe(nick);
    expect(
      (await t.call(userApi.loginByName, { username: `x' OR '1'='1`, password: `' OR ''='` })).code,
    ).toBe(ErrorCode.InvalidCredentials);
  });
});

describe('loginByName and sessions', () => {
  it('logs in, and a new login ends the older session', async () => {
    const u = await createUser(t);
    const first = await t.ok(userApi.loginByName, { username: u.username, password: u.password });
    expect((await person(first.token)).code).toBe(1000);
    const second = await t.ok(userApi.loginByName, { username: u.username, password: u.password });
    const old = await person(first.token);
    expect(old.status).toBe(401);
    expect(old.code).toBe(ErrorCode.Unauthorized);
    expect((await person(second.token)).code).toBe(1000);
    expect((await t.call(userApi.refreshToken, { refreshToken: first.refreshToken })).status).toBe(401);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const u = await createUser(t);
    const wrong = await t.call(userApi.loginByName, { username: u.username, password: 'wrong-pass' });
    const unknown = await t.call(userApi.loginByName, { username: uniqueName(), password: 'wrong-pass' });
    expect(wrong.code).toBe(ErrorCode.InvalidCredentials);
    expect(unknown).toMatchObject({ code: wrong.code, message: wrong.message, status: 200 });
  });

  it('accepts the raw token and a Bearer prefix, and answers 401 without one', async () => {
    const u = await createUser(t);
    expect((await person(u.token)).code).toBe(1000);
    expect((await person(`Bearer ${u.token}`)).code).toBe(1000);
    expect((await t.call(userApi.person, {})).status).toBe(401);
    expect((await person('not-a-token')).status).toBe(401);
    const forged = `${u.token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect((await person(forged)).status).toBe(401);
  });

  it('loginByToken resumes the token’s session: the same token, no refresh token, nothing ended', async () => {
    const u = await createUser(t);
    const res = await t.call(userApi.loginByToken, { token: u.token });
    expect(res.code).toBe(1000);
    const login = successData(userApi.loginByToken, res);
    expect(login).toMatchObject({ token: u.token, refreshToken: '', refreshExpire: 0 });
    expect((await person(u.token)).code).toBe(1000);
    expect((await t.call(userApi.loginByToken, { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('refreshToken', () => {
  it('rotates: each refresh token works once and answers a new pair', async () => {
    const u = await createUser(t);
    const r1 = await t.call(userApi.refreshToken, { refreshToken: u.refreshToken });
    expect(r1.code).toBe(1000);
    const next = successData(userApi.refreshToken, r1);
    expect(next.refreshToken).not.toBe(u.refreshToken);
    expect((await person(next.token)).code).toBe(1000);
    const r2 = await t.call(userApi.refreshToken, { refreshToken: next.refreshToken });
    expect(r2.code).toBe(1000);
  });

  it('reuse of a spent refresh token revokes the whole family and ends the session', async () => {
    const u = await createUser(t);
    const rotated = await t.ok(userApi.refreshToken, { refreshToken: u.refreshToken });
    const reuse = await t.call(userApi.refreshToken, { refreshToken: u.refreshToken });
    expect(reuse).toMatchObject({ status: 401, code: ErrorCode.RefreshTokenInvalid });
    expect((await t.call(userApi.refreshToken, { refreshToken: rotated.refreshToken })).status).toBe(401);
    expect((await person(rotated.token)).status).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await t.call(userApi.refreshToken, { refreshToken: 'x'.repeat(43) });
    expect(res).toMatchObject({ status: 401, code: ErrorCode.RefreshTokenInvalid });
  });
});

describe('setUser', () => {
  it('changes each allowed profile key', async () => {
    const u = await createUser(t);
    const values = {
      nickName: 'New Nick',
      avatar: '/uploads/2026-11-21/abc.png',
      note: 'a note',
      description: 'Out fishing',
      phone: '+84 90 123 4567',
    } as const;
    for (const [dataKey, dataValue] of Object.entries(values)) {
      const res = await t.call(
        userApi.setUser,
        { dataKey: dataKey as keyof typeof values, dataValue },
        u.token,
      );
      expect(res.code).toBe(1000);
    }
    expect((await person(u.token)).data).toMatchObject(values);
  });

  it('refuses an empty nickname with "Content cannot be empty"', async () => {
    const u = await createUser(t);
    const res = await t.call(userApi.setUser, { dataKey: 'nickName', dataValue: '   ' }, u.token);
    expect(res).toMatchObject({ code: ErrorCode.ContentEmpty, message: 'Content cannot be empty' });
  });

  it('refuses keys outside the profile and bad values', async () => {
    const u = await createUser(t);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/app/html5/user/setUser',
      headers: { authorization: u.token },
      payload: { dataKey: 'roles', dataValue: 'admin' },
    });
    expect(key.json()).toMatchObject({ code: ErrorCode.Validation, data: [{ field: 'dataKey' }] });
    const avatar = await t.call(
      userApi.setUser,
      { dataKey: 'avatar', dataValue: 'javascript:alert(1)' },
      u.token,
    );
    expect(avatar).toMatchObject({ code: ErrorCode.Validation, data: [{ field: 'avatar' }] });
    // The refusal names the field the member edits, not the call's generic "dataValue".
    const phone = await t.call(userApi.setUser, { dataKey: 'phone', dataValue: 'call me maybe' }, u.token);
    expect(phone).toMatchObject({ code: ErrorCode.Validation, data: [{ field: 'phone' }] });
    expect((await profile(u.token)).role).toEqual(['user']);
  });

  it('refuses an external avatar URL: own uploads only', async () => {
    const u = await createUser(t);
    for (const url of [
      'https://tracker.example.com/pixel.png',
      'http://127.0.0.1:9/x.png',
      '/uploads/../etc/passwd',
    ]) {
      const res = await t.call(userApi.setUser, { dataKey: 'avatar', dataValue: url }, u.token);
      expect(res, url).toMatchObject({ code: ErrorCode.Validation, data: [{ field: 'avatar' }] });
    }
    expect((await profile(u.token)).avatar).toBe('');
    const own = await t.ok(
      userApi.setUser,
      { dataKey: 'avatar', dataValue: '/uploads/2026-11-24/a.png' },
      u.token,
    );
    expect(own.avatar).toBe('/uploads/2026-11-24/a.png');
  });
});

describe('share codes', () => {
  it('checkShareCode tells whether a code exists', async () => {
    const u = await createUser(t, { nickName: 'Inviter' });
    expect((await t.call(userApi.checkShareCode, { shareCode: u.shareCode })).data).toEqual({
      valid: true,
      nickName: 'Inviter',
    });
    expect((await t.call(userApi.checkShareCode, { shareCode: 'QQQQ22' })).data).toEqual({
      valid: false,
      nickName: null,
    });
    expect((await t.call(userApi.checkShareCode, { shareCode: '<x>' })).code).toBe(ErrorCode.Validation);
  });

  it('signShareCode binds an inviter once and never your own code', async () => {
    const inviter = await createUser(t);
    const other = await createUser(t);
    const u = await createUser(t);
    expect((await t.call(userApi.signShareCode, { shareCode: u.shareCode }, u.token)).code).toBe(
      ErrorCode.OwnShareCode,
    );
    expect((await t.call(userApi.signShareCode, { shareCode: 'QQQQ22' }, u.token)).code).toBe(
      ErrorCode.InvalidShareCode,
    );
    const signed = await t.call(userApi.signShareCode, { shareCode: inviter.shareCode }, u.token);
    expect(successData(userApi.signShareCode, signed).invitedBy).toBe(inviter.memberId);
    expect((await t.call(userApi.signShareCode, { shareCode: other.shareCode }, u.token)).code).toBe(
      ErrorCode.ShareCodeAlreadySigned,
    );
  });
});

describe('useDownloadLog', () => {
  it('records a download without a login', async () => {
    expect((await t.call(userApi.useDownloadLog, { platform: 'android', version: '4.3.3' })).data).toEqual({
      ok: true,
    });
    expect((await t.call(userApi.useDownloadLog, { platform: 'toaster' as 'web' })).code).toBe(
      ErrorCode.Validation,
    );
  });
});

describe('changePassword', () => {
  it('needs the current password, then only the new one works and other sessions end', async () => {
    const u = await createUser(t);
    expect(
      (await t.call(userApi.changePassword, { password: 'nope-nope', newPassword: 'next-pass-2' }, u.token))
        .code,
    ).toBe(ErrorCode.WrongPassword);
    expect(
      (await t.call(userApi.changePassword, { password: u.password, newPassword: '123' }, u.token)).code,
    ).toBe(ErrorCode.WeakPassword);
    const res = await t.call(
      userApi.changePassword,
      { password: u.password, newPassword: 'next-pass-2' },
      u.token,
    );
    expect(res.code).toBe(1000);
    expect((await person(u.token)).status).toBe(401);
    expect((await person(successData(userApi.changePassword, res).token)).code).toBe(1000);
    expect((await t.call(userApi.loginByName, { username: u.username, password: u.password })).code).toBe(
      ErrorCode.InvalidCredentials,
    );
    expect((await t.call(userApi.loginByName, { username: u.username, password: 'next-pass-2' })).code).toBe(
      1000,
    );
  });
});

describe('payment PIN', () => {
  it('is set with the login password and checked afterwards', async () => {
    const u = await createUser(t);
    expect((await t.call(userApi.verifyPayPassword, { pin: '123456' }, u.token)).code).toBe(
      ErrorCode.PinNotSet,
    );
    expect(
      (await t.call(userApi.setPayPassword, { password: 'wrong-pass', pin: '123456' }, u.token)).code,
    ).toBe(ErrorCode.WrongPassword);
    for (const pin of ['12345', '1234567', 'abcdef', '12 456']) {
      const res = await t.call(userApi.setPayPassword, { password: u.password, pin }, u.token);
      expect(res).toMatchObject({ code: ErrorCode.Validation, data: [{ field: 'pin' }] });
    }
    expect(
      (await t.call(userApi.setPayPassword, { password: u.password, pin: '246810' }, u.token)).code,
    ).toBe(1000);
    expect((await profile(u.token)).hasPin).toBe(true);
    expect((await t.call(userApi.verifyPayPassword, { pin: '246810' }, u.token)).code).toBe(1000);
  });

  it('locks for 15 minutes after 5 wrong PINs in a row, even for the right PIN', async () => {
    const u = await createUser(t);
    await t.call(userApi.setPayPassword, { password: u.password, pin: '111111' }, u.token);
    for (let i = 1; i <= 4; i++) {
      const res = await t.call(userApi.verifyPayPassword, { pin: '999999' }, u.token);
      expect(res).toMatchObject({ code: ErrorCode.WrongPin, data: { remainingAttempts: 5 - i } });
    }
    const fifth = await t.call(userApi.verifyPayPassword, { pin: '999999' }, u.token);
    expect(fifth.code).toBe(ErrorCode.PinLocked);
    const until = Date.parse(z.object({ lockedUntil: z.string() }).parse(fifth.data).lockedUntil);
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect((await t.call(userApi.verifyPayPassword, { pin: '111111' }, u.token)).code).toBe(
      ErrorCode.PinLocked,
    );
  });

  it('a right PIN resets the count of wrong ones', async () => {
    const u = await createUser(t);
    await t.call(userApi.setPayPassword, { password: u.password, pin: '111111' }, u.token);
    for (let i = 0; i < 4; i++) await t.call(userApi.verifyPayPassword, { pin: '999999' }, u.token);
    expect((await t.call(userApi.verifyPayPassword, { pin: '111111' }, u.token)).code).toBe(1000);
    expect((await t.call(userApi.verifyPayPassword, { pin: '999999' }, u.token)).data).toEqual({
      remainingAttempts: 4,
    });
  });
});

describe('payment PIN remembered after a check (pin-memory.ts)', () => {
  it('forgets a PIN that was changed, and never lets a remembered PIN through a lock', async () => {
    const u = await createUser(t);
    await t.call(userApi.setPayPassword, { password: u.password, pin: '111111' }, u.token);
    expect((await t.call(userApi.verifyPayPassword, { pin: '111111' }, u.token)).code).toBe(1000);
    expect((await t.call(userApi.verifyPayPassword, { pin: '111111' }, u.token)).code).toBe(1000);
    await t.call(userApi.setPayPassword, { password: u.password, pin: '222222' }, u.token);
    expect((await t.call(userApi.verifyPayPassword, { pin: '111111' }, u.token)).code).toBe(
      ErrorCode.WrongPin,
    );
    expect((await t.call(userApi.verifyPayPassword, { pin: '222222' }, u.token)).code).toBe(1000);
    for (let i = 0; i < 5; i++) await t.call(userApi.verifyPayPassword, { pin: '999999' }, u.token);
    expect((await t.call(userApi.verifyPayPassword, { pin: '222222' }, u.token)).code).toBe(
      ErrorCode.PinLocked,
    );
  });

  it('a wrong PIN counted by another process makes the next right PIN reset the count', async () => {
    const u = await createUser(t);
    await t.call(userApi.setPayPassword, { password: u.password, pin: '111111' }, u.token);
    expect((await t.call(userApi.verifyPayPassword, { pin: '111111' }, u.token)).code).toBe(1000);
    // Another server process (WORKERS > 1) counted 4 wrong PINs: its own memory forgot, this one did not.
    await t.database.db.update(users).set({ pinFailures: 4 }).where(eq(users.id, u.id));
    expect((await t.call(userApi.verifyPayPassword, { pin: '111111' }, u.token)).code).toBe(1000);
    // "5 wrong in a row": the right PIN above reset the count, in whichever process it was checked.
    expect((await t.call(userApi.verifyPayPassword, { pin: '999999' }, u.token)).data).toEqual({
      remainingAttempts: 4,
    });
  });

  it('answers a repeat check without argon2 and a wrong PIN still with it', async () => {
    const { recallPin, rememberPin } = await import('../src/modules/user/pin-memory.ts');
    rememberPin(999_001, 'hash-a', '123456');
    expect(recallPin(999_001, 'hash-a', '123456')).toBe(true);
    expect(recallPin(999_001, 'hash-a', '123457')).toBe(false);
    expect(recallPin(999_001, 'hash-b', '123456')).toBe(false);
    // A different hash forgets the entry for good.
    expect(recallPin(999_001, 'hash-a', '123456')).toBe(false);
    expect(recallPin(999_002, 'hash-a', '123456')).toBe(false);
  });
});

describe('logout', () => {
  it('ends the session: the token and refresh token stop working', async () => {
    const u = await createUser(t);
    expect((await t.call(userApi.logout, {}, u.token)).code).toBe(1000);
    expect((await person(u.token)).status).toBe(401);
    expect((await t.call(userApi.refreshToken, { refreshToken: u.refreshToken })).status).toBe(401);
  });
});

describe('permissions', () => {
  it('an admin-only call refuses a member and serves the admin', async () => {
    const u = await createUser(t);
    const denied = await t.call(adminUserApi.page, { page: 1, size: 10 }, u.token);
    expect(denied).toMatchObject({ status: 200, code: ErrorCode.Forbidden, data: null });
    const admin = await loginAdmin(t);
    const res = await t.call(adminUserApi.page, { page: 1, size: 5, keyword: u.username }, admin.token);
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ list: [{ id: u.id, username: u.username }], pagination: { total: 1 } });
  });

  it('the seeded admin carries the admin role in its token', async () => {
    const admin = await loginAdmin(t);
    const claims = JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString());
    expect(claims.role).toContain('admin');
  });
});
