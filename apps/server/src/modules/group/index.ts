// The group module's front door (CONTRIBUTING.md, "Modules").
export { groupOfSession, memberCount } from './queries.ts';
export { registerGroupRoutes } from './routes.ts';
