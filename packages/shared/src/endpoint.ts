import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * One call of the API. The server registers a handler for it, the web client calls it with typed input and
 * output, and the OpenAPI page is generated from it. `path` is relative to `/api`.
 * GET input travels in the query string, so numeric GET fields must use `z.coerce`.
 */
export type Auth = 'none' | 'user';

export interface Endpoint<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  method: HttpMethod;
  path: string;
  input: I;
  output: O;
  /** 'none': public; 'user': needs a valid access token. */
  auth: A;
  /** `module:service:method`; admin holds every permission. */
  permission?: string;
  /** multipart/form-data upload; `input` describes the non-file fields. */
  multipart?: boolean;
  summary: string;
}

export const endpoint = <I extends z.ZodType, O extends z.ZodType, A extends Auth>(
  e: Endpoint<I, O, A>,
): Endpoint<I, O, A> => e;

export type InputOf<E> = E extends Endpoint<infer I, z.ZodType, Auth> ? z.input<I> : never;
export type OutputOf<E> = E extends Endpoint<z.ZodType, infer O, Auth> ? z.output<O> : never;
