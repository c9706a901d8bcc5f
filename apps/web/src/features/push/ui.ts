/** The push feature's second front door: its components and what shows something (CONTRIBUTING.md, Web features). */

export { PushOffer } from './PushOffer.tsx';
export { PushStateItem } from './PushState.tsx';
