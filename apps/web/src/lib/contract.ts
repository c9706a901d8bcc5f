/**
 * The shared contract (every call's zod schemas), loaded on first use. The first screen (the login page's
 * entry) names no endpoint: zod and the API modules stay out of it and load with the first call that needs
 * them. Code that already imports an endpoint passes it to `call` as usual; this is for the entry's modules.
 */
export const loadContract = () => import('./contract-module.ts');
