import { describe, expect, it } from 'vitest';
import { checkGraph, type Edge, importsOf, unitOf } from './check-feature-layers.ts';

const edge = (from: string, to: string, typeOnly = false): Edge => ({
  file: `apps/web/src/features/${from}/x.ts`,
  line: 1,
  specifier: `../${to}/y.ts`,
  from,
  to,
  typeOnly,
});

describe('the web layer check', () => {
  it('passes a graph that only points down', () => {
    const good = [
      edge('wallet', 'chat'),
      edge('redpacket', 'wallet'),
      edge('redpacket', 'chat'),
      edge('chat', 'user'),
      edge('chat', 'lib'),
      edge('app/', 'redpacket'),
      edge('pages', 'app/'),
    ];
    expect(checkGraph(good)).toEqual([]);
  });

  it('fails a cycle between features, type imports included, naming each import of it', () => {
    const offences = checkGraph([edge('wallet', 'chat'), edge('chat', 'wallet', true)]);
    expect(offences).toHaveLength(2);
    expect(offences.every((o) => o.includes('cycle between chat, wallet'))).toBe(true);
    expect(offences[0]).toContain('apps/web/src/features/wallet/x.ts:1');
  });

  it('fails a runtime import upward, and one across a layer, but not a type import upward', () => {
    const up = checkGraph([edge('chat', 'c2c')]);
    expect(up).toEqual([
      "apps/web/src/features/chat/x.ts:1: imports '../c2c/y.ts': chat may not import c2c at runtime, a layer above it",
    ]);
    expect(checkGraph([edge('lib', 'chat')])).toHaveLength(1);
    expect(checkGraph([edge('wallet', 'tickets')])[0]).toContain('a unit of its own layer');
    expect(checkGraph([edge('chat', 'c2c', true)])).toEqual([]);
  });

  it('reads static, dynamic and type imports, and tells type-only ones apart', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C, d } from './c.ts';",
      "import { type E } from './e.ts';",
      "export { f } from './f.ts';",
      "const g = () => import('./g.ts');",
      "type H = typeof import('./h.ts');",
      "import './i.css';",
    ].join('\n');
    expect(importsOf('x.ts', text).map((r) => [r.specifier, r.typeOnly])).toEqual([
      ['./a.ts', false],
      ['./b.ts', true],
      ['./c.ts', false],
      ['./e.ts', true],
      ['./f.ts', false],
      ['./g.ts', false],
      ['./h.ts', true],
      ['./i.css', false],
    ]);
  });

  it('names the unit of a path', () => {
    expect(unitOf('features/chat/components/MessageRow.tsx')).toBe('chat');
    expect(unitOf('app/routes.tsx')).toBe('app/');
    expect(unitOf('features/app/version.ts')).toBe('app');
    expect(unitOf('main.tsx')).toBe('app/');
    expect(unitOf('lib/socket.ts')).toBe('lib');
  });
});
