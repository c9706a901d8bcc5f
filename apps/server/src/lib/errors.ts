import { ErrorCode, errorMessages } from '@chatpay/shared';

/** A named business failure: the error handler turns it into the envelope with its code. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly data: unknown = null,
    /** HTTP status: 200 for business failures, 401 for auth failures. */
    readonly status = code === ErrorCode.Unauthorized || code === ErrorCode.RefreshTokenInvalid ? 401 : 200,
  ) {
    super(message ?? errorMessages[code]);
  }
}
