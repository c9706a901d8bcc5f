/** Query keys of the user domain. */
export const userKeys = {
  all: ['user'] as const,
  person: () => [...userKeys.all, 'person'] as const,
};
