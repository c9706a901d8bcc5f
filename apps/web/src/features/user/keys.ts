/** Query keys of the user domain. */
export const userKeys = {
  all: ['user'] as const,
  person: () => [...userKeys.all, 'person'] as const,
  /** My sessions and sign-ins (loginActivity). */
  loginActivity: () => [...userKeys.all, 'login-activity'] as const,
  /** Whether an invite code exists and whose it is (checkShareCode). */
  shareCode: (code: string) => [...userKeys.all, 'share-code', code] as const,
  /** My second factors (securityApi.status). */
  security: () => [...userKeys.all, 'security'] as const,
};
