import { adminServiceApi } from '@chatpay/shared';
import type { AppDeps } from '../../../http/deps.ts';
import { route } from '../../../http/route.ts';
import type { ServiceDesk } from './service.ts';

/** The console's customer-service inbox. */
export const registerServiceDeskRoutes = (deps: AppDeps, desk: ServiceDesk) => {
  desk.watch();
  route(deps, adminServiceApi.page, (input) => desk.page(input));
  route(deps, adminServiceApi.messages, (input) => desk.messages(input));
  route(deps, adminServiceApi.read, (input) => desk.read(input.sessionId));
  route(deps, adminServiceApi.send, (input, ctx) => desk.send(ctx.user.id, input));
};
