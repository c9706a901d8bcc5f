/** Query keys of identity verification (docs/design/identity.md). */
export const identityKeys = {
  all: ['identity'] as const,
  /** My level, its limits and my latest submission (kyc/status). */
  status: () => [...identityKeys.all, 'status'] as const,
};
