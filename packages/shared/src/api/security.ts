import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ok, pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';
import { staffChange, staffRequest, staffRequestStatuses } from './console.ts';
import { deviceId, loginResult, stepUpProof } from './user.ts';

const SECURITY = '/app/html5/security';

/** A 6-digit code of an authenticator app (RFC 6238). */
export const totpCode = z.string().regex(/^\d{6}$/, 'The code is 6 digits');
/** A recovery code as shown (`ABCD-EFGH-JKLM-NPQR`); dashes, spaces and case do not matter. */
export const recoveryCode = z
  .string()
  .trim()
  .max(40)
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{16}$/, 'A recovery code is 16 letters and digits'));
/** A WebAuthn credential as the browser answers it (`@simplewebauthn/browser`); checked by the server. */
export const webAuthnResponse = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
});

/** WebAuthn options for the browser (`PublicKeyCredential…OptionsJSON`), passed to `@simplewebauthn/browser` as is. */
const webAuthnOptions = z.record(z.string(), z.unknown());

export const FactorMethod = { Totp: 'totp', Passkey: 'passkey', Recovery: 'recovery' } as const;
export type FactorMethod = (typeof FactorMethod)[keyof typeof FactorMethod];

/**
 * A login that needs its second factor (the data of `SecondFactorRequired`), or a step-up in progress: the
 * challenge id, which methods the member has, and passkey options when they have a passkey.
 */
export const factorChallenge = z.object({
  challengeId: z.string(),
  methods: z.array(z.enum(['totp', 'passkey', 'recovery'])),
  passkeyOptions: webAuthnOptions.nullable(),
  expiresAt: z.string(),
});
export type FactorChallenge = z.infer<typeof factorChallenge>;

/** One answer to a challenge: a TOTP code, a recovery code or a passkey assertion. */
const factorAnswer = {
  challengeId: z.string().min(16).max(128),
  code: totpCode.optional(),
  recoveryCode: recoveryCode.optional(),
  passkey: webAuthnResponse.optional(),
};

export const passkeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  createTime: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

export const securityStatus = z.object({
  totp: z.object({ createTime: z.string(), lastUsedAt: z.string().nullable() }).nullable(),
  passkeys: z.array(passkeyItem),
  recoveryCodesLeft: z.number().int(),
  /** Whether guarded actions ask for a step-up. */
  hasFactor: z.boolean(),
  /** Staff without a factor: only enrolment is open to them until they have one. */
  mustEnrol: z.boolean(),
});
export type SecurityStatus = z.infer<typeof securityStatus>;

/** The 10 new recovery codes, shown once; null when the member already had codes. */
const enrolled = z.object({ recoveryCodes: z.array(z.string()).nullable() });

