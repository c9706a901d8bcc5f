import { defineConfig } from 'vitest/config';

/** Browser tests: the built web app served by the real server, driven in headless Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
