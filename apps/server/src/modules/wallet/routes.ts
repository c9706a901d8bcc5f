import { adminWalletApi, mccApi, walletApi } from '@chatpay/shared';
import type { AppDeps } from '../../app.ts';
import { route } from '../../http/route.ts';
import { createGuest } from './guest.ts';
import { WalletService } from './service.ts';

/** USDT wallet, MCC calls and the admin adjustment (docs/design/ledger.md). */
export const registerWalletRoutes = (deps: AppDeps) => {
  const wallet = new WalletService(deps.db);
  route(deps, walletApi.balance, (_input, ctx) => wallet.balance(ctx.user.id));
  route(deps, walletApi.info, (_input, ctx) => wallet.info(ctx.user.id));
  route(deps, walletApi.page, (input, ctx) => wallet.page(ctx.user.id, input));
  route(deps, walletApi.count, (_input, ctx) => wallet.count(ctx.user.id));
  route(deps, walletApi.estimate, (input) => wallet.estimate(input.network, input.amount));
  route(deps, walletApi.transfer, (input, ctx) => wallet.transfer(ctx.user.id, input));
  route(deps, walletApi.address, (input) => wallet.address(input.network));
  route(deps, walletApi.withdrawal, (input) => wallet.withdrawal(input.network));

  route(deps, mccApi.verifyMccId, (input) => wallet.verifyMember(input.memberId));
  route(deps, mccApi.transfer, (input, ctx) => wallet.transfer(ctx.user.id, input));
  route(deps, mccApi.balance, (_input, ctx) => wallet.balance(ctx.user.id));
  route(deps, mccApi.createGuest, (input, ctx) => createGuest(deps.db, ctx.user, input.nickName));

  route(deps, adminWalletApi.adjust, (input, ctx) => wallet.adjust(ctx.user.id, input));
};
