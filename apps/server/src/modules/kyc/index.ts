export {
  assertLevel,
  assertLevelAtLeast,
  assertVerifiedHolder,
  levelOf,
  levelSql,
  sameName,
  type WithdrawalLimits,
  withdrawalLimits,
} from './levels.ts';
export { registerKycRoutes } from './routes.ts';
export { kycMembers, kycSubmissions } from './tables.ts';
