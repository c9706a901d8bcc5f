/** The app feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export type { UpdatePrompt, VersionCheck } from './update.ts';
export { checkForUpdate, updatePrompt, useAppUpdate } from './update.ts';
export { useLatestVersion, useVersionCheck, versionKeys } from './version.ts';
