import { sessionApi } from '@chatpay/shared';
import type { AppDeps } from '../../../http/deps.ts';
import { route } from '../../../http/route.ts';
import type { SessionService } from './service.ts';

export const registerSessionRoutes = (deps: AppDeps, sessions: SessionService) => {
  route(deps, sessionApi.create, (input, ctx) => sessions.create(ctx.user.id, input));
  route(deps, sessionApi.find, (input, ctx) => sessions.find(ctx.user.id, input.userId));
  route(deps, sessionApi.detail, (input, ctx) => sessions.view(ctx.user.id, input.id));
  route(deps, sessionApi.info, (input, ctx) => sessions.view(ctx.user.id, input.id));
  route(deps, sessionApi.page, (input, ctx) => sessions.page(ctx.user.id, input));
  route(deps, sessionApi.setChat, (input, ctx) =>
    sessions.setChat(ctx.user.id, (input.sessionId ?? input.id)!, input.action),
  );
  route(deps, sessionApi.checkService, (_input, ctx) => sessions.checkService(ctx.user.id));
  route(deps, sessionApi.toMccId, (input, ctx) => sessions.toMccId(ctx.user.id, input.mccId));
};
