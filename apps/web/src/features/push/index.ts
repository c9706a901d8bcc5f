/** The push feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { disablePush, enablePush, syncPush } from './push.ts';
export { pushKeys, usePushState } from './queries.ts';
export type { PushFacts, PushOutcome, PushView } from './state.ts';
export { canFix, pushView } from './state.ts';
export { listenForPushTaps } from './taps.ts';
