import { randomUUID } from 'node:crypto';
import { type LoginResult, userApi } from '@chatpay/shared';
import type { TestApp } from './app.ts';

export const uniqueName = (prefix = 'u') => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;

export interface TestUser {
  id: number;
  username: string;
  password: string;
  token: string;
  refreshToken: string;
  memberId: string;
  shareCode: string;
}

/** Registers a member through the API and answers their login and profile. */
export const createUser = async (
  t: TestApp,
  overrides: Partial<{ username: string; password: string; nickName: string; shareCode: string }> = {},
): Promise<TestUser> => {
  const username = overrides.username ?? uniqueName();
  const password = overrides.password ?? 'secret-pass-1';
  const res = await t.call(userApi.registerByName, {
    username,
    password,
    nickName: overrides.nickName ?? `Nick ${username.slice(-4)}`,
    agree: true,
    ...(overrides.shareCode ? { shareCode: overrides.shareCode } : {}),
  });
  if (res.code !== 1000) throw new Error(`registerByName failed: ${res.code} ${res.message}`);
  const login = res.data as LoginResult;
  const me = await t.call(userApi.person, {}, login.token);
  const profile = me.data as { id: number; memberId: string; shareCode: string };
  return {
    id: profile.id,
    username,
    password,
    token: login.token,
    refreshToken: login.refreshToken,
    memberId: profile.memberId,
    shareCode: profile.shareCode,
  };
};

/** Logs in as the seeded admin. */
export const loginAdmin = async (t: TestApp) => {
  const res = await t.call(userApi.loginByName, {
    username: t.config.ADMIN_USERNAME,
    password: t.config.ADMIN_PASSWORD,
  });
  if (res.code !== 1000) throw new Error(`admin login failed: ${res.message}`);
  return res.data as LoginResult;
};
