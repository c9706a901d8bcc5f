/** The paydesk feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { GrantedLine, GrantOffer, MyBadges } from './grants.tsx';
