import { securityApi } from '@chatpay/shared';
import type { AppDeps } from '../../../http/deps.ts';
import { route } from '../../../http/route.ts';
import type { UserService } from '../service.ts';
import { sourceOf } from '../sign-in-source.ts';
import { relyingParty } from './passkeys.ts';
import type { FactorService } from './service.ts';

/** The caller's second factors, the step-up and the login's second step (docs/security.md, "Second factors"). */
export const registerFactorRoutes = (
  deps: AppDeps,
  factors: FactorService,
  users: UserService,
  limited: object,
  perAddress: (ip: string) => Promise<void>,
) => {
  const rp = (req: Parameters<typeof relyingParty>[1]) => () => relyingParty(deps.config, req);
  route(deps, securityApi.status, (_input, ctx) => factors.status(ctx.user));
  route(deps, securityApi.totpStart, (input, ctx) => factors.totpStart(ctx.user, input.stepUp));
  route(deps, securityApi.totpConfirm, (input, ctx) => factors.totpConfirm(ctx.user, input.code, ctx.ip));
  route(deps, securityApi.totpDisable, (input, ctx) => factors.totpDisable(ctx.user, input.code, ctx.ip));
  route(deps, securityApi.passkeyOptions, (input, ctx) =>
    factors.passkeyOptions(ctx.user, input.stepUp, rp(ctx.req)),
  );
  route(deps, securityApi.passkeyRegister, (input, ctx) =>
    factors.passkeyRegister(ctx.user, input, rp(ctx.req)),
  );
  route(deps, securityApi.passkeyRename, (input, ctx) =>
    factors.passkeyRename(ctx.user, input.id, input.name),
  );
  route(deps, securityApi.passkeyRemove, (input, ctx) =>
    factors.passkeyRemove(ctx.user, input.id, input.stepUp),
  );
  route(deps, securityApi.recoveryRegenerate, (input, ctx) =>
    factors.recoveryRegenerate(ctx.user, input.stepUp),
  );
  route(deps, securityApi.stepUpStart, (_input, ctx) => factors.stepUpStart(ctx.user, rp(ctx.req)));
  route(deps, securityApi.stepUpVerify, (input, ctx) =>
    factors.stepUpVerify(ctx.user, input, ctx.ip, rp(ctx.req)),
  );
  route(
    deps,
    securityApi.loginSecondFactor,
    async (input, ctx) => {
      await perAddress(ctx.ip);
      return users.loginSecondFactor(input, sourceOf(ctx, input.deviceId), rp(ctx.req));
    },
    limited,
  );
  route(
    deps,
    securityApi.passkeyLoginOptions,
    async (input, ctx) => {
      await perAddress(ctx.ip);
      return factors.passkeyLoginOptions(input.username, rp(ctx.req));
    },
    limited,
  );
  route(
    deps,
    securityApi.passkeyLogin,
    async (input, ctx) => {
      await perAddress(ctx.ip);
      return users.passkeyLogin(
        input.challengeId,
        input.response,
        sourceOf(ctx, input.deviceId),
        rp(ctx.req),
      );
    },
    limited,
  );
};
