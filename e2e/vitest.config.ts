import { defineConfig } from 'vitest/config';

/** Browser tests: the built web app served by the real server, driven in headless Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    // Fail a test during which a page reported a Content-Security-Policy violation, or axe found a critical or
    // serious problem on a page it photographed.
    setupFiles: ['./csp-guard.ts', './axe-guard.ts'],
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // UI state is eventual: a message can wait seconds in the outbox (the server's send rate limit) or for a
    // reconnect on a loaded 2-core CI machine. Polls keep their exact expectations; they only get time.
    expect: { poll: { timeout: 15_000 } },
    // One retry on CI (Playwright's own default there is two): pwa.e2e.ts's reload after going back online
    // timed out once in three full runs on a loaded two-core machine. A retry reruns the whole test with
    // fresh members; the expectations are unchanged.
    retry: process.env.CI ? 1 : 0,
  },
});
