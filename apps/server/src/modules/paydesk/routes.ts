import { merchantPayApi, payDeskApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { type MerchantAuthenticator, route } from '../../http/route.ts';
import { OutflowGuard, outflowPolicy } from '../outflow/index.ts';
import { PayDeskService } from './member.ts';
import { MerchantPayService } from './merchant.ts';

/** The pay desk (docs/design/paydesk.md): members' cashier calls and the merchants' signed checkout calls. */
export const registerPayDeskRoutes = (deps: AppDeps & { merchantAuth: MerchantAuthenticator }) => {
  const payDesk = new PayDeskService(
    deps.db,
    deps.clock,
    new OutflowGuard(outflowPolicy(deps.config), deps.clock),
    deps.realtime,
  );
  route(deps, payDeskApi.create, (input, ctx) => payDesk.create(ctx.user.id, input));
  route(deps, payDeskApi.pay, (input, ctx) => payDesk.pay(ctx.user.id, input));
  route(deps, payDeskApi.info, (input, ctx) => payDesk.info(ctx.user.id, input.orderNo, input.lang));
  route(deps, payDeskApi.page, (input, ctx) => payDesk.page(ctx.user.id, input));

  const merchant = new MerchantPayService(
    deps.db,
    deps.clock,
    deps.realtime,
    deps.config.PUBLIC_URL,
    deps.ports,
  );
  route(deps, merchantPayApi.create, (input, ctx) => merchant.create(ctx.merchantUserId, input));
  route(deps, merchantPayApi.info, (input, ctx) => merchant.info(ctx.merchantUserId, input));
  route(deps, merchantPayApi.refund, (input, ctx) => merchant.refund(ctx.merchantUserId, input));
};
