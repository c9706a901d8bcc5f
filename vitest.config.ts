import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit and integration suites. The server's integration tests run on PGlite always, and again on PostgreSQL
 * (with Redis) when TEST_DATABASE_URL is set, as `.ci/run` does.
 */
const serverProject = (
  name: string,
  env: Record<string, string>,
  files: { include?: string[]; exclude?: string[]; groupOrder?: number } = {},
) => ({
  test: {
    name,
    root: 'apps/server',
    include: files.include ?? ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
    environment: 'node',
    env,
    globalSetup: ['test/global-setup.ts'],
    // Test files of a worker share loaded modules (importing the server is ~5 s a file, 190 files): every
    // file builds its own app on its own database, and the server keeps no state at module level that one
    // app could leak into another (caches are keyed by random upload keys or bound to salted PIN hashes).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { groupOrder: files.groupOrder ?? 0 },
  },
});

/**
 * The 1,000-message soak on PGlite runs alone after everything else: it is 1,200 sequential round trips in
 * one process (35 s on an idle machine), and sharing two cores with two other files made it take over 300 s.
 */
const SOAK = ['test/chat/reliability.test.ts'];

export default defineConfig({
  test: {
    // Two cores: the default (one worker) leaves the second core and the database's waits idle. Three test
    // files at a time measured 1.3x faster on PGlite and 1.5x on PostgreSQL than one (CONTRIBUTING.md, CI).
    maxWorkers: 3,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server-pglite', { TEST_ENGINE: 'pglite' }, { exclude: SOAK }),
      serverProject('server-pglite-soak', { TEST_ENGINE: 'pglite' }, { include: SOAK, groupOrder: 1 }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { TEST_ENGINE: 'postgres' })] : []),
    ],
  },
});
