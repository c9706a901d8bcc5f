export { provideHistoryRefs, type RefDescriber, type RefView } from './history-refs.ts';
export { presentBalance } from './presenter.ts';
export { registerWalletRoutes } from './routes.ts';
