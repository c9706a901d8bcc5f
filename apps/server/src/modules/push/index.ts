// The push module's front door (CONTRIBUTING.md, "Modules"). Nothing imports push: it listens to realtime events.
export { registerPushRoutes } from './routes.ts';
export { PUSH_JOB, PUSH_MAX_ATTEMPTS, setPushAgent } from './send.ts';
export { pushJobs, pushSubscriptions } from './tables.ts';
