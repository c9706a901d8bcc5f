export { registerC2CRoutes } from './routes.ts';
