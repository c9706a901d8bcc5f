export { presentBalance } from './presenter.ts';
export { registerWalletRoutes } from './routes.ts';
export { walletAdjustRequests } from './tables.ts';
