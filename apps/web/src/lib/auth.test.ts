import { beforeEach, describe, expect, it } from 'vitest';
import { hasPermission, hasRole, isTokenValid, useAuth } from './auth.ts';
import { decodeToken } from './jwt.ts';
import { StorageKey, storage } from './storage.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature`;

beforeEach(() => useAuth.getState().logout());

describe('auth store', () => {
  it('decodes uid, role, permission and exp from the token', () => {
    expect(
      decodeToken(jwt({ uid: 7, role: ['merchant'], permission: ['c2c:transaction:start'], exp: 99 })),
    ).toEqual({
      uid: 7,
      role: ['merchant'],
      permission: ['c2c:transaction:start'],
      exp: 99,
    });
    expect(decodeToken('not-a-token')).toBeNull();
  });

  it('stores the token under uni_id_token and token, with expiry keys', () => {
    const now = 1_000_000;
    useAuth
      .getState()
      .setLogin({ token: jwt({ uid: 1 }), expire: 60, refreshToken: 'r', refreshExpire: 600 }, now);
    expect(storage.get(StorageKey.UniIdToken)).toBe(useAuth.getState().token);
    expect(storage.get('token')).toBe(useAuth.getState().token);
    expect(storage.get('tokenExpires')).toBe(String(now + 55_000));
    expect(storage.get('refreshToken')).toBe('r');
    expect(storage.get('refreshTokenExpires')).toBe(String(now + 595_000));
    expect(isTokenValid(useAuth.getState(), now + 54_999)).toBe(true);
    expect(isTokenValid(useAuth.getState(), now + 55_000)).toBe(false);
  });

  it('checks roles and permissions from the token; admin has every permission', () => {
    useAuth.getState().setLogin({
      token: jwt({ uid: 1, role: ['user'], permission: ['a:b:c'] }),
      expire: 60,
      refreshToken: 'r',
      refreshExpire: 60,
    });
    expect(hasRole('user')).toBe(true);
    expect(hasRole('admin')).toBe(false);
    expect(hasPermission('a:b:c')).toBe(true);
    expect(hasPermission('x:y:z')).toBe(false);
    useAuth.getState().setLogin({
      token: jwt({ uid: 2, role: ['admin'], permission: [] }),
      expire: 60,
      refreshToken: 'r',
      refreshExpire: 60,
    });
    expect(hasPermission('x:y:z')).toBe(true);
  });

  it('logout clears the stored session', () => {
    useAuth.getState().setLogin({ token: jwt({ uid: 1 }), expire: 60, refreshToken: 'r', refreshExpire: 60 });
    useAuth.getState().logout();
    for (const key of [
      'uni_id_token',
      'token',
      'tokenExpires',
      'refreshToken',
      'refreshTokenExpires',
      'userInfo',
    ]) {
      expect(storage.get(key)).toBeNull();
    }
    expect(hasRole('user')).toBe(false);
  });
});
