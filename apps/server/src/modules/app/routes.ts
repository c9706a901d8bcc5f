import {
  adminComplainApi,
  adminFeedbackApi,
  adminVersionApi,
  appComplainApi,
  appFeedbackApi,
  appGoodsApi,
  appVersionApi,
  type TicketKind,
} from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { recordAudit } from '../audit/index.ts';
import { listGoods } from './goods.ts';
import { TicketService } from './tickets.ts';
import { checkVersion, publishVersion } from './versions.ts';

/** The app area: complaints, feedback, version check, goods (SPEC §7 app) and their support calls. */
export const registerAppRoutes = (deps: AppDeps) => {
  const tickets = new TicketService(deps.db, deps.config, deps.realtime);
  const pairs: [TicketKind, typeof appComplainApi | typeof appFeedbackApi, typeof adminComplainApi][] = [
    ['complain', appComplainApi, adminComplainApi],
    ['feedback', appFeedbackApi, adminFeedbackApi],
  ];
  for (const [kind, api, admin] of pairs) {
    route(deps, api.submit, async (input, ctx) => {
      const submitted = await tickets.submit(kind, ctx.user.id, input);
      deps.realtime.emitToStaff('console', { kind });
      return submitted;
    });
    route(deps, api.page, (input, ctx) => tickets.page(kind, ctx.user.id, input));
    route(deps, api.info, (input, ctx) => tickets.info(kind, ctx.user.id, input.id));
    route(deps, admin.page, (input) => tickets.page(kind, input.userId ?? null, input));
    route(deps, admin.reply, async (input, ctx) => {
      const replied = await tickets.reply(kind, ctx.user.id, input);
      deps.realtime.emitToStaff('console', { kind });
      return replied;
    });
  }
  route(deps, appVersionApi.check, (input) => checkVersion(deps.db, input));
  route(deps, adminVersionApi.publish, (input, ctx) =>
    deps.db.transaction(async (tx) => {
      const published = await publishVersion(tx, input);
      await recordAudit(tx, {
        actorId: ctx.user.id,
        action: 'app:version:publish',
        reason: `${published.platform} ${published.version} (${published.versionCode})${published.forced ? ' forced' : ''}`,
      });
      return published;
    }),
  );
  route(deps, appGoodsApi.list, () => listGoods(deps.db));
};
