/** The base feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Layout). */

export { baseKeys, useParam } from './queries.ts';
