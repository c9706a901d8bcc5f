import os from 'node:os';
import { z } from 'zod';

/** `WORKERS`: `auto` (one process per core) or a number of server processes (docs/design/processes.md). */
export const workersSetting = {
  WORKERS: z
    .string()
    .trim()
    .regex(/^(auto|[1-9]\d{0,2})$/, 'auto, or a number of server processes from 1 to 999')
    .default('1'),
};

/** What several processes need, read from the rest of the configuration. */
interface Needs {
  WORKERS: string;
  DATABASE_URL?: string | undefined;
  REDIS_URL?: string | undefined;
  TEST_CLOCK: boolean;
  CHAIN_DEV: 'auto' | 'on' | 'off';
}

export interface Workers {
  /** Server processes to run: 1 runs the server in this process, more fork them from a primary. */
  count: number;
  /** Why `auto` ran fewer than one per core, or what several processes turned off; logged at start-up. */
  note: string | null;
}

/**
 * Resolves `WORKERS`. Several processes need PostgreSQL (PGlite allows one process per data directory: a
 * second one loses writes) and Redis (the in-memory Socket.IO adapter and rate limits do not reach other
 * processes); the test clock and the embedded development chain live inside one process. An explicit number
 * above 1 without them is a configuration error (the operator asked for something that cannot work, and
 * silently running one process would hide it); `auto` means "as many as can work", so it falls back to 1
 * and says why.
 */
export const resolveWorkers = (
  config: Needs,
  cores = os.availableParallelism(),
): { workers: Workers; problems: string[] } => {
  const requested = config.WORKERS === 'auto' ? cores : Number(config.WORKERS);
  const blockers = [
    ...(config.DATABASE_URL ? [] : ['DATABASE_URL (PostgreSQL: PGlite allows one process)']),
    ...(config.REDIS_URL ? [] : ['REDIS_URL (the in-memory adapter does not reach other processes)']),
  ];
  const oneProcessOnly = [
    ...(config.TEST_CLOCK ? ['TEST_CLOCK (the test clock lives in one process)'] : []),
    ...(config.CHAIN_DEV === 'on' ? ['CHAIN_DEV=on (the development chain lives in one process)'] : []),
  ];
  if (requested <= 1) return { workers: { count: 1, note: null }, problems: [] };
  if (config.WORKERS === 'auto') {
    if (blockers.length > 0)
      return {
        workers: { count: 1, note: `WORKERS=auto runs one process: several need ${blockers.join(' and ')}` },
        problems: [],
      };
    if (oneProcessOnly.length > 0)
      return {
        workers: { count: 1, note: `WORKERS=auto runs one process because of ${oneProcessOnly.join(', ')}` },
        problems: [],
      };
  }
  const problems = [
    ...(blockers.length > 0
      ? [`WORKERS: ${requested} processes need ${blockers.join(' and ')}; unset WORKERS to run one`]
      : []),
    ...oneProcessOnly.map((what) => `WORKERS: ${requested} processes cannot run with ${what}`),
  ];
  return { workers: { count: requested, note: null }, problems };
};
