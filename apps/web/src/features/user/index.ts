/** The user feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { userKeys } from './keys.ts';
export { logAppOpen } from './open-log.ts';
export {
  useChangePassword,
  useEndSession,
  useLoginActivity,
  useLoginByName,
  usePerson,
  useRegisterByName,
  useSetPayPassword,
  useSetUser,
  useShareCodeCheck,
} from './queries.ts';
export {
  type FactorAnswer,
  loginSecondFactor,
  loginWithPasskey,
  startStepUp,
  stepUpWith,
  usePasskeyAdd,
  usePasskeyRemove,
  usePasskeyRename,
  useRecoveryRegenerate,
  useSecurityStatus,
  useTotpConfirm,
  useTotpDisable,
  useTotpStart,
} from './security.ts';
