/** Query keys of the wallet domain. */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: () => [...walletKeys.all, 'balance'] as const,
  info: () => [...walletKeys.all, 'info'] as const,
  history: (type: 'all' | 'income' | 'expense') => [...walletKeys.all, 'history', type] as const,
  /** How many entries each history tab holds (walletApi.count). */
  count: () => [...walletKeys.all, 'count'] as const,
  /** One record of my history (walletApi.detail). */
  entry: (id: number) => [...walletKeys.all, 'entry', id] as const,
  member: (memberId: string) => [...walletKeys.all, 'member', memberId] as const,
};