const passkeyName = z.string().trim().min(1, 'Content cannot be empty').max(40);
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const securityApi = {
  status: endpoint({
    method: 'GET',
    path: `${SECURITY}/status`,
    auth: 'user',
    summary: "The caller's second factors: authenticator app, passkeys, recovery codes left",
    input: z.object({}),
    output: securityStatus,
  }),
  totpStart: endpoint({
    method: 'POST',
    path: `${SECURITY}/totp/start`,
    auth: 'user',
    summary:
      'Start setting up an authenticator app: answers a new secret and its otpauth:// URI (confirm with a code). Needs a step-up when the member already has a factor',
    input: z.object({ stepUp: stepUpProof }),
    output: z.object({ secret: z.string(), uri: z.string() }),
    errors: [ErrorCode.TotpAlreadyEnabled, ErrorCode.StepUpRequired],
  }),
  totpConfirm: endpoint({
    method: 'POST',
    path: `${SECURITY}/totp/confirm`,
    auth: 'user',
    summary:
      'Turn the authenticator app on with a current code; the first factor answers 10 recovery codes, shown once',
    input: z.object({ code: totpCode }),
    output: enrolled,
    errors: [ErrorCode.WrongFactorCode, ErrorCode.FactorChallengeExpired, ErrorCode.LoginLocked],
  }),
  totpDisable: endpoint({
    method: 'POST',
    path: `${SECURITY}/totp/disable`,
    auth: 'user',
    summary: 'Turn the authenticator app off with a current code from it',
    input: z.object({ code: totpCode }),
    output: ok,
    errors: [
      ErrorCode.WrongFactorCode,
      ErrorCode.SecondFactorNotEnrolled,
      ErrorCode.LoginLocked,
      ErrorCode.LastStaffFactor,
    ],
  }),
  passkeyOptions: endpoint({
    method: 'POST',
    path: `${SECURITY}/passkey/options`,
    auth: 'user',
    summary:
      'Start adding a passkey: WebAuthn creation options and a challenge id. Needs a step-up when the member already has a factor',
    input: z.object({ stepUp: stepUpProof }),
    output: z.object({ challengeId: z.string(), options: webAuthnOptions }),
    errors: [ErrorCode.StepUpRequired, ErrorCode.PasskeysUnavailable],
  }),
  passkeyRegister: endpoint({
    method: 'POST',
    path: `${SECURITY}/passkey/register`,
    auth: 'user',
    summary: 'Add the passkey the browser created; the first factor answers 10 recovery codes, shown once',
    input: z.object({
      challengeId: z.string().min(16).max(128),
      name: passkeyName,
      response: webAuthnResponse,
    }),
    output: enrolled,
    errors: [ErrorCode.FactorChallengeExpired, ErrorCode.WrongFactorCode, ErrorCode.PasskeysUnavailable],
  }),
  passkeyRename: endpoint({
    method: 'POST',
    path: `${SECURITY}/passkey/rename`,
    auth: 'user',
    summary: 'Rename one of your passkeys',
    input: z.object({ id, name: passkeyName }),
    output: ok,
    errors: [ErrorCode.NotFound],
  }),
  passkeyRemove: endpoint({
    method: 'POST',
    path: `${SECURITY}/passkey/remove`,
    auth: 'user',
    summary: 'Remove one of your passkeys (with a step-up)',
    input: z.object({ id, stepUp: stepUpProof }),
    output: ok,
    errors: [ErrorCode.NotFound, ErrorCode.StepUpRequired, ErrorCode.LastStaffFactor],
  }),
  recoveryRegenerate: endpoint({
    method: 'POST',
    path: `${SECURITY}/recovery/regenerate`,
    auth: 'user',
    summary: 'Replace every recovery code by 10 new ones, shown once (with a step-up)',
    input: z.object({ stepUp: stepUpProof }),
    output: z.object({ recoveryCodes: z.array(z.string()) }),
    errors: [ErrorCode.SecondFactorNotEnrolled, ErrorCode.StepUpRequired],
  }),
  stepUpStart: endpoint({
    method: 'POST',
    path: `${SECURITY}/stepUp/start`,
    auth: 'user',
    summary: 'Start a step-up: a challenge to answer with a second factor',
    input: z.object({}),
    output: factorChallenge,
    errors: [ErrorCode.SecondFactorNotEnrolled, ErrorCode.PasskeysUnavailable],
  }),
  stepUpVerify: endpoint({
    method: 'POST',
    path: `${SECURITY}/stepUp/verify`,
    auth: 'user',
    summary:
      'Answer a step-up challenge with a TOTP code, a recovery code or a passkey; answers a proof that guarded actions take as `stepUp` for a few minutes',
    input: z.object(factorAnswer),
    output: z.object({ proof: z.string(), expiresAt: z.string() }),
    errors: [
      ErrorCode.WrongFactorCode,
      ErrorCode.FactorChallengeExpired,
      ErrorCode.LoginLocked,
      ErrorCode.PasskeysUnavailable,
    ],
  }),
  loginSecondFactor: endpoint({
    method: 'POST',
    path: `${SECURITY}/login/verify`,
    auth: 'none',
    summary:
      'Complete a password login that answered SecondFactorRequired, with a TOTP code, a recovery code or a passkey',
    input: z.object({ ...factorAnswer, deviceId: deviceId.optional() }),
    output: loginResult,
    errors: [
      ErrorCode.WrongFactorCode,
      ErrorCode.FactorChallengeExpired,
      ErrorCode.LoginLocked,
      ErrorCode.AccountFrozen,
      ErrorCode.PasskeysUnavailable,
    ],
  }),
  passkeyLoginOptions: endpoint({
    method: 'POST',
    path: `${SECURITY}/login/passkeyOptions`,
    auth: 'none',
    summary: 'Start a login with a passkey alone (any of this device’s passkeys, or those of a user name)',
    input: z.object({ username: z.string().trim().min(1).max(64).optional() }),
    output: z.object({ challengeId: z.string(), options: webAuthnOptions }),
    errors: [ErrorCode.PasskeysUnavailable],
  }),
  passkeyLogin: endpoint({
    method: 'POST',
    path: `${SECURITY}/login/passkey`,
    auth: 'none',
    summary: 'Log in with a passkey alone; ends the other sessions of the member',
    input: z.object({
      challengeId: z.string().min(16).max(128),
      response: webAuthnResponse,
      deviceId: deviceId.optional(),
    }),
    output: loginResult,
    errors: [
      ErrorCode.WrongFactorCode,
      ErrorCode.FactorChallengeExpired,
      ErrorCode.LoginLocked,
      ErrorCode.AccountFrozen,
      ErrorCode.PasskeysUnavailable,
    ],
  }),
};

