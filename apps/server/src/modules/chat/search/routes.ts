import { messageApi, sessionApi } from '@chatpay/shared';
import type { AppDeps } from '../../../http/deps.ts';
import { route } from '../../../http/route.ts';
import type { SearchService } from './service.ts';

export const registerSearchRoutes = (deps: AppDeps, search: SearchService) => {
  route(deps, sessionApi.search, (input, ctx) => search.byName(ctx.user.id, input.keyword));
  route(deps, messageApi.search, (input, ctx) => search.messages(ctx.user.id, input));
};
