import { ErrorCode, type FieldIssue } from '@chatpay/shared';
import { i18n, t } from './i18n/index.ts';
import { dateTime } from './i18n/time.ts';

/**
 * Codes of failures that happen in the client, not on the server (the client codes of docs/product.md#errors
 * codes).
 */
export const ClientCode = {
  Timeout: 5,
  Network: 5,
  UploadNetwork: 602001,
  Abort: 600003,
  FileError: 602002,
} as const;

/** A failed call: `code` is the envelope code (or a client code), `message` is ready to show. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data: unknown = null,
    readonly status = 200,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const isFieldIssues = (data: unknown): data is FieldIssue[] =>
  Array.isArray(data) && data.every((d) => typeof d === 'object' && d !== null && 'field' in d);

/** A market gate's refusal: the rule, what it asks and what the member has (docs/design/market.md). */
const ruleOf = (data: unknown) =>
  typeof data === 'object' && data !== null && 'rule' in data && typeof data.rule === 'string'
    ? (data as { rule: string; required: unknown; actual: unknown })
    : null;

/**
 * The text shown for an envelope failure: the translation of its code (`errors.<code>`), the offending
 * fields for a validation failure, and the server's own message for a code this client does not know.
 */
export const messageForCode = (code: number, serverMessage: string, data: unknown): string => {
  if (code === ErrorCode.Validation && isFieldIssues(data) && data.length > 0) {
    const fields = [...new Set(data.map((d) => d.field))]
      .map((f) => t(`fields.${f}`, { defaultValue: f }))
      .join(', ');
    return t('errors.validationFields', { fields });
  }
  // A wrong PIN says how many tries are left before the lock, wherever it is typed.
  const left = (data as { remainingAttempts?: unknown } | null)?.remainingAttempts;
  if (code === ErrorCode.WrongPin && typeof left === 'number')
    return t('errors.wrongPinLeft', { count: left });
  // A refused new password says why: too short (and the least length), common, or easy to guess.
  const weak = data as { reason?: unknown; minLength?: unknown } | null;
  if (code === ErrorCode.WeakPassword && typeof weak?.reason === 'string') {
    const reasonKey = `errors.weakPassword.${weak.reason}`;
    if (i18n.exists(reasonKey)) return t(reasonKey, { min: weak.minLength });
  }
  // Identity verification (docs/design/identity.md): a level gate names the level it needs, a payment
  // method's holder the verified name it must be.
  const gate = data as { required?: unknown; verifiedName?: unknown } | null;
  if (code === ErrorCode.VerificationRequired && typeof gate?.required === 'number')
    return t('errors.1950_level', { required: gate.required });
  if (code === ErrorCode.NameMismatch && typeof gate?.verifiedName === 'string')
    return t('errors.1955_name', { name: gate.verifiedName });
  const rule = ruleOf(data);
  if ((code === ErrorCode.AdPostingNotAllowed || code === ErrorCode.TakerRequirementNotMet) && rule) {
    const ruleKey = `errors.rule.${rule.rule}`;
    if (i18n.exists(ruleKey)) return t(ruleKey, rule);
  }
  const key = `errors.${code}`;
  // Limits and holds say until when and how much is left.
  const limit = limitOf(data);
  if (limit && i18n.exists(`${key}_detail`))
    return t(`${key}_detail`, { ...limit, until: dateTime(limit.until, i18n.language) });
  if (i18n.exists(key)) return t(key);
  return serverMessage || t('common.serviceException');
};

/** The details of an outgoing-money refusal: a hold's end, an address's first usable time, what is left. */
const limitOf = (data: unknown) => {
  if (!data || typeof data !== 'object') return null;
  const d = data as { until?: unknown; usableFrom?: unknown; remaining?: unknown; limit?: unknown };
  const until =
    typeof d.until === 'string' ? d.until : typeof d.usableFrom === 'string' ? d.usableFrom : null;
  const remaining = typeof d.remaining === 'string' ? d.remaining : null;
  if (until === null && remaining === null) return null;
  return { until, remaining: remaining ?? '', limit: typeof d.limit === 'string' ? d.limit : '' };
};

/** The message of any thrown value, for a toast. */
export const errorText = (error: unknown): string => {
  if (error instanceof Error) return error.message || t('common.serviceException');
  if (typeof error === 'string') return error;
  return t('common.serviceException');
};

/** The server could not be reached (no network, or it is down): nothing the member did wrong. */
export const isNetworkError = (error: unknown) =>
  error instanceof ApiError && error.code === ClientCode.Network && error.status === 0;
