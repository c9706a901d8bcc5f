export { describeOrders as describeC2COrders } from './history.ts';
export { merchantNames, merchantProfile, queueMerchantWebhook } from './merchant-port.ts';
export { registerC2CRoutes } from './routes.ts';
export { c2cMerchants, c2cOrders } from './tables.ts';
export { orderTicketTarget } from './ticket-target.ts';
export { tradePort } from './traded.ts';
