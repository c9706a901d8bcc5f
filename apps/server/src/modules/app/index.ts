export { registerAppRoutes } from './routes.ts';
export { seedApp } from './seed.ts';
export { appGoods, appTickets } from './tables.ts';
