export { registerConsoleRoutes } from './routes.ts';
