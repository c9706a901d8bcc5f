export type { ChainAdapter, OwnKey } from './adapter.ts';
export { HdWallet, loadSeed } from './hd.ts';
export { depositAddressesOf } from './own-addresses.ts';
export { broadcastJob, LOCKS, registerChainRoutes } from './routes.ts';
export { type ChainRuntime, startChain } from './runtime.ts';
export { findNetwork, formatPercent, type NetworkConfig, withdrawalFee } from './settings.ts';
export { chainStats } from './stats.ts';
export { sweepNetwork } from './sweep.ts';
export { chainDeposits, chainWithdrawals } from './tables.ts';
