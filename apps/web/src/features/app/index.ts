/** The app feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { useLatestVersion, useVersionCheck, versionKeys } from './version.ts';
