/** The tickets feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { ticketKeys } from './queries.ts';
