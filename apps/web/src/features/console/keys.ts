/** Query keys of the operator console; `all` is invalidated when a live console event arrives. */
export const consoleKeys = {
  all: ['console'] as const,
  menu: () => [...consoleKeys.all, 'menu'] as const,
  dashboard: () => [...consoleKeys.all, 'dashboard'] as const,
  list: (name: string, input: object) => [...consoleKeys.all, 'list', name, input] as const,
  member: (id: number) => [...consoleKeys.all, 'member', id] as const,
  books: () => [...consoleKeys.all, 'books'] as const,
  roles: () => [...consoleKeys.all, 'roles'] as const,
};
