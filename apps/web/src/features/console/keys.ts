/** Query keys of the operator console; `all` is invalidated when a live console event arrives. */
export const consoleKeys = {
  all: ['console'] as const,
  menu: () => [...consoleKeys.all, 'menu'] as const,
  dashboard: () => [...consoleKeys.all, 'dashboard'] as const,
  members: (input: object) => [...consoleKeys.all, 'members', input] as const,
  merchants: (input: object) => [...consoleKeys.all, 'merchants', input] as const,
  withdrawals: (input: object) => [...consoleKeys.all, 'withdrawals', input] as const,
  staff: (input: object) => [...consoleKeys.all, 'staff', input] as const,
  staffRequests: (scope: string, input: object) =>
    [...consoleKeys.all, 'staffRequests', scope, input] as const,
  appeals: (input: object) => [...consoleKeys.all, 'appeals', input] as const,
  adjustments: (input: object) => [...consoleKeys.all, 'adjustments', input] as const,
  complaints: (input: object) => [...consoleKeys.all, 'complaints', input] as const,
  feedback: (input: object) => [...consoleKeys.all, 'feedback', input] as const,
  audit: (input: object) => [...consoleKeys.all, 'audit', input] as const,
  member: (id: number) => [...consoleKeys.all, 'member', id] as const,
  resolveMember: (who: string) => [...consoleKeys.all, 'resolveMember', who] as const,
  memberLedger: (input: object) => [...consoleKeys.all, 'memberLedger', input] as const,
  memberOrders: (input: object) => [...consoleKeys.all, 'memberOrders', input] as const,
  memberSessions: (id: number) => [...consoleKeys.all, 'memberSessions', id] as const,
  books: () => [...consoleKeys.all, 'books'] as const,
  reserves: (input: object) => [...consoleKeys.all, 'reserves', input] as const,
  faucetNetworks: () => [...consoleKeys.all, 'faucetNetworks'] as const,
  roles: () => [...consoleKeys.all, 'roles'] as const,
  dictTypes: () => [...consoleKeys.all, 'dictTypes'] as const,
  dict: (input: object) => [...consoleKeys.all, 'dict', input] as const,
  documents: () => [...consoleKeys.all, 'documents'] as const,
  goods: (input: object) => [...consoleKeys.all, 'goods', input] as const,
  badges: () => [...consoleKeys.all, 'badges'] as const,
  traders: (input: object) => [...consoleKeys.all, 'traders', input] as const,
  service: (input: object) => [...consoleKeys.all, 'service', input] as const,
  serviceMessages: (sessionId: number) => [...consoleKeys.all, 'serviceMessages', sessionId] as const,
  identityQueue: (input: object) => [...consoleKeys.all, 'identityQueue', input] as const,
  /**
   * One identity submission: outside `all`, so a live console event does not read it again (every read is
   * audited, docs/design/identity.md).
   */
  identitySubmission: (id: number) => ['console-identity', id] as const,
};
