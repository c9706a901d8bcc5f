export { registerPayDeskRoutes } from './routes.ts';
export { payOrders, payRefunds } from './tables.ts';
