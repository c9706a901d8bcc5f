import type { z } from 'zod';
import { ErrorCode } from './errors.ts';

export type HttpMethod = 'GET' | 'POST';

/**
 * One call of the API. The server registers a handler for it, the web client calls it with typed input and
 * output, and the OpenAPI page is generated from it. `path` is relative to `/api`.
 * GET input travels in the query string, so numeric GET fields must use `z.coerce`.
 */
export type Auth = 'none' | 'user' | 'merchant';

export interface Endpoint<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  method: HttpMethod;
  path: string;
  input: I;
  output: O;
  /**
   * 'none': public; 'user': needs a valid access token; 'merchant': signed with a merchant API key (HMAC
   * headers X-Merchant-Id, X-Timestamp, X-Nonce, X-Signature; docs/design/market.md, "Merchant API").
   */
  auth: A;
  /** `module:service:method`; admin holds every permission. */
  permission?: string;
  /** multipart/form-data upload; `input` describes the non-file fields. */
  multipart?: boolean;
  summary: string;
  /**
   * The business error codes this call can answer, beyond those any call can (General, Validation,
   * RateLimited, Internal; Unauthorized when it needs a token or signature; Forbidden when it names a
   * permission). Shown on the OpenAPI page; the test server refuses to answer a code not listed here.
   */
  errors?: readonly ErrorCode[];
}

/** Codes any call may answer, whatever its `errors` list says. */
export const genericErrorsOf = (e: Pick<Endpoint, 'auth' | 'permission'>): ErrorCode[] => [
  ErrorCode.General,
  ErrorCode.Validation,
  ErrorCode.RateLimited,
  ErrorCode.Internal,
  ErrorCode.ServiceBusy,
  ...(e.auth === 'none' ? [] : [ErrorCode.Unauthorized]),
  ...(e.auth === 'merchant'
    ? [ErrorCode.SignatureInvalid, ErrorCode.TimestampOutOfWindow, ErrorCode.NonceReused]
    : []),
  // Staff without a second factor are refused every console call (docs/security.md, "Second factors").
  ...(e.permission ? [ErrorCode.Forbidden, ErrorCode.StaffFactorRequired] : []),
];

export const endpoint = <I extends z.ZodType, O extends z.ZodType, A extends Auth>(
  e: Endpoint<I, O, A>,
): Endpoint<I, O, A> => e;

export type InputOf<E> = E extends Endpoint<infer I, z.ZodType, Auth> ? z.input<I> : never;
export type OutputOf<E> = E extends Endpoint<z.ZodType, infer O, Auth> ? z.output<O> : never;
