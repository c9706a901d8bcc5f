import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok, pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';

const USER = '/app/html5/user';

/** Text that is trimmed and must not be empty ("content cannot be empty", docs/product.md#validation). */
const nonEmpty = (max: number) => z.string().trim().min(1, 'Content cannot be empty').max(max);

export const username = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/, 'Letters, digits and underscore only');
/** The shortest new login password of a member, and of staff (docs/security.md, "Passwords"). */
export const PASSWORD_MIN_LENGTH = 10;
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/**
 * A new login password. Its length and strength are the server's to judge (`WeakPassword` with a
 * `PasswordProblem`), so the member reads why in their language; older, shorter passwords still log in.
 */
export const password = z.string().min(1).max(64);
/** Why a new password was refused: the `data` of `WeakPassword`. */
export interface PasswordProblem {
  reason: 'tooShort' | 'common' | 'guessable';
  minLength: number;
}
export const nickName = nonEmpty(32);
export const shareCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, 'Invalid invite code');
export const pin = z.string().regex(/^\d{6}$/, 'The payment PIN is 6 digits');

/**
 * A step-up proof (docs/security.md, "Second factors"): what `securityApi.stepUpVerify` answered a few minutes
 * ago. Guarded actions take it as `stepUp`; a member without a second factor does not need one.
 */
export const stepUpProof = z.string().min(16).max(128).optional();

