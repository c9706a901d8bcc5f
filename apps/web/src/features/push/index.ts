/** The push feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { disablePush, enablePush, syncPush } from './push.ts';
export { listenForPushTaps } from './taps.ts';
