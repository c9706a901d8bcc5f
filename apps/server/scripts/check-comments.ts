/**
 * `npm run lint` runs this after Biome: the repository explains itself. A comment gives the reason or cites
 * a document in the repository (`docs/product.md#orders`, `docs/design/ledger.md`); it never cites an issue
 * number, which a reader of the code cannot open, nor a file outside the repository (the specification,
 * design or style notes the project started from). Code comments of `.ts`, `.tsx`, `.mjs` and `.css` files
 * are read with the TypeScript parser, so strings and UI text never count, except the titles of tests, which
 * are read as documentation. The repository's Markdown (`README.md`, `CONTRIBUTING.md`, `docs/`) is read whole.
 * Exit 1 prints one line per hit: file:line and the text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

export type Hit = { line: number; text: string; reason: string };

const rules: { pattern: RegExp; reason: string }[] = [
  { pattern: /\bissues?\s+#?\d+/i, reason: 'cites an issue number' },
  { pattern: /#\d+\s+issues?\b/i, reason: 'cites an issue number' },
  { pattern: /\b(?:SPEC|DESIGN|STYLE|GOTCHAS)\.md\b/i, reason: 'cites a file outside the repository' },
  { pattern: /\b(?:DESIGN|STYLE)\s*§/, reason: 'cites a file outside the repository' },
  { pattern: /(?:\.\.\/)+shared\/|\/work\/shared\b/, reason: 'cites a path outside the repository' },
  // The word in capitals names the specification the project started from, which lives outside the
  // repository; the repository's own account of the product is docs/product.md.
  { pattern: /\bSPEC\b/, reason: 'cites the specification outside the repository' },
];

const testTitleCallees = new Set(['describe', 'it', 'test', 'bench']);

const lineAt = (text: string, index: number) => {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

/** Applies `checks` to one piece of text that starts at `start` in the file, line by line. */
const scan = (
  fileText: string,
  start: number,
  piece: string,
  checks: { pattern: RegExp; reason: string }[],
  hits: Hit[],
) => {
  const firstLine = lineAt(fileText, start);
  piece.split('\n').forEach((text, i) => {
    for (const { pattern, reason } of checks) {
      if (pattern.test(text)) {
        hits.push({ line: firstLine + i, text: text.trim(), reason });
        return;
      }
    }
  });
};

/** The comments of a script (and the titles of its tests), as the parser sees them. */
const scriptPieces = (fileName: string, text: string) => {
  const kind = fileName.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : fileName.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const comments = new Map<number, number>();
  const titles: { pos: number; end: number }[] = [];
  const addComments = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) comments.set(range.pos, range.end);
  };
  const calleeName = (expression: ts.Expression): string | undefined => {
    if (ts.isIdentifier(expression)) return expression.text;
    if (ts.isPropertyAccessExpression(expression)) return calleeName(expression.expression);
    if (ts.isCallExpression(expression)) return calleeName(expression.expression);
    return undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && testTitleCallees.has(calleeName(node.expression) ?? '')) {
      const title = node.arguments[0];
      if (
        title &&
        (ts.isStringLiteral(title) ||
          ts.isNoSubstitutionTemplateLiteral(title) ||
          ts.isTemplateExpression(title))
      ) {
        titles.push({ pos: title.getStart(source), end: title.end });
      }
    }
    const children = node.getChildren(source);
    if (children.length === 0) {
      // A token: the trivia between its full start and its start holds the comments before it.
      if (node.kind !== ts.SyntaxKind.JsxText) {
        addComments(ts.getLeadingCommentRanges(text, node.pos));
        addComments(ts.getTrailingCommentRanges(text, node.end));
      }
      return;
    }
    for (const child of children) visit(child);
  };
  visit(source);
  addComments(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return {
    comments: [...comments].map(([pos, end]) => ({ pos, end })),
    titles,
  };
};

/** The comments of a style sheet: everything between `/*` and `*\/` outside strings. */
const cssComments = (text: string) => {
  const pieces: { pos: number; end: number }[] = [];
  for (const m of text.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\*[\s\S]*?\*\//g)) {
    if (m[0].startsWith('/*')) pieces.push({ pos: m.index, end: m.index + m[0].length });
  }
  return pieces;
};

/** Every citation in one file that a reader of the repository could not follow. */
export const findCitations = (fileName: string, text: string): Hit[] => {
  const hits: Hit[] = [];
  if (fileName.endsWith('.md')) {
    scan(text, 0, text, rules, hits);
    return hits;
  }
  if (fileName.endsWith('.css')) {
    for (const { pos, end } of cssComments(text)) scan(text, pos, text.slice(pos, end), rules, hits);
    return hits;
  }
  const { comments, titles } = scriptPieces(fileName, text);
  for (const { pos, end } of comments) scan(text, pos, text.slice(pos, end), rules, hits);
  // A test title is read as the test's documentation: it names the behaviour, not the issue that asked for it.
  for (const { pos, end } of titles) scan(text, pos, text.slice(pos, end), rules, hits);
  return hits.sort((a, b) => a.line - b.line);
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sourceDirs = ['apps', 'packages', 'e2e', 'bench', 'test-support'];
const sourceExtensions = ['.ts', '.tsx', '.mjs', '.css'];
const skippedDirs = new Set(['node_modules', 'dist', 'drizzle', 'artifacts', 'coverage']);

const filesUnder = (dir: string, accept: (name: string) => boolean): string[] => {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skippedDirs.has(entry.name) ? [] : filesUnder(full, accept);
    return accept(entry.name) ? [full] : [];
  });
};

export const filesToCheck = () => [
  ...sourceDirs.flatMap((dir) =>
    filesUnder(path.join(root, dir), (name) => sourceExtensions.some((ext) => name.endsWith(ext))),
  ),
  ...filesUnder(path.join(root, 'docs'), (name) => name.endsWith('.md')),
  path.join(root, 'README.md'),
  path.join(root, 'CONTRIBUTING.md'),
];

const main = () => {
  const files = filesToCheck();
  const lines: string[] = [];
  for (const file of files) {
    const rel = path.relative(root, file);
    for (const hit of findCitations(file, fs.readFileSync(file, 'utf8')))
      lines.push(`${rel}:${hit.line}: ${hit.text}`);
  }
  if (lines.length > 0) {
    for (const line of lines) console.log(line);
    console.error(
      `Comments: ${lines.length} citation(s) a reader cannot follow. Cite docs/ (docs/product.md#section, ` +
        'docs/design/*.md) or say the reason itself.',
    );
    process.exit(1);
  }
  console.error(`Comments: ${files.length} files, every citation points inside the repository.`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
