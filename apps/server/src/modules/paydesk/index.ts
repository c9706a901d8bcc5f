export { describePayOrders } from './history.ts';
export { registerPayDeskRoutes } from './routes.ts';
export { payOrders, payRefunds } from './tables.ts';
