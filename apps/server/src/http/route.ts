import fs from 'node:fs';
import {
  type Endpoint,
  ErrorCode,
  envelope,
  errorMessages,
  genericErrorsOf,
  hasPermission,
} from '@chatpay/shared';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import type { Limiter } from '../lib/limiter.ts';
import { tokenFromHeader } from './auth-header.ts';
import type { AuthedContext, Authenticator, AuthUser, MerchantContext, RequestContext } from './context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    /** Set by the caller hook for API requests: the verified user (or why not), and the rate-limit key. */
    caller?: { user: AuthUser | null; error: unknown; rateKey: string };
    /** Merchant API POSTs: the body as sent (re-serialised before validation trims it or adds defaults). */
    signedBody?: string;
  }
}

type ContextFor<E extends Endpoint> = E['auth'] extends 'user'
  ? AuthedContext
  : E['auth'] extends 'merchant'
    ? MerchantContext
    : RequestContext;
export type Handler<E extends Endpoint> = (
  input: z.output<E['input']>,
  ctx: ContextFor<E>,
) => Promise<z.input<E['output']>> | z.input<E['output']>;

/** Checks a signed merchant request and answers the merchant's user id (the c2c module provides it). */
export type MerchantAuthenticator = (req: FastifyRequest) => Promise<number>;

/** What every module's `register…Routes` receives. */
export interface RouteHost {
  app: FastifyInstance;
  auth: Pick<Authenticator, 'authenticate'>;
  /** Needed by endpoints whose auth is 'merchant'. */
  merchantAuth?: MerchantAuthenticator;
  /**
   * Tests: answering a business code an endpoint does not list in `errors` is a contract breach and answers
   * HTTP 500 instead, so the lists stay true.
   */
  strictErrors?: boolean;
  /**
   * Asked before every endpoint that names a permission (the console and staff calls): refuses staff who have
   * not enrolled a second factor yet (modules/user `staffFactorGate`).
   */
  staffGate?: (user: AuthUser) => Promise<void>;
  /** Per-member limit of calls that take a PIN (every endpoint whose input has a `pin`). */
  pinLimit?: { limiter: Limiter; perMinute: number };
}

/** Module tag for the docs and `eps`: the namespace after /app or /admin (`/app/html5/user/x` → `user`). */
export const moduleOf = (path: string) => {
  const parts = path.split('/').filter(Boolean);
  return parts.length >= 3 ? (parts[parts.length - 2] ?? 'base') : (parts[0] ?? 'base');
};

const MALFORMED = 'Malformed Authorization header: send the token alone or as "Bearer <token>"';

/**
 * Runs first on every API request: refuses a malformed Authorization header, verifies a token once (the
 * route reuses the answer) and picks the rate-limit bucket: the verified user, else the client address. So
 * neither a made-up header nor a stolen-then-ended token buys a fresh bucket.
 */
export const registerCallerHook = (host: RouteHost) => {
  host.app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const token = tokenFromHeader(req.headers.authorization);
    if (token === 'malformed') throw new AppError(ErrorCode.Unauthorized, MALFORMED);
    let user: AuthUser | null = null;
    let error: unknown = null;
    if (token) {
      try {
        user = await host.auth.authenticate(token);
      } catch (e) {
        error = e;
      }
    }
    req.caller = { user, error, rateKey: user ? `user:${user.id}` : `ip:${req.ip}` };
  });
};

const authenticate = async (host: RouteHost, req: FastifyRequest, permission?: string) => {
  let user: AuthUser;
  if (req.caller?.user) user = req.caller.user;
  else if (req.caller?.error) throw req.caller.error;
  else {
    const token = tokenFromHeader(req.headers.authorization);
    if (token === 'malformed') throw new AppError(ErrorCode.Unauthorized, MALFORMED);
    if (!token) throw new AppError(ErrorCode.Unauthorized, 'Please log in first');
    user = await host.auth.authenticate(token);
  }
  if (permission && !hasPermission(user, permission)) throw new AppError(ErrorCode.Forbidden);
  return user;
};

/** Calls that take a PIN count against the member's PIN limit, before any check of the PIN. */
const takesPin = (endpoint: Endpoint) =>
  endpoint.input instanceof z.ZodObject && 'pin' in endpoint.input.shape;

