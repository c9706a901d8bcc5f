import { addressBookApi, adminChainApi, walletApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { OutflowGuard, outflowPolicy } from '../outflow/index.ts';
import { requireStepUp } from '../user/index.ts';
import { AddressBookService } from './address-book.ts';
import { broadcastWithdrawals } from './broadcaster.ts';
import type { ChainRuntime } from './runtime.ts';
import { ChainService } from './service.ts';
import { watchDeposits } from './watcher.ts';

/** Job names: one watcher and one broadcaster per enabled network. */
export const watchJob = (network: string) => `chain-watch-${network}`;
export const broadcastJob = (network: string) => `chain-broadcast-${network}`;

/** Advisory lock ids of the jobs (any fixed numbers, distinct from the start-up locks). */
export const LOCKS: Record<string, number> = {
  'chain-watch-TRC20': 72_173_101,
  'chain-watch-ERC20': 72_173_102,
  'chain-watch-BEP20': 72_173_103,
  'chain-broadcast-TRC20': 72_173_111,
  'chain-broadcast-ERC20': 72_173_112,
  'chain-broadcast-BEP20': 72_173_113,
};

/** Deposit addresses, withdrawals, records, support review, faucet; the chain jobs (docs/design/chain.md). */
export const registerChainRoutes = (
  deps: AppDeps & { withLock: <T>(key: number, work: () => Promise<T>) => Promise<T | null> },
  chain: ChainRuntime,
) => {
  const book = new AddressBookService(
    deps.db,
    chain,
    deps.clock,
    deps.realtime,
    deps.ports,
    deps.config.WITHDRAWAL_ADDRESS_DELAY_HOURS,
  );
  const service = new ChainService(
    deps.db,
    deps.realtime,
    chain,
    deps.config.NODE_ENV === 'production',
    deps.clock,
    { newAccountDays: deps.config.WITHDRAWAL_NEW_ACCOUNT_DAYS },
    new OutflowGuard(outflowPolicy(deps.config), deps.clock),
    book,
  );
  route(deps, addressBookApi.list, (_input, ctx) => book.list(ctx.user.id));
  route(deps, addressBookApi.add, async ({ stepUp, ...input }, ctx) => {
    await requireStepUp(deps, ctx.user, stepUp);
    return book.add(ctx.user.id, input);
  });
  route(deps, addressBookApi.label, (input, ctx) => book.label(ctx.user.id, input));
  route(deps, addressBookApi.remove, (input, ctx) => book.remove(ctx.user.id, input.id));
  route(deps, addressBookApi.allowlist, (input, ctx) => book.setAllowlist(ctx.user.id, input.enabled));
  route(deps, walletApi.address, (input, ctx) => service.address(ctx.user.id, input.network));
  route(deps, walletApi.withdrawal, async (input, ctx) => {
    await requireStepUp(deps, ctx.user, input.stepUp);
    const requested = await service.withdrawal(ctx.user.id, input);
    if (requested.status === 'reviewing') deps.realtime.emitToStaff('console', { kind: 'withdrawal' });
    return requested;
  });
  route(deps, walletApi.records, (input, ctx) => service.records(ctx.user.id, input));
  route(deps, adminChainApi.withdrawalPage, (input) => service.adminPage(input));
  // A decided withdrawal leaves the review queue, and is a staff money action (docs/security.md,
  // "Visibility"): every staff console's badges follow.
  route(deps, adminChainApi.approve, async (input, ctx) => {
    const reviewed = await service.review(ctx.user.id, input.id, 'approve');
    deps.realtime.emitToStaff('console', { kind: 'withdrawal' });
    deps.realtime.emitToStaff('console', { kind: 'moneyAction' });
    return reviewed;
  });
  route(deps, adminChainApi.reject, async (input, ctx) => {
    const reviewed = await service.review(ctx.user.id, input.id, 'reject', input.reason);
    deps.realtime.emitToStaff('console', { kind: 'withdrawal' });
    deps.realtime.emitToStaff('console', { kind: 'moneyAction' });
    return reviewed;
  });
  route(deps, adminChainApi.faucetNetworks, async () => service.faucetNetworks());
  route(deps, adminChainApi.faucet, (input) => service.faucet(input));

  const log = deps.app.log;
  const intervalMs = deps.config.CHAIN_POLL_SECONDS * 1000;
  for (const config of chain.networks) {
    const adapter = chain.adapter(config.network);
    if (!config.enabled || !adapter || !chain.hd) continue;
    const hd = chain.hd;
    const watch = watchJob(config.network);
    const send = broadcastJob(config.network);
    deps.jobs.add({
      name: watch,
      intervalMs,
      run: async () =>
        (await deps.withLock(LOCKS[watch]!, () =>
          watchDeposits({ db: deps.db, realtime: deps.realtime, log }, config, adapter),
        )) ?? 0,
    });
    deps.jobs.add({
      name: send,
      intervalMs,
      run: async () =>
        (await deps.withLock(LOCKS[send]!, () =>
          broadcastWithdrawals({ db: deps.db, realtime: deps.realtime, log }, config, adapter, hd),
        )) ?? 0,
    });
  }
};
