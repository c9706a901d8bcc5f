import { defineConfig } from 'vitest/config';

/** Unit tests of the web client's logic: plain Node, no DOM. */
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
  },
});
