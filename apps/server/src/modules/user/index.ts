export { registerAdminUserRoutes } from './admin-routes.ts';
export { registerUserRoutes } from './routes.ts';
export { seedAdmin } from './seed.ts';
export { createUser, grantRole, revokeRole, verifyPin } from './service.ts';
export { assertNotFrozen, endUserSessions, presentMember, type SessionDeps } from './staff.ts';
export { refreshTokens, users } from './tables.ts';
export { TokenService } from './tokens.ts';
