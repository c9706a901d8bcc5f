export { registerMomentsRoutes } from './routes.ts';
