import { defineConfig } from 'vitest/config';

/**
 * Unit and integration suites. The server's integration tests run on PGlite always, and again on PostgreSQL
 * (with Redis) when TEST_DATABASE_URL is set, as `.ci/run` does.
 */
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: 'apps/server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two cores: the default (one worker) leaves the second core and the database's waits idle. Three test
    // files at a time measured 1.3x faster on PGlite and 1.5x on PostgreSQL than one (CONTRIBUTING.md, CI).
    maxWorkers: 3,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'] } },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server-pglite', { TEST_ENGINE: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { TEST_ENGINE: 'postgres' })] : []),
    ],
  },
});
