export { goodsTextsOf } from './goods.ts';
export { depositHolders, type GoodsGrantRow, grantGoods, grantsOfOrders } from './grants.ts';
export { registerAppRoutes } from './routes.ts';
export { seedApp } from './seed.ts';
export { appGoods, appTickets } from './tables.ts';
