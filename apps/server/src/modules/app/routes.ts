import {
  adminComplainApi,
  adminFeedbackApi,
  adminGoodsApi,
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
import { addGoods, type GoodsFields, listGoods, pageGoods, setGoodsActive, updateGoods } from './goods.ts';
import { memberGrantsOf } from './grants.ts';
import { TicketService } from './tickets.ts';
import { checkVersion, publishVersion, withdrawVersion } from './versions.ts';

/**
 * The app area: complaints, feedback, version check, goods and their support calls (docs/product.md#tickets).
 */
export const registerAppRoutes = (deps: AppDeps) => {
  const tickets = new TicketService(deps.db, deps.config, deps.realtime, deps.ports);
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
  route(deps, adminVersionApi.withdraw, (input, ctx) =>
    deps.db.transaction(async (tx) => {
      const withdrawn = await withdrawVersion(tx, input);
      await recordAudit(tx, {
        actorId: ctx.user.id,
        action: 'app:version:withdraw',
        reason: `${withdrawn.platform} ${withdrawn.version} (${withdrawn.versionCode})${withdrawn.forced ? ' forced' : ''}`,
      });
      return withdrawn;
    }),
  );
  route(deps, appGoodsApi.list, (input) => listGoods(deps.db, input.lang));
  route(deps, appGoodsApi.grants, (_input, ctx) => memberGrantsOf(deps.db, ctx.user.id, deps.clock.now()));
  registerGoodsAdminRoutes(deps);
};

/** What an audit row says of a good: its default name, price, grant and whether it is on sale. */
const describeGoods = (g: {
  id: number;
  name: string;
  price: string;
  active: boolean;
  grant: GoodsFields['grant'];
}) =>
  `#${g.id} ${g.name} ${g.price} USDT, grant ${g.grant.kind}${g.grant.kind === 'vip' ? ` ${g.grant.days}d` : ''}, ${g.active ? 'on sale' : 'off sale'}`;

/** The console's goods editor: admin only; every change audited in its transaction. */
const registerGoodsAdminRoutes = (deps: AppDeps) => {
  route(deps, adminGoodsApi.page, (input) => pageGoods(deps.db, input));
  route(deps, adminGoodsApi.add, (input, ctx) =>
    deps.db.transaction(async (tx) => {
      const added = await addGoods(tx, input);
      await recordAudit(tx, { actorId: ctx.user.id, action: 'app:goods:add', reason: describeGoods(added) });
      return added;
    }),
  );
  route(deps, adminGoodsApi.update, ({ id, ...fields }, ctx) =>
    deps.db.transaction(async (tx) => {
      const updated = await updateGoods(tx, id, fields);
      await recordAudit(tx, {
        actorId: ctx.user.id,
        action: 'app:goods:update',
        reason: describeGoods(updated),
      });
      return updated;
    }),
  );
  route(deps, adminGoodsApi.active, ({ id, active }, ctx) =>
    deps.db.transaction(async (tx) => {
      const changed = await setGoodsActive(tx, id, active);
      await recordAudit(tx, {
        actorId: ctx.user.id,
        action: 'app:goods:active',
        reason: describeGoods(changed),
      });
      return changed;
    }),
  );
};
