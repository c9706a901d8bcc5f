import type { FastifyRequest } from 'fastify';
import type { SignInSource } from './login-activity.ts';

/** Where a sign-in comes from: the client's address and browser, and the device id the client keeps. */
export const sourceOf = (
  ctx: { ip: string; req: FastifyRequest },
  deviceId: string | undefined,
): SignInSource => ({
  address: ctx.ip,
  userAgent: ctx.req.headers['user-agent'] ?? '',
  deviceId,
});
