import { describe, expect, it } from 'vitest';
import { tooNewFor } from '../../scripts/check-engines.ts';

const lock = (packages: Record<string, { version?: string; engines?: { node?: string } }>) => ({
  packages: { '': { version: '0.1.0', engines: { node: '>=20.19.0' } }, ...packages },
});

describe('engines checker', () => {
  it('names a package that asks for a newer Node than the oldest promised', () => {
    const found = tooNewFor(
      '>=20.19.0',
      lock({
        'node_modules/a/node_modules/content-disposition': { version: '3.0.0', engines: { node: '>=22' } },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      }),
    );
    expect(found).toEqual([
      'content-disposition@3.0.0 needs Node >=22 (node_modules/a/node_modules/content-disposition)',
      'cookie@2.0.2 needs Node >=22 (node_modules/cookie)',
    ]);
  });

  it('accepts ranges that admit the oldest promised Node, and packages that name none', () => {
    const found = tooNewFor(
      '>=20.19.0',
      lock({
        'node_modules/vite': { version: '8.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/old': { version: '1.0.0', engines: { node: '>=14' } },
        'node_modules/plain': { version: '1.0.0' },
      }),
    );
    expect(found).toEqual([]);
  });

  it('a promise of "20" is too loose for a package that needs 20.19', () => {
    expect(
      tooNewFor('>=20', lock({ 'node_modules/vite': { version: '8', engines: { node: '^20.19.0' } } })),
    ).toHaveLength(1);
  });
});
