import { randomUUID } from 'node:crypto';
import {
  adminWalletApi,
  type ContractClient,
  friendApi,
  groupApi,
  messageApi,
  sessionApi,
  testKycApi,
  UnexpectedAnswerError,
  userApi,
  walletApi,
} from '@chatpay/shared';
import { DEFAULT_ADMIN_PASSWORD } from '../../src/config.ts';
import type { TestApp } from './app.ts';

/** What the factories need of a server: the in-process test app, or real processes over HTTP (remote.ts). */
export type Caller = ContractClient & {
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

/**
 * Registers a member through the API and answers their login and profile. `level` verifies their identity
 * at once (`verify`), with `realName` (default the factories' payment-method holder, "Li Lei").
 */
export const createUser = async (
  t: Caller,
  overrides: Partial<{
    username: string;
    password: string;
    nickName: string;
    shareCode: string;
    level: 0 | 1 | 2;
    realName: string;
  }> = {},
): Promise<TestUser> => {
  const username = overrides.username ?? uniqueName();
  const password = overrides.password ?? 'secret-pass-1';
  const login = await t.ok(userApi.registerByName, {
    username,
    password,
    nickName: overrides.nickName ?? `Nick ${username.slice(-4)}`,
    agree: true,
    ...(overrides.shareCode ? { shareCode: overrides.shareCode } : {}),
  });
  const profile = await t.ok(userApi.person, {}, login.token);
  if (overrides.level) await verify(t, { id: profile.id }, overrides.level, overrides.realName);
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
export const loginAdmin = (t: Caller) =>
  t.ok(userApi.loginByName, {
    username: t.config.ADMIN_USERNAME,
    password: t.config.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
  });

/** Makes `a` and `b` friends through the API (a asks, b approves); answers their single session id. */
export const makeFriends = async (t: Caller, a: TestUser, b: TestUser): Promise<number> => {
  const { id } = await t.ok(friendApi.addFriend, { userId: b.id, message: 'hi' }, a.token);
  const { sessionId } = await t.ok(friendApi.confirmFriend, { id, agree: true }, b.token);
  if (sessionId === null) throw new Error('confirmFriend answered no session');
  return sessionId;
};

/** Two new members who are friends, with their single session. */
export const createFriendPair = async (t: Caller) => {
  const a = await createUser(t);
  const b = await createUser(t);
  const sessionId = await makeFriends(t, a, b);
  return { a, b, sessionId };
};

/** Opens (or finds) the single session between `a` and `b` as `a`. */
export const createSingleSession = (t: Caller, a: TestUser, b: TestUser) =>
  t.ok(sessionApi.create, { type: 'single', userId: b.id }, a.token);

/** Sends a text message as `from`; answers `{id, seq, clientMsgId}`. */
export const sendText = (t: Caller, from: TestUser, sessionId: number, text: string, clientMsgId?: string) =>
  t.ok(
    messageApi.send,
    { sessionId, clientMsgId: clientMsgId ?? randomUUID(), contentType: 'text', content: { text } },
    from.token,
  );

// ---- wallet -------------------------------------------------------------------------------------

export const TEST_PIN = '123456';

/** Sets the member's payment PIN (default TEST_PIN) through the API. */
export const setPin = async (t: Caller, user: TestUser, pin = TEST_PIN) => {
  await t.ok(userApi.setPayPassword, { password: user.password, pin }, user.token);
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
  const input = { userId: user.id, amount, reason: 'test credit', requestId };
  const adjust = async () => t.ok(adminWalletApi.adjust, input, await adminToken(t));
  try {
    return await adjust();
  } catch (error) {
    // The admin session ended (another admin login): log in again once.
    if (!(error instanceof UnexpectedAnswerError) || error.result.status !== 401) throw error;
    adminTokens.delete(t);
    return adjust();
  }
};

/**
 * Sets a member's identity verification level without a review (docs/design/identity.md), through the test
 * servers' grant (TEST_KYC_GRANT, which useTestApp and the server processes of tests turn on). The verified
 * name defaults to "Li Lei", the holder of the factories' payment methods (c2c/factories.ts `bankForm`).
 */
export const verify = async (t: Caller, user: { id: number }, level: 0 | 1 | 2, realName?: string) => {
  const input = { userId: user.id, level, ...(realName ? { realName } : {}) };
  try {
    await t.ok(testKycApi.grant, input, await adminToken(t));
  } catch (error) {
    if (!(error instanceof UnexpectedAnswerError) || error.result.status !== 401) throw error;
    adminTokens.delete(t);
    await t.ok(testKycApi.grant, input, await adminToken(t));
  }
};

/** The member's wallet balance as decimal strings. */
export const balanceOf = (t: Caller, user: TestUser) => t.ok(walletApi.balance, {}, user.token);

// ---- groups -------------------------------------------------------------------------------------

/** Creates a group as `owner` with `members`, making each of them the owner's friend first (unless already). */
export const createGroup = async (t: Caller, owner: TestUser, members: TestUser[], name?: string) => {
  for (const m of members) {
    const known = await t.ok(friendApi.query, { userId: m.id }, owner.token);
    if (!known.isFriend) await makeFriends(t, owner, m);
  }
  return t.ok(groupApi.create, { userIds: members.map((m) => m.id), ...(name ? { name } : {}) }, owner.token);
};

/** A new owner and `n` new members in a new group. */
export const createGroupOf = async (t: Caller, n = 2) => {
  const owner = await createUser(t);
  const members: TestUser[] = [];
  for (let i = 0; i < n; i++) members.push(await createUser(t));
  const group = await createGroup(t, owner, members);
  return { owner, members, group };
};