/** The login result (docs/product.md#tokens); `expire` and `refreshExpire` are lifetimes in seconds. */
export const loginResult = z.object({
  token: z.string(),
  expire: z.number().int(),
  refreshToken: z.string(),
  refreshExpire: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** The signed access token's payload (docs/product.md#tokens). */
export interface TokenPayload {
  uid: number;
  role: string[];
  permission: string[];
  exp: number;
  /** The login session the token belongs to (compared with the single-session kick event). */
  sid?: string;
}

/**
 * The id a client keeps for its device (a random UUID in the web's storage), sent with a sign-in so the
 * server tells a new device from a known one (docs/security.md, "Login activity").
 */
export const deviceId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid device id');

/** Where a sign-in came from, as the member sees it: the browser, system and kind of device its agent names. */
const signInPlace = {
  address: z.string(),
  browser: z.string(),
  os: z.string(),
  /** `mobile`, `tablet`, `desktop`, or '' when the user agent does not say. */
  device: z.string(),
};

/** A session of mine (docs/security.md, "Login activity"). */
export const loginSession = z.object({
  sid: z.string(),
  /** The session of the call that asked. */
  current: z.boolean(),
  createTime: z.string(),
  /** Its last token refresh (or its start). */
  lastSeenTime: z.string(),
  ...signInPlace,
});
export type LoginSession = z.infer<typeof loginSession>;

/** One sign-in, right or wrong. */
export const loginRecord = z.object({
  time: z.string(),
  success: z.boolean(),
  /** The first successful sign-in from this device. */
  newDevice: z.boolean(),
  ...signInPlace,
});
export type LoginRecord = z.infer<typeof loginRecord>;

export const userProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  note: z.string(),
  description: z.string(),
  phone: z.string(),
  memberId: z.string(),
  shareCode: z.string(),
  role: z.array(z.string()),
  hasPin: z.boolean(),
  invitedBy: z.string().nullable(),
  createTime: z.string(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** Profile keys a member may change with setUser (docs/product.md#tokens). */
export const profileKeys = ['nickName', 'avatar', 'note', 'description', 'phone'] as const;
export type ProfileKey = (typeof profileKeys)[number];

/** Per-key rules for setUser's `dataValue`. */
export const profileValue: Record<ProfileKey, z.ZodType<string>> = {
  nickName,
  avatar: z
    .string()
    .trim()
    .max(512)
    .regex(/^(\/uploads\/[A-Za-z0-9/_.-]+|https?:\/\/[^\s"'<>]+)$/, 'Must be an uploaded file URL'),
  note: z.string().trim().max(100),
  description: z.string().trim().max(200),
  phone: z
    .string()
    .trim()
    .regex(/^(\+?[0-9 -]{5,20})?$/, 'Invalid phone number'),
};

export const userApi = {
  registerByName: endpoint({
    method: 'POST',
    path: `${USER}/registerByName`,
    auth: 'none',
    summary: 'Register by user name; answers a login result',
    input: z.object({
      username,
      password,
      nickName,
      shareCode: z.union([shareCode, z.literal('')]).optional(),
      agree: z.boolean(),
      deviceId: deviceId.optional(),
    }),
    output: loginResult,
    errors: [
      ErrorCode.UsernameTaken,
      ErrorCode.AgreementRequired,
      ErrorCode.InvalidShareCode,
      ErrorCode.WeakPassword,
    ],
  }),
  loginByName: endpoint({
    method: 'POST',
    path: `${USER}/loginByName`,
    auth: 'none',
    summary:
      'Log in by user name and password; ends the other sessions of the user. Wrong passwords in a row lock the login for a growing time',
    input: z.object({
      username: z.string().trim().min(1).max(64),
      password: z.string().min(1).max(64),
      deviceId: deviceId.optional(),
    }),
    output: loginResult,
    errors: [
      ErrorCode.InvalidCredentials,
      ErrorCode.LoginLocked,
      ErrorCode.AccountFrozen,
      ErrorCode.SecondFactorRequired,
    ],
  }),
  loginByToken: endpoint({
    method: 'POST',
    path: `${USER}/loginByToken`,
    auth: 'none',
    summary:
      'Resume the session of a valid access token: answers that token with its time left and no refresh token (it never extends a session)',
    input: z.object({ token: z.string().min(1).max(4096) }),
    output: loginResult,
    errors: [ErrorCode.Unauthorized],
  }),
  refreshToken: endpoint({
    method: 'POST',
    path: `${USER}/refreshToken`,
    auth: 'none',
    summary: 'Rotate a refresh token (single use; reuse revokes the whole family)',
    input: z.object({ refreshToken: z.string().min(1).max(512) }),
    output: loginResult,
    errors: [ErrorCode.RefreshTokenInvalid],
  }),
  person: endpoint({
    method: 'GET',
    path: `${USER}/person`,
    auth: 'user',
    summary: "The caller's profile",
    input: z.object({}),
    output: userProfile,
  }),
  setUser: endpoint({
    method: 'POST',
    path: `${USER}/setUser`,
    auth: 'user',
    summary: 'Change one profile key',
    input: z.object({ dataKey: z.enum(profileKeys), dataValue: z.string().max(1024) }),
    output: userProfile,
    errors: [ErrorCode.ContentEmpty, ErrorCode.InvalidMediaUrl],
  }),
  checkShareCode: endpoint({
    method: 'GET',
    path: `${USER}/checkShareCode`,
    auth: 'none',
    summary: 'Whether an invite code exists, and whose it is',
    input: z.object({ shareCode }),
    output: z.object({ valid: z.boolean(), nickName: z.string().nullable() }),
  }),
  signShareCode: endpoint({
    method: 'POST',
    path: `${USER}/signShareCode`,
    auth: 'user',
    summary: 'Bind an inviter after registration (once; not your own code)',
    input: z.object({ shareCode }),
    output: userProfile,
    errors: [ErrorCode.InvalidShareCode, ErrorCode.ShareCodeAlreadySigned, ErrorCode.OwnShareCode],
  }),
  useDownloadLog: endpoint({
    method: 'POST',
    path: `${USER}/useDownloadLog`,
    auth: 'none',
    summary: 'Record an app download or first open (optionally from an invite code)',
    input: z.object({
      platform: z.enum(['web', 'android', 'ios', 'h5']).default('web'),
      version: z.string().trim().max(32).optional(),
      shareCode: z.union([shareCode, z.literal('')]).optional(),
    }),
    output: ok,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: `${USER}/changePassword`,
    auth: 'user',
    summary:
      'Change the login password; ends every other session and answers a new login. Wrong current passwords count like wrong logins from the same address: the 5th ends every session',
    input: z.object({ password: z.string().min(1).max(64), newPassword: password, stepUp: stepUpProof }),
    output: loginResult,
    errors: [
      ErrorCode.WrongPassword,
      ErrorCode.LoginLocked,
      ErrorCode.WeakPassword,
      ErrorCode.StepUpRequired,
    ],
  }),
  setPayPassword: endpoint({
    method: 'POST',
    path: `${USER}/setPayPassword`,
    auth: 'user',
    summary:
      'Set the 6-digit payment PIN (with the login password), or change it with the current PIN (`oldPin`) or the password after a recent password login',
    input: z.object({
      password: z.string().min(1).max(64).optional(),
      oldPin: pin.optional(),
      pin,
      stepUp: stepUpProof,
    }),
    output: ok,
    errors: [
      ErrorCode.StepUpRequired,
      ErrorCode.WrongPassword,
      ErrorCode.LoginLocked,
      ErrorCode.RecentLoginRequired,
      ErrorCode.WrongPin,
      ErrorCode.PinLocked,
    ],
  }),
  verifyPayPassword: endpoint({
    method: 'POST',
    path: `${USER}/verifyPayPassword`,
    auth: 'user',
    summary: 'Check the payment PIN; 5 wrong in a row lock it for 15 minutes',
    input: z.object({ pin }),
    output: ok,
    errors: [ErrorCode.PinNotSet, ErrorCode.WrongPin, ErrorCode.PinLocked],
  }),
  logout: endpoint({
    method: 'POST',
    path: `${USER}/logout`,
    auth: 'user',
    summary: 'End this session',
    input: z.object({}),
    output: ok,
  }),
  loginActivity: endpoint({
    method: 'GET',
    path: `${USER}/loginActivity`,
    auth: 'user',
    summary:
      'My live sessions (started, last seen, address, browser) and my latest 30 sign-ins, right and wrong, newest first',
    input: z.object({}),
    output: z.object({ sessions: z.array(loginSession), logins: z.array(loginRecord) }),
  }),
  endSession: endpoint({
    method: 'POST',
    path: `${USER}/session/end`,
    auth: 'user',
    summary: 'End one of my sessions: its refresh tokens are revoked and its sockets dropped at once',
    input: z.object({ sid: z.string().uuid() }),
    output: ok,
    errors: [ErrorCode.NotFound],
  }),
};

export const adminUserItem = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  memberId: z.string(),
  role: z.array(z.string()),
  createTime: z.string(),
});

export const adminUserApi = {
  page: endpoint({
    method: 'POST',
    path: '/admin/user/page',
    auth: 'user',
    permission: 'admin:user:page',
    summary: 'Members, newest first (support and admin)',
    input: pageInput.extend({ keyword: z.string().trim().max(64).optional() }),
    output: pageOf(adminUserItem),
  }),
};
