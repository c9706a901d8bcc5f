export { guardApiDocs } from './docs-guard.ts';
export { trackEndpoints } from './eps.ts';
export { registerBaseRoutes } from './routes.ts';
export { seedBase } from './seed.ts';
