/** The tickets feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { ticketNotices } from './chat-kinds.ts';
export { typeLabel } from './kinds.ts';
export { ticketKeys, useTicketTypes } from './queries.ts';
