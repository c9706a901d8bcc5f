// The group module's front door (CONTRIBUTING.md, "Modules").
export { groupChatPort } from './chat-port.ts';
export { groupOfSession, memberCount } from './queries.ts';
export { registerGroupRoutes } from './routes.ts';
export { groupTicketTarget } from './ticket-target.ts';