const limitPin = async (host: RouteHost, userId: number) => {
  if (!host.pinLimit) return;
  const wait = await host.pinLimit.limiter.hit(`pin:${userId}`, host.pinLimit.perMinute, 60_000);
  if (wait > 0) {
    throw new AppError(ErrorCode.RateLimited, 'Too many PIN attempts, please try again later', {
      retryAfterSeconds: Math.ceil(wait / 1000),
    });
  }
};

const codeName = new Map(Object.entries(ErrorCode).map(([name, code]) => [code as number, name]));

/** The OpenAPI description: the summary and the business errors the call can answer. */
const describe = (endpoint: Endpoint) => {
  const errors = endpoint.errors ?? [];
  if (errors.length === 0) return endpoint.summary;
  const lines = errors.map((code) => `- \`${code}\` ${codeName.get(code)}: ${errorMessages[code]}`);
  return `${endpoint.summary}\n\nBusiness errors (envelope \`code\`):\n${lines.join('\n')}`;
};

/**
 * A test run may record every business code each endpoint answers (CONTRACT_ERROR_LOG=file), which is how
 * the `errors` lists were first filled; see CONTRIBUTING.md.
 */
const errorLog = process.env.CONTRACT_ERROR_LOG;

const checkDeclared = (host: RouteHost, endpoint: Endpoint, error: unknown) => {
  if (!(error instanceof AppError)) return;
  const code = error.code as ErrorCode;
  if (errorLog) fs.appendFileSync(errorLog, `${JSON.stringify({ path: endpoint.path, code })}\n`);
  if (!host.strictErrors) return;
  if (genericErrorsOf(endpoint).includes(code) || endpoint.errors?.includes(code)) return;
  throw new Error(
    `Contract breach: ${endpoint.path} answered ${code} (${codeName.get(code)}), which its errors list does not name`,
  );
};

/**
 * Registers one endpoint of the shared contract: input validated by its zod schema, the caller authenticated
 * (and authorised when it names a permission), the handler's answer parsed by the output schema (which strips
 * anything not in the contract) and wrapped in the envelope.
 */
export const route = <E extends Endpoint>(
  host: RouteHost,
  endpoint: E,
  handler: Handler<E>,
  extra: { rateLimit?: RateLimitOptions } = {},
) => {
  const inputKey = endpoint.method === 'GET' ? 'querystring' : 'body';
  const pin = endpoint.auth === 'user' && takesPin(endpoint);
  if (endpoint.auth === 'merchant' && !host.merchantAuth) {
    throw new Error(`${endpoint.path} needs a merchant authenticator`);
  }
  const security =
    endpoint.auth === 'user'
      ? [{ token: [] }]
      : endpoint.auth === 'merchant'
        ? [{ merchant: [] }]
        : undefined;
  const options: RouteOptions = {
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      description: describe(endpoint),
      tags: [moduleOf(endpoint.path)],
      ...(security ? { security } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : { [inputKey]: endpoint.input }),
      response: { 200: envelope(endpoint.output) },
    },
    config: { endpoint, ...(extra.rateLimit ? { rateLimit: extra.rateLimit } : {}) },
    // The signature covers the body the merchant sent, not what validation makes of it.
    ...(endpoint.auth === 'merchant' && endpoint.method !== 'GET'
      ? {
          preValidation: async (req: FastifyRequest) => {
            req.signedBody = JSON.stringify(req.body ?? '');
          },
        }
      : {}),
    handler: async (req, reply) => {
      try {
        const user = endpoint.auth === 'user' ? await authenticate(host, req, endpoint.permission) : null;
        if (endpoint.permission && user && host.staffGate) await host.staffGate(user);
        if (pin && user) await limitPin(host, user.id);
        const merchantUserId = endpoint.auth === 'merchant' ? await host.merchantAuth!(req) : null;
        const ctx = { req, reply, ip: req.ip, user, merchantUserId } as unknown as ContextFor<E>;
        const raw = endpoint.multipart ? {} : endpoint.method === 'GET' ? req.query : req.body;
        const result = await handler(raw as z.output<E['input']>, ctx);
        return { code: ErrorCode.Success, data: endpoint.output.parse(result), message: 'success' };
      } catch (error) {
        checkDeclared(host, endpoint, error);
        throw error;
      }
    },
  };
  host.app.route(options);
};
