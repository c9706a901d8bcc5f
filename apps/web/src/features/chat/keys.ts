/** Query keys of the chat domain. */
export const chatKeys = {
  all: ['chat'] as const,
  sessions: () => [...chatKeys.all, 'sessions'] as const,
  session: (id: number) => [...chatKeys.all, 'session', id] as const,
  friends: () => [...chatKeys.all, 'friends'] as const,
  requestCount: () => [...chatKeys.all, 'requestCount'] as const,
  requests: () => [...chatKeys.all, 'requests'] as const,
  users: () => [...chatKeys.all, 'user'] as const,
  user: (key: string) => [...chatKeys.users(), key] as const,
  blocked: () => [...chatKeys.all, 'blocked'] as const,
  search: (keyword: string) => [...chatKeys.all, 'search', keyword] as const,
  /** Search: my friends and chats by name. */
  nameSearch: (keyword: string) => [...chatKeys.all, 'nameSearch', keyword] as const,
  /** Search: messages by text, in all my chats (sessionId 0) or one. */
  messageSearch: (keyword: string, sessionId: number) =>
    [...chatKeys.all, 'messageSearch', sessionId, keyword] as const,
  autoReply: () => [...chatKeys.all, 'autoReply'] as const,
};