/** The second-factor reset requests of the console (docs/security.md, "Losing every factor"). */
const RESET = '/admin/user/resetSecondFactor';

export const adminSecurityApi = {
  resetFactors: endpoint({
    method: 'POST',
    path: RESET,
    auth: 'user',
    permission: 'admin:user:resetFactor',
    summary:
      'Staff: ask to remove every second factor and recovery code of an account that lost them all, not your own; takes effect (ending its sessions, starting the withdrawal hold) once another staff member approves, another admin for a staff account (audited). A second call while one waits answers the waiting request',
    input: z.object({ userId: id, reason: z.string().trim().min(1, 'Content cannot be empty').max(200) }),
    output: staffChange,
    errors: [ErrorCode.MemberNotFound, ErrorCode.DutySeparation],
  }),
  resetRequestPage: endpoint({
    method: 'POST',
    path: `${RESET}/page`,
    auth: 'user',
    permission: 'admin:user:resetFactor',
    summary: 'Staff: second-factor reset requests waiting for (or past) a checker',
    input: pageInput.extend({
      status: z.enum(staffRequestStatuses).optional(),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    output: pageOf(staffRequest),
  }),
  resetRequestApprove: endpoint({
    method: 'POST',
    path: `${RESET}/approve`,
    auth: 'user',
    permission: 'admin:user:resetFactor',
    summary:
      'Staff: approve a pending second-factor reset, which then takes effect; not one you made, about yourself, or from whoever created or promoted you; a staff account’s only as an admin (audited)',
    input: z.object({ id }),
    output: staffRequest,
    errors: [
      ErrorCode.StaffRequestNotFound,
      ErrorCode.StaffRequestNotPending,
      ErrorCode.DutySeparation,
      ErrorCode.MemberNotFound,
    ],
  }),
  resetRequestReject: endpoint({
    method: 'POST',
    path: `${RESET}/reject`,
    auth: 'user',
    permission: 'admin:user:resetFactor',
    summary:
      'Staff: reject a pending second-factor reset with a note; nothing changes (a staff account’s only as an admin; audited)',
    input: z.object({ id, note: z.string().trim().min(1, 'Content cannot be empty').max(200) }),
    output: staffRequest,
    errors: [ErrorCode.StaffRequestNotFound, ErrorCode.StaffRequestNotPending, ErrorCode.DutySeparation],
  }),
};
