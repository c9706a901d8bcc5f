import { userApi } from '@chatpay/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { isOwnUrl } from '../uploads/index.ts';
import { UserService } from './service.ts';
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

/** The user module owns the token service; the app hands it the one it built (routes authenticate with it). */
export const registerUserRoutes = (deps: AppDeps, tokens: TokenService) => {
  const users = new UserService(deps.db, tokens, deps.realtime, deps.clock, (url) =>
    isOwnUrl(url, deps.config.PUBLIC_URL),
  );
  const limited = { rateLimit: credentialLimit(deps) };

  route(deps, userApi.registerByName, (input) => users.register(input), limited);
  route(deps, userApi.loginByName, (input) => users.loginByName(input.username, input.password), limited);
  route(deps, userApi.loginByToken, (input) => users.loginByToken(input.token), limited);
  route(deps, userApi.refreshToken, (input) => users.refresh(input.refreshToken), limited);
  route(deps, userApi.person, (_input, ctx) => users.person(ctx.user.id));
  route(deps, userApi.setUser, (input, ctx) => users.setUser(ctx.user.id, input.dataKey, input.dataValue));
  route(deps, userApi.checkShareCode, (input) => users.checkShareCode(input.shareCode));
  route(deps, userApi.signShareCode, (input, ctx) => users.signShareCode(ctx.user.id, input.shareCode));
  route(deps, userApi.useDownloadLog, (input, ctx) =>
    users.useDownloadLog(input, ctx.ip, ctx.req.headers['user-agent']),
  );
  route(deps, userApi.changePassword, (input, ctx) =>
    users.changePassword(ctx.user, input.password, input.newPassword),
  );
  route(deps, userApi.setPayPassword, (input, ctx) =>
    users.setPayPassword(ctx.user.id, input.password, input.pin),
  );
  route(deps, userApi.verifyPayPassword, (input, ctx) => users.verifyPayPassword(ctx.user.id, input.pin), {
    rateLimit: { max: 20, timeWindow: '1 minute' },
  });
  route(deps, userApi.logout, (_input, ctx) => users.logout(ctx.user));
};
