import { momentsApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { MomentsService } from './service.ts';

/** Moments under /app/moments (docs/design/groups-moments.md). */
export const registerMomentsRoutes = (deps: AppDeps) => {
  const service = new MomentsService(deps.db, deps.config, deps.realtime);
  route(deps, momentsApi.post, (input, ctx) => service.post(ctx.user.id, input));
  route(deps, momentsApi.page, (input, ctx) => service.page(ctx.user.id, input));
  route(deps, momentsApi.detail, (input, ctx) => service.detail(ctx.user.id, input.id));
  route(deps, momentsApi.delete, (input, ctx) => service.remove(ctx.user.id, input.id));
  route(deps, momentsApi.like, (input, ctx) => service.like(ctx.user.id, input.id, true));
  route(deps, momentsApi.unlike, (input, ctx) => service.like(ctx.user.id, input.id, false));
  route(deps, momentsApi.comment, (input, ctx) => service.comment(ctx.user.id, input));
  route(deps, momentsApi.deleteComment, (input, ctx) => service.deleteComment(ctx.user.id, input.id));
};
