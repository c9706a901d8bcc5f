import { consoleApi, type StaffRole, userApi } from '@chatpay/shared';
import { adminToken, type Caller, uniqueName } from './factories.ts';

export interface StaffUser {
  id: number;
  username: string;
  password: string;
  token: string;
}

const PASSWORD = 'staff-pass-1';

const logIn = async (t: Caller, id: number, username: string): Promise<StaffUser> => {
  const login = await t.ok(userApi.loginByName, { username, password: PASSWORD });
  return { id, username, password: PASSWORD, token: login.token };
};

/** A staff account the maker adds at once (the maker is the install's only admin). */
export const addStaffAtOnce = async (t: Caller, makerToken: string, roles: StaffRole[]) => {
  const username = uniqueName('s');
  const change = await t.ok(
    consoleApi.staffAdd,
    { username, password: PASSWORD, nickName: 'Staff', roles },
    makerToken,
  );
  if (change.status !== 'done' || !change.member) throw new Error(`expected done, got ${change.status}`);
  return logIn(t, change.member.id, username);
};

/** A staff account the maker asks for and the checker approves. */
export const addStaffChecked = async (
  t: Caller,
  makerToken: string,
  checkerToken: string,
  roles: StaffRole[],
) => {
  const username = uniqueName('s');
  const change = await t.ok(
    consoleApi.staffAdd,
    { username, password: PASSWORD, nickName: 'Staff', roles },
    makerToken,
  );
  if (change.status !== 'pending' || !change.request)
    throw new Error(`expected pending, got ${change.status}`);
  const approved = await t.ok(consoleApi.staffRequestApprove, { id: change.request.id }, checkerToken);
  return logIn(t, approved.targetUserId!, username);
};

/**
 * The seeded admin A; B, added by A alone while A was the only admin; C, asked for by B and approved by A.
 * C may check A's requests; B never may (A created it).
 */
export const threeAdmins = async (t: Caller) => {
  const aToken = await adminToken(t);
  const me = await t.ok(userApi.person, {}, aToken);
  const a = { id: me.id, token: aToken };
  const b = await addStaffAtOnce(t, a.token, ['admin']);
  const c = await addStaffChecked(t, b.token, a.token, ['admin']);
  return { a, b, c };
};
