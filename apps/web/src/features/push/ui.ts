/** The push feature's second front door: its components and what shows something (CONTRIBUTING.md, Layout). */

export { PushOffer } from './PushOffer.tsx';
