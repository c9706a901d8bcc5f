export { registerAdminUserRoutes } from './admin-routes.ts';
export { hasSecondFactor, requireStepUp, staffFactorGate } from './factors/service.ts';
export { passwordProblem } from './password-policy.ts';
export { registerUserRoutes } from './routes.ts';
export { refuseDefaultAdmin, resetPassword, StartupRefused, seedAdmin } from './seed.ts';
export {
  createUser,
  credentialsChangedAt,
  endUserSessions,
  grantRole,
  type PinState,
  pinStateColumns,
  revokeRole,
  verifyPin,
} from './service.ts';
export { assertNotFrozen, presentMember, type SessionDeps } from './staff.ts';
export { assertIndependentChecker } from './staff-requests.ts';
export { refreshTokens, staffRequests, users } from './tables.ts';
export { TokenService } from './tokens.ts';
