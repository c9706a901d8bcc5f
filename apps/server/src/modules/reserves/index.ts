export { POR_SNAPSHOT_JOB } from './job.ts';
export { porKeyFrom } from './keys.ts';
export { registerReservesRoutes } from './routes.ts';
export { latestSummary } from './service.ts';
