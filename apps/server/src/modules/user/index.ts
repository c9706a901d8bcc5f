export { registerAdminUserRoutes } from './admin-routes.ts';
export { registerUserRoutes } from './routes.ts';
export { seedAdmin } from './seed.ts';
export { createUser, credentialsChangedAt, grantRole, verifyPin } from './service.ts';
export { users } from './tables.ts';
export { TokenService } from './tokens.ts';
