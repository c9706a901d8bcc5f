import {
  adminAdjustApi,
  adminWalletApi,
  chatTransferApi,
  mccApi,
  parseUsdt,
  redPacketApi,
  walletApi,
} from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import type { NetworkConfig } from '../chain/index.ts';
import { OutflowGuard, outflowPolicy } from '../outflow/index.ts';
import { AdjustmentService } from './adjustments.ts';
import { ChatTransferService } from './chat-transfer.ts';
import { createGuest } from './guest.ts';
import { RED_PACKET_EXPIRY_JOB, sweepExpiredPackets } from './redpacket/expiry.ts';
import { RedPacketService } from './redpacket/service.ts';
import { WalletService } from './service.ts';

/** USDT wallet, MCC calls, the admin adjustment, chat transfers, red packets (docs/design/ledger.md). */
export const registerWalletRoutes = (deps: AppDeps, networks: readonly NetworkConfig[]) => {
  const outflows = new OutflowGuard(outflowPolicy(deps.config), deps.clock);
  const wallet = new WalletService(deps.db, networks, deps.realtime, deps.ports, outflows);
  route(deps, walletApi.balance, (_input, ctx) => wallet.balance(ctx.user.id));
  route(deps, walletApi.info, (_input, ctx) => wallet.info(ctx.user.id));
  route(deps, walletApi.page, (input, ctx) => wallet.page(ctx.user.id, input));
  route(deps, walletApi.detail, (input, ctx) => wallet.detail(ctx.user.id, input.id));
  route(deps, walletApi.count, (_input, ctx) => wallet.count(ctx.user.id));
  route(deps, walletApi.estimate, (input) => wallet.estimate(input.network, input.amount));
  route(deps, walletApi.transfer, (input, ctx) => wallet.transfer(ctx.user.id, input));

  route(deps, mccApi.verifyMccId, (input) => wallet.verifyMember(input.memberId));
  route(deps, mccApi.transfer, (input, ctx) => wallet.transfer(ctx.user.id, input));
  route(deps, mccApi.balance, (_input, ctx) => wallet.balance(ctx.user.id));
  route(deps, mccApi.createGuest, (input, ctx) => createGuest(deps.db, ctx.user, input.nickName));

  const adjustments = new AdjustmentService(
    deps.db,
    deps.clock,
    {
      approval: parseUsdt(String(deps.config.ADJUST_APPROVAL_CAP_USDT)),
      daily: parseUsdt(String(deps.config.ADJUST_DAILY_CAP_USDT)),
    },
    deps.realtime,
  );
  // Every staff money action reaches every console at once (docs/security.md, "Visibility").
  const moneyAction = <T>(answer: T) => {
    deps.realtime.emitToStaff('console', { kind: 'moneyAction' });
    return answer;
  };
  route(deps, adminWalletApi.adjust, async (input, ctx) =>
    moneyAction(await adjustments.adjust(ctx.user.id, input)),
  );
  route(deps, adminAdjustApi.page, (input) => adjustments.page(input));
  route(deps, adminAdjustApi.approve, async (input, ctx) =>
    moneyAction(await adjustments.decide(ctx.user.id, input.id, 'approve')),
  );
  route(deps, adminAdjustApi.reject, async (input, ctx) =>
    moneyAction(await adjustments.decide(ctx.user.id, input.id, 'reject', input.note)),
  );
  route(deps, adminAdjustApi.systemAccounts, () => adjustments.systemAccounts());

  const chatTransfer = new ChatTransferService(deps.db, deps.realtime, deps.ports, outflows);
  route(deps, chatTransferApi.send, (input, ctx) => chatTransfer.send(ctx.user.id, input));

  const packets = new RedPacketService(
    deps.db,
    deps.realtime,
    deps.config.RED_PACKET_TTL_SECONDS,
    deps.clock,
    deps.ports,
    outflows,
  );
  route(deps, redPacketApi.send, (input, ctx) => packets.send(ctx.user.id, input));
  route(deps, redPacketApi.claim, (input, ctx) => packets.claim(ctx.user.id, input.id));
  route(deps, redPacketApi.detail, (input, ctx) => packets.detail(ctx.user.id, input.id));
  deps.jobs.add({
    name: RED_PACKET_EXPIRY_JOB,
    run: () => sweepExpiredPackets(deps.db, deps.realtime, deps.clock),
  });
};
