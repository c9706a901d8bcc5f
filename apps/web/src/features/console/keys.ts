/** Query keys of the operator console; `all` is invalidated when a live console event arrives. */
export const consoleKeys = {
  all: ['console'] as const,
  menu: () => [...consoleKeys.all, 'menu'] as const,
  dashboard: () => [...consoleKeys.all, 'dashboard'] as const,
  members: (input: object) => [...consoleKeys.all, 'members', input] as const,
  merchants: (input: object) => [...consoleKeys.all, 'merchants', input] as const,
  withdrawals: (input: object) => [...consoleKeys.all, 'withdrawals', input] as const,
  staff: (input: object) => [...consoleKeys.all, 'staff', input] as const,
  appeals: (input: object) => [...consoleKeys.all, 'appeals', input] as const,
  adjustments: (input: object) => [...consoleKeys.all, 'adjustments', input] as const,
  complaints: (input: object) => [...consoleKeys.all, 'complaints', input] as const,
  feedback: (input: object) => [...consoleKeys.all, 'feedback', input] as const,
  audit: (input: object) => [...consoleKeys.all, 'audit', input] as const,
  member: (id: number) => [...consoleKeys.all, 'member', id] as const,
  books: () => [...consoleKeys.all, 'books'] as const,
  roles: () => [...consoleKeys.all, 'roles'] as const,
};
