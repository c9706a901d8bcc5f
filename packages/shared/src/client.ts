import type { Endpoint, HttpMethod, InputOf, OutputOf } from './endpoint.ts';
import { ErrorCode } from './errors.ts';

/**
 * A typed client of the contract for code outside the browser app (server tests, browser-test set-up,
 * benchmarks). It knows the endpoints and the envelope; how a request travels is the transport's business
 * (Fastify's inject in server tests, fetch against a real process elsewhere).
 */

/** Where every endpoint's path is mounted (docs/product.md#api). */
export const API_PREFIX = '/api';

/** One request as the client hands it to a transport: GET input as `query`, POST input as a JSON `body`. */
export interface TransportRequest {
  method: HttpMethod;
  /** The full path, `/api` included. */
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  token?: string;
}

/** The HTTP status and the parsed JSON body (or the raw text when the body is not JSON). */
export interface TransportResponse {
  status: number;
  body: unknown;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** The raw answer: the HTTP status and the envelope, `data` unchecked (failures carry their own data). */
export interface CallResult {
  status: number;
  code: number;
  message: string;
  data: unknown;
}

export interface ContractClient {
  /** Sends the input as is (invalid input too) and answers the envelope, whatever its code. */
  call<E extends Endpoint>(endpoint: E, input: InputOf<E>, token?: string | null): Promise<CallResult>;
  /**
   * Expects success: answers the data, checked against the endpoint's output schema, and throws naming the
   * path, code and message otherwise.
   */
  ok<E extends Endpoint>(endpoint: E, input: InputOf<E>, token?: string | null): Promise<OutputOf<E>>;
  /** Expects the refusal `code`: answers the envelope, and throws on success or on any other code. */
  fails<E extends Endpoint>(
    endpoint: E,
    input: InputOf<E>,
    token: string | null | undefined,
    code: number,
  ): Promise<CallResult>;
}

/** A call that did not answer what the caller expected. */
export class UnexpectedAnswerError extends Error {
  constructor(
    message: string,
    readonly result: CallResult,
  ) {
    super(message);
    this.name = 'UnexpectedAnswerError';
  }
}

/** GET input as query parameters: undefined and null left out, arrays repeat the key (as the web client). */
export const toQuery = (input: unknown): Record<string, string | string[]> => {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    query[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return query;
};

const isEnvelope = (body: unknown): body is { code: number; data?: unknown; message?: unknown } =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';

const summary = (endpoint: Endpoint, r: CallResult) =>
  `${endpoint.method} ${endpoint.path} answered HTTP ${r.status}, code ${r.code} ${JSON.stringify(r.message)}` +
  (r.data === null || r.data === undefined ? '' : ` ${JSON.stringify(r.data).slice(0, 300)}`);

/**
 * The data of a success answer of `endpoint`, typed by its output schema; throws naming the path, code and
 * message when the answer is a refusal, and when the data does not match the schema. The data is checked,
 * not transformed: the caller sees exactly what went over the wire (a field the contract does not declare
 * stays visible to a test that looks for leaks), and an answer that drifted from the contract fails here
 * rather than somewhere downstream.
 */
export const successData = <E extends Endpoint>(endpoint: E, r: CallResult): OutputOf<E> => {
  if (r.code !== ErrorCode.Success)
    throw new UnexpectedAnswerError(`expected success: ${summary(endpoint, r)}`, r);
  const checked = endpoint.output.safeParse(r.data);
  if (!checked.success) {
    const issues = checked.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new UnexpectedAnswerError(
      `${endpoint.method} ${endpoint.path} answered outside its contract: ${issues}`,
      r,
    );
  }
  return r.data as OutputOf<E>;
};

export const createContractClient = (transport: Transport): ContractClient => {
  const call: ContractClient['call'] = async (endpoint, input, token) => {
    const isGet = endpoint.method === 'GET';
    const res = await transport({
      method: endpoint.method,
      path: `${API_PREFIX}${endpoint.path}`,
      ...(isGet ? { query: toQuery(input) } : { body: input ?? {} }),
      ...(token ? { token } : {}),
    });
    if (!isEnvelope(res.body)) {
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered HTTP ${res.status} without an envelope: ${text?.slice(0, 300)}`,
      );
    }
    return {
      status: res.status,
      code: res.body.code,
      message: typeof res.body.message === 'string' ? res.body.message : '',
      data: res.body.data,
    };
  };

  const ok: ContractClient['ok'] = async (endpoint, input, token) =>
    successData(endpoint, await call(endpoint, input, token));

  const fails: ContractClient['fails'] = async (endpoint, input, token, code) => {
    const r = await call(endpoint, input, token);
    if (r.code !== code) throw new UnexpectedAnswerError(`expected code ${code}: ${summary(endpoint, r)}`, r);
    return r;
  };

  return { call, ok, fails };
};
