import { afterEach } from 'vitest';
import { cspViolations } from './harness.ts';

/** Every browser test runs under the server's real CSP: a violation during a test fails that test. */
afterEach(() => {
  const seen = cspViolations.splice(0);
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`);
});
