/** The user feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { InviterItem } from './InviterItem.tsx';
