import { afterEach } from 'vitest';
import { pageFindings } from './axe.ts';

/** Every page a browser test photographs is checked by axe (`checkPage`); a critical or serious finding fails that test. */
afterEach(() => {
  const seen = pageFindings.splice(0);
  if (seen.length > 0) throw new Error(`axe found critical or serious problems:\n${seen.join('\n')}`);
});
