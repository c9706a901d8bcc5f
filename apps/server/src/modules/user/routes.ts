import { ErrorCode, userApi } from '@chatpay/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { assertMayUseMedia, isOwnUrl } from '../uploads/index.ts';
import { relyingParty } from './factors/passkeys.ts';
import { registerFactorRoutes } from './factors/routes.ts';
import { FactorService } from './factors/service.ts';
import { usePepper } from './pepper.ts';
import { UserService } from './service.ts';
import { sourceOf } from './sign-in-source.ts';
import type { TokenService } from './tokens.ts';

/** Login-like calls are limited per client address and user name, after the body is parsed. */
const credentialLimit = (deps: AppDeps) => ({
  max: deps.config.LOGIN_RATE_LIMIT,
  timeWindow: '1 minute',
  hook: 'preHandler' as const,
  keyGenerator: (req: FastifyRequest) => {
    const body = (req.body ?? {}) as { username?: unknown };
    const name = typeof body.username === 'string' ? body.username.toLowerCase() : '';
    return `cred:${req.routeOptions.url}:${req.ip}:${name}`;
  },
});

/**
 * And per client address across every user name (so one address cannot try many accounts), counted before
 * any password work.
 */
const perAddress = async (deps: AppDeps, ip: string) => {
  const wait = await deps.limiter.hit(`login-ip:${ip}`, deps.config.LOGIN_ADDRESS_RATE_LIMIT, 60_000);
  if (wait > 0) {
    throw new AppError(ErrorCode.RateLimited, undefined, { retryAfterSeconds: Math.ceil(wait / 1000) });
  }
};

/** Where a sign-in comes from: the client address, its user agent and the device id it keeps. */

/** The user module owns the token service; the app hands it the one it built (routes authenticate with it). */
export const registerUserRoutes = (deps: AppDeps, tokens: TokenService, pepper: string) => {
  usePepper(deps.db, pepper);
  const factors = new FactorService(deps);
  const users = new UserService(
    deps.db,
    tokens,
    deps.realtime,
    deps.clock,
    deps.config,
    deps.ports,
    factors,
    (url) => isOwnUrl(url, deps.config.PUBLIC_URL),
    (userId, url) => assertMayUseMedia(deps.db, deps.config.PUBLIC_URL, userId, [url]),
  );
  const limited = { rateLimit: credentialLimit(deps) };

  route(
    deps,
    userApi.registerByName,
    async (input, ctx) => {
      await perAddress(deps, ctx.ip);
      return users.register(input, sourceOf(ctx, input.deviceId));
    },
    limited,
  );
  route(
    deps,
    userApi.loginByName,
    async (input, ctx) => {
      await perAddress(deps, ctx.ip);
      return users.loginByName(input.username, input.password, sourceOf(ctx, input.deviceId), () =>
        relyingParty(deps.config, ctx.req),
      );
    },
    limited,
  );
  route(
    deps,
    userApi.loginByToken,
    async (input, ctx) => {
      await perAddress(deps, ctx.ip);
      return users.loginByToken(input.token);
    },
    limited,
  );
  route(deps, userApi.refreshToken, (input) => users.refresh(input.refreshToken), limited);
  route(deps, userApi.person, (_input, ctx) => users.person(ctx.user.id));
  route(deps, userApi.setUser, (input, ctx) => users.setUser(ctx.user.id, input.dataKey, input.dataValue));
  route(deps, userApi.checkShareCode, (input) => users.checkShareCode(input.shareCode));
  route(deps, userApi.signShareCode, (input, ctx) => users.signShareCode(ctx.user.id, input.shareCode));
  route(deps, userApi.useDownloadLog, (input, ctx) =>
    users.useDownloadLog(input, ctx.ip, ctx.req.headers['user-agent']),
  );
  route(deps, userApi.changePassword, (input, ctx) => users.changePassword(ctx.user, input, ctx.ip));
  route(deps, userApi.setPayPassword, (input, ctx) => users.setPayPassword(ctx.user, input, ctx.ip));
  // Limited per member by PIN_RATE_LIMIT, as every call that takes a PIN (http/route.ts).
  route(deps, userApi.verifyPayPassword, (input, ctx) => users.verifyPayPassword(ctx.user.id, input.pin));
  route(deps, userApi.logout, (_input, ctx) => users.logout(ctx.user));
  route(deps, userApi.loginActivity, (_input, ctx) => users.loginActivity(ctx.user));
  route(deps, userApi.endSession, (input, ctx) => users.endSession(ctx.user, input.sid));
  registerFactorRoutes(deps, factors, users, limited, (ip) => perAddress(deps, ip));
  return { factors };
};
