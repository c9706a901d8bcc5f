import { randomUUID } from 'node:crypto';
import {
  adminWalletApi,
  type ChatSession,
  friendApi,
  type GroupInfo,
  groupApi,
  type LoginResult,
  messageApi,
  sessionApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import type { TestApp } from './app.ts';

/** What the factories need of a server: the in-process test app, or real processes over HTTP (remote.ts). */
export type Caller = Pick<TestApp, 'call'> & {
  config: Pick<TestApp['config'], 'ADMIN_USERNAME' | 'ADMIN_PASSWORD'>;
};

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
  t: Caller,
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
export const loginAdmin = async (t: Caller) => {
  const res = await t.call(userApi.loginByName, {
    username: t.config.ADMIN_USERNAME,
    password: t.config.ADMIN_PASSWORD,
  });
  if (res.code !== 1000) throw new Error(`admin login failed: ${res.message}`);
  return res.data as LoginResult;
};

/** Makes `a` and `b` friends through the API (a asks, b approves); answers their single session id. */
export const makeFriends = async (t: Caller, a: TestUser, b: TestUser): Promise<number> => {
  const asked = await t.call(friendApi.addFriend, { userId: b.id, message: 'hi' }, a.token);
  if (asked.code !== 1000) throw new Error(`addFriend failed: ${asked.code} ${asked.message}`);
  const { id } = asked.data as { id: number };
  const res = await t.call(friendApi.confirmFriend, { id, agree: true }, b.token);
  if (res.code !== 1000) throw new Error(`confirmFriend failed: ${res.code} ${res.message}`);
  return (res.data as { sessionId: number }).sessionId;
};

/** Two new members who are friends, with their single session. */
export const createFriendPair = async (t: Caller) => {
  const a = await createUser(t);
  const b = await createUser(t);
  const sessionId = await makeFriends(t, a, b);
  return { a, b, sessionId };
};

/** Opens (or finds) the single session between `a` and `b` as `a`. */
export const createSingleSession = async (t: Caller, a: TestUser, b: TestUser): Promise<ChatSession> => {
  const res = await t.call(sessionApi.create, { type: 'single', userId: b.id }, a.token);
  if (res.code !== 1000) throw new Error(`session/create failed: ${res.code} ${res.message}`);
  return res.data as ChatSession;
};

/** Sends a text message as `from`; answers `{id, seq, clientMsgId}`. */
export const sendText = async (
  t: Caller,
  from: TestUser,
  sessionId: number,
  text: string,
  clientMsgId?: string,
) => {
  const res = await t.call(
    messageApi.send,
    { sessionId, clientMsgId: clientMsgId ?? randomUUID(), contentType: 'text', content: { text } },
    from.token,
  );
  if (res.code !== 1000) throw new Error(`send failed: ${res.code} ${res.message}`);
  return res.data as { id: number; seq: number; clientMsgId: string };
};

// ---- wallet (issue 5) ---------------------------------------------------------------------------

export const TEST_PIN = '123456';

/** Sets the member's payment PIN (default TEST_PIN) through the API. */
export const setPin = async (t: Caller, user: TestUser, pin = TEST_PIN) => {
  const res = await t.call(userApi.setPayPassword, { password: user.password, pin }, user.token);
  if (res.code !== 1000) throw new Error(`setPayPassword failed: ${res.code} ${res.message}`);
};

/** One admin login per test app: logging in again would end the previous admin session. */
const adminTokens = new WeakMap<Caller, Promise<string>>();
export const adminToken = (t: Caller): Promise<string> => {
  let token = adminTokens.get(t);
  if (!token) {
    token = loginAdmin(t).then((l) => l.token);
    adminTokens.set(t, token);
  }
  return token;
};

/** Credits (or, with a negative amount, debits) a member through the admin adjust call. */
export const credit = async (t: Caller, user: { id: number }, amount: string, requestId = randomUUID()) => {
  let res = await t.call(
    adminWalletApi.adjust,
    { userId: user.id, amount, reason: 'test credit', requestId },
    await adminToken(t),
  );
  if (res.status === 401) {
    adminTokens.delete(t);
    res = await t.call(
      adminWalletApi.adjust,
      { userId: user.id, amount, reason: 'test credit', requestId },
      await adminToken(t),
    );
  }
  if (res.code !== 1000) throw new Error(`adjust failed: ${res.code} ${res.message}`);
  return res.data as { id: number; amount: string };
};

/** The member's wallet balance as decimal strings. */
export const balanceOf = async (t: Caller, user: TestUser) => {
  const res = await t.call(walletApi.balance, {}, user.token);
  if (res.code !== 1000) throw new Error(`balance failed: ${res.code} ${res.message}`);
  return res.data as { available: string; frozen: string; total: string };
};

// ---- groups (issue 4) ---------------------------------------------------------------------------

/** Creates a group as `owner` with `members`, making each of them the owner's friend first (unless already). */
export const createGroup = async (
  t: Caller,
  owner: TestUser,
  members: TestUser[],
  name?: string,
): Promise<GroupInfo> => {
  for (const m of members) {
    const known = await t.call(friendApi.query, { userId: m.id }, owner.token);
    if (!(known.data as { isFriend?: boolean } | null)?.isFriend) await makeFriends(t, owner, m);
  }
  const res = await t.call(
    groupApi.create,
    { userIds: members.map((m) => m.id), ...(name ? { name } : {}) },
    owner.token,
  );
  if (res.code !== 1000) throw new Error(`group/create failed: ${res.code} ${res.message}`);
  return res.data as GroupInfo;
};

/** A new owner and `n` new members in a new group. */
export const createGroupOf = async (t: Caller, n = 2) => {
  const owner = await createUser(t);
  const members: TestUser[] = [];
  for (let i = 0; i < n; i++) members.push(await createUser(t));
  const group = await createGroup(t, owner, members);
  return { owner, members, group };
};
