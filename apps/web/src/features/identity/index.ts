/** The identity feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { COUNTRIES, countryName } from './countries.ts';
export { identityKeys } from './keys.ts';
export { identityNotices } from './notices.ts';
export { useKycStatus, useKycSubmit } from './queries.ts';
export { startIdentityRealtime } from './realtime.ts';
