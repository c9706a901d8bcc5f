import {
  ErrorCode,
  PASSWORD_MIN_LENGTH,
  type PasswordProblem,
  STAFF_PASSWORD_MIN_LENGTH,
} from '@chatpay/shared';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/errors.ts';

/**
 * zxcvbn's score runs 0 (a top-100 password) to 4; 3 means "safely unguessable" for an online attacker
 * rate-limited as our logins are, and still passes ordinary passphrases (`secret-pass-1`, `correct horse`).
 */
export const PASSWORD_MIN_SCORE = 3;

/** zxcvbn's warnings that say the password is, or is close to, one on the common lists. */
const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'userInputs']);

/** Built on first use: the dictionaries take a moment to load and most processes never check a password. */
let checker: ZxcvbnFactory | null = null;
const zxcvbn = () => {
  checker ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return checker;
};

/**
 * Why a new password is refused (docs/security.md, "Passwords"), or null: shorter than 10 characters (12 for
 * staff), on or near the common-password list, or otherwise scored below PASSWORD_MIN_SCORE. `inputs` are the
 * account's own words (user name, nickname), which a password must not lean on.
 */
export const passwordProblem = (
  password: string,
  options: { staff: boolean; inputs?: string[] },
): PasswordProblem | null => {
  const minLength = options.staff ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;
  if (password.length < minLength) return { reason: 'tooShort', minLength };
  const result = zxcvbn().check(password, options.inputs ?? []);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const warning = result.feedback.warning ?? '';
  return { reason: COMMON_WARNINGS.has(warning) ? 'common' : 'guessable', minLength };
};

/** Throws `WeakPassword` with the reason when `passwordProblem` finds one. */
export const assertStrongPassword = (password: string, options: { staff: boolean; inputs?: string[] }) => {
  const problem = passwordProblem(password, options);
  if (problem) throw new AppError(ErrorCode.WeakPassword, undefined, problem);
};
