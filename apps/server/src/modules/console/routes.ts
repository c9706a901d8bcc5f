import { adminMemberApi, consoleApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import type { ChainRuntime } from '../chain/index.ts';
import { menuFor } from './menu.ts';
import { ConsoleService } from './service.ts';

/** The operator console's own calls; the queues it shows are the other modules' admin calls. */
export const registerConsoleRoutes = (deps: AppDeps, chain: ChainRuntime) => {
  const service = new ConsoleService(deps.db, deps.clock, chain);
  route(deps, consoleApi.menu, (_input, ctx) => menuFor(ctx.user));
  route(deps, consoleApi.badges, (_input, ctx) => service.badges(ctx.user));
  route(deps, consoleApi.dashboard, () => service.dashboard());
  route(deps, consoleApi.auditPage, (input) => service.auditPage(input));
  route(deps, adminMemberApi.info, (input) => service.member(input.id));
  route(deps, adminMemberApi.ledger, (input) => service.memberLedger(input));
  route(deps, adminMemberApi.orders, (input) => service.memberOrders(input));
  route(deps, adminMemberApi.sessions, (input) => service.memberSessions(input.id));
};
