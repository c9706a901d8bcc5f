import { describe, expect, it } from 'vitest';
import { findCitations } from '../../scripts/check-comments.ts';

const linesOf = (fileName: string, text: string) => findCitations(fileName, text).map((hit) => hit.line);

describe('comment citations checker', () => {
  it.each([
    ['an issue number in a line comment', '// The buyer is reminded early (issue 15).\nconst a = 1;\n'],
    ['several issue numbers', '/** Grants and names (issues 16 and 18). */\nexport const b = 2;\n'],
    ['an issue with a hash', 'const c = 3; // see issue #42\n'],
    ['the hash-first form', '/* #42 issue: the old form */\nconst d = 4;\n'],
    ['a section of the outside specification', '/**\n * Order states (SPEC §4).\n */\nexport const e = 5;\n'],
    ['the specification by name', "// SPEC's name for putting an ad up again\nconst f = 6;\n"],
    ['the outside specification file', '// See SPEC.md for the rules.\nconst g = 7;\n'],
    ['the outside design notes', '// As DESIGN.md §5 says.\nconst h = 8;\n'],
    [
      'a section of the outside design notes',
      '/** Catch-up after a reconnect (DESIGN §5). */\nconst h2 = 8;\n',
    ],
    ['the outside style guide', '// STYLE.md: small files.\nconst i = 9;\n'],
    ['the outside gotchas', '// PGlite runs one transaction at a time (GOTCHAS.md).\nconst j = 10;\n'],
    ['a path outside the repository', '// Read ../shared/notes.md first.\nconst k = 11;\n'],
  ])('finds %s', (_, source) => {
    const hits = findCitations('fixture.ts', source);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.text).toMatch(/issue|SPEC|DESIGN|\.md|shared/);
  });

  it('gives the line of the hit inside a long comment', () => {
    expect(
      linesOf('fixture.ts', 'const a = 1;\n/**\n * First line.\n * Second line (issue 7).\n */\n'),
    ).toEqual([4]);
  });

  it('passes a clean file that cites docs/ or says the reason', () => {
    const source = [
      '/** Order states and who may act in each: docs/product.md#orders. */',
      'export const states = 1;',
      '// Locks the account rows in id order so two transfers cannot deadlock (docs/design/ledger.md).',
      'export const lock = 2;',
      '',
    ].join('\n');
    expect(findCitations('fixture.ts', source)).toEqual([]);
  });

  it('passes strings, templates and JSX text that mention the forbidden forms', () => {
    const source = [
      "const label = 'SPEC §4 and issue 12 are words in a string';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is source text holding a template.
      'const template = `see SPEC.md and issue ${label} // not a comment`;',
      "const url = 'http://example.com/a//b/* no comment */';",
      'export const View = () => <p title="issue 3">{label}SPEC text</p>;',
      '',
    ].join('\n');
    expect(findCitations('fixture.tsx', source)).toEqual([]);
  });

  it('finds comments inside JSX and after the last statement', () => {
    const source = [
      'export const View = () => (',
      '  <div>',
      '    {/* SPEC §2 */}',
      '  </div>',
      ');',
      '// issue 9',
      '',
    ];
    expect(linesOf('fixture.tsx', source.join('\n'))).toEqual([3, 6]);
  });

  it('reads test titles as documentation', () => {
    const source =
      "describe('wallet history (issue 17)', () => {\n  it.each([1])('case %s (SPEC §4)', () => {});\n});\n";
    expect(linesOf('fixture.test.ts', source)).toEqual([1, 2]);
    expect(findCitations('fixture.test.ts', "expect(name).toBe('issue 17');\n")).toEqual([]);
  });

  it('reads the comments of a style sheet, not its strings', () => {
    expect(linesOf('fixture.css', '/* Page scale (SPEC §2) */\n.a { content: "issue 5"; }\n')).toEqual([1]);
    expect(findCitations('fixture.css', '/* Page scale: docs/product.md#appearance */\n.a {}\n')).toEqual([]);
  });

  it('reads Markdown whole', () => {
    expect(linesOf('doc.md', '# Market\n\nAs issue 18 asked.\n\nSee DESIGN.md.\n')).toEqual([3, 5]);
    expect(findCitations('doc.md', '# Market\n\nThe rules are in docs/product.md#orders.\n')).toEqual([]);
  });
});
