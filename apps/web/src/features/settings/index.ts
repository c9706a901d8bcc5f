/** The settings feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { clearCache } from './cache.ts';
export { notifyAllowed, orderSoundAllowed, soundAllowed, usePrefs } from './prefs.ts';
export { useLocale } from './useLocale.ts';
