/** The tickets feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { ticketNotices } from './chat-kinds.ts';
export { ticketKeys } from './queries.ts';
