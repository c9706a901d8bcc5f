export { registerMomentsRoutes } from './routes.ts';
export { momentTicketTarget } from './ticket-target.ts';
