export { registerHealthRoutes, registerTestClockRoutes } from './routes.ts';
