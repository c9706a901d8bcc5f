import type { QueryKey } from '@tanstack/react-query';

const dependents: QueryKey[] = [];

/**
 * Another feature's data that changes with whom I block (the market hides a blocked trader's ads): read
 * again after a block or an unblock. Registered at start-up by `app/plugins.ts`.
 */
export const registerBlockDependent = (key: QueryKey) => {
  if (!dependents.some((k) => JSON.stringify(k) === JSON.stringify(key))) dependents.push(key);
};

export const blockDependents = (): readonly QueryKey[] => dependents;
