export { presentBalance } from './presenter.ts';
export { registerWalletRoutes } from './routes.ts';
