import { type Endpoint, ErrorCode, envelope, hasPermission } from '@chatpay/shared';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import type { TokenService } from '../modules/user/tokens.ts';
import { tokenFromHeader } from '../modules/user/tokens.ts';
import type { AuthedContext, RequestContext } from './context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

type ContextFor<E extends Endpoint> = E['auth'] extends 'user' ? AuthedContext : RequestContext;
export type Handler<E extends Endpoint> = (
  input: z.output<E['input']>,
  ctx: ContextFor<E>,
) => Promise<z.input<E['output']>> | z.input<E['output']>;

/** What every module's `register…Routes` receives. */
export interface RouteHost {
  app: FastifyInstance;
  tokens: TokenService;
}

/** Module tag for the docs and `eps`: the namespace after /app or /admin (`/app/html5/user/x` → `user`). */
export const moduleOf = (path: string) => {
  const parts = path.split('/').filter(Boolean);
  return parts.length >= 3 ? (parts[parts.length - 2] ?? 'base') : (parts[0] ?? 'base');
};

const authenticate = async (host: RouteHost, req: FastifyRequest, permission?: string) => {
  const token = tokenFromHeader(req.headers.authorization);
  if (!token) throw new AppError(ErrorCode.Unauthorized, 'Please log in first');
  const user = await host.tokens.authenticate(token);
  if (permission && !hasPermission(user, permission)) throw new AppError(ErrorCode.Forbidden);
  return user;
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
  const options: RouteOptions = {
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      tags: [moduleOf(endpoint.path)],
      ...(endpoint.auth === 'user' ? { security: [{ token: [] }] } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : { [inputKey]: endpoint.input }),
      response: { 200: envelope(endpoint.output) },
    },
    config: { endpoint, ...(extra.rateLimit ? { rateLimit: extra.rateLimit } : {}) },
    handler: async (req, reply) => {
      const user = endpoint.auth === 'user' ? await authenticate(host, req, endpoint.permission) : null;
      const ctx = { req, reply, ip: req.ip, user } as ContextFor<E>;
      const raw = endpoint.multipart ? {} : endpoint.method === 'GET' ? req.query : req.body;
      const result = await handler(raw as z.output<E['input']>, ctx);
      return { code: ErrorCode.Success, data: endpoint.output.parse(result), message: 'success' };
    },
  };
  host.app.route(options);
};
