/**
 * `npm run lint` runs this after the table-owner check: the web's imports follow its layer order
 * (CONTRIBUTING.md, "Web layers"). It reads every source file under `apps/web/src` (tests apart), maps each
 * relative import to the unit it lands in (a feature under `features/`, or `pages`, `app`, `components`,
 * `lib`) and fails, one line per offence naming the file and the import, on:
 * - a cycle between features (type-only imports count: a cycle of types is still a knot to untie);
 * - a runtime import upward in `LAYERS` (type-only imports may point anywhere: they vanish from the bundle);
 * - a runtime import between two units of one layer, unless `SAME_LAYER` lists it with its reason.
 * With `--graph` it first prints which unit imports which.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * The web's layers, top to bottom. A unit imports (at runtime) only units of lower layers. `pages/` and
 * `app/` are the shell above every feature; `components/` and `lib/` are the ground below them all.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['pages', 'app/'],
  ['console'],
  ['c2c', 'redpacket', 'chain', 'paydesk', 'reserves'],
  ['wallet', 'tickets', 'push'],
  ['moments', 'group'],
  ['chat'],
  ['user', 'settings', 'app', 'base', 'identity'],
  ['components'],
  ['lib'],
];

/** Runtime imports allowed inside one layer, each with the reason. */
export const SAME_LAYER: readonly { from: string; to: string; why: string }[] = [
  { from: 'app/', to: 'pages', why: 'the route table loads every page' },
  { from: 'pages', to: 'app/', why: 'the login and settings pages start and end the session' },
];

/** Units that are features: only cycles among these are reported (the shell and the ground have their own). */
const isFeature = (unit: string) => !['pages', 'app/', 'components', 'lib'].includes(unit);

export interface Edge {
  /** The importing file, relative to the repository root. */
  file: string;
  line: number;
  specifier: string;
  from: string;
  to: string;
  typeOnly: boolean;
}

export interface ImportRef {
  specifier: string;
  line: number;
  typeOnly: boolean;
}

/** Every module a file names: static imports and re-exports, `import()` calls and `import('…')` types. */
export const importsOf = (fileName: string, text: string): ImportRef[] => {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const refs: ImportRef[] = [];
  const add = (node: ts.Node, literal: ts.Expression | undefined, typeOnly: boolean) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    refs.push({ specifier: literal.text, line, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        Boolean(clause?.isTypeOnly) ||
        Boolean(
          clause &&
            !clause.name &&
            named &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly),
        );
      add(node, node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        Boolean(named && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly));
      add(node, node.moduleSpecifier, typeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0], false);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg)) add(node, arg.literal as ts.Expression, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return refs;
};

/** The unit a path under `src` belongs to; the entry (`main.tsx`) counts as the app shell. */
export const unitOf = (relToSrc: string): string | null => {
  const parts = relToSrc.split(/[\\/]/);
  if (parts.length === 1) return 'app/';
  const [top, name] = parts;
  if (top === 'features') return name ?? null;
  if (top === 'app') return 'app/';
  if (top === 'pages' || top === 'components' || top === 'lib') return top;
  return null;
};

const layerOf = (unit: string, layers: readonly (readonly string[])[]) =>
  layers.findIndex((layer) => layer.includes(unit));

const where = (e: Edge) => `${e.file}:${e.line}: imports '${e.specifier}'`;

/** Strongly connected groups of features (Tarjan), each of more than one feature. */
const featureCycles = (edges: readonly Edge[]) => {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.from === e.to || !isFeature(e.from) || !isFeature(e.to)) continue;
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from)!.add(e.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: Set<string>[] = [];
  let counter = 0;
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = new Set<string>();
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.add(w);
    } while (w !== v);
    if (group.size > 1) groups.push(group);
  };
  for (const v of next.keys()) if (!index.has(v)) connect(v);
  return groups;
};

/** The offences of a graph of imports, one line each. */
export const checkGraph = (
  edges: readonly Edge[],
  layers: readonly (readonly string[])[] = LAYERS,
  sameLayer: readonly { from: string; to: string }[] = SAME_LAYER,
): string[] => {
  const offences: string[] = [];
  for (const group of featureCycles(edges)) {
    const names = [...group].sort().join(', ');
    for (const e of edges)
      if (e.from !== e.to && group.has(e.from) && group.has(e.to))
        offences.push(`${where(e)}: ${e.from} → ${e.to} is part of a cycle between ${names}`);
  }
  for (const e of edges) {
    if (e.from === e.to || e.typeOnly) continue;
    const from = layerOf(e.from, layers);
    const to = layerOf(e.to, layers);
    if (from < 0 || to < 0) {
      offences.push(`${where(e)}: ${from < 0 ? e.from : e.to} has no place in the layer table`);
    } else if (to < from) {
      offences.push(`${where(e)}: ${e.from} may not import ${e.to} at runtime, a layer above it`);
    } else if (to === from && !sameLayer.some((s) => s.from === e.from && s.to === e.to)) {
      offences.push(`${where(e)}: ${e.from} may not import ${e.to} at runtime, a unit of its own layer`);
    }
  }
  return offences;
};

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The imports between units of the web app's source (test files apart: they may set up any feature). */
export const collectEdges = (src: string, root: string): Edge[] =>
  sourceFiles(src).flatMap((file) => {
    const from = unitOf(path.relative(src, file));
    if (!from) return [];
    return importsOf(file, fs.readFileSync(file, 'utf8')).flatMap((ref) => {
      if (!ref.specifier.startsWith('.')) return [];
      const target = path.relative(src, path.resolve(path.dirname(file), ref.specifier));
      const to = target.startsWith('..') ? null : unitOf(target);
      if (!to) return [];
      return [{ file: path.relative(root, file), ...ref, from, to }];
    });
  });

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const edges = collectEdges(path.join(web, 'src'), path.resolve(web, '../..'));
  if (process.argv.includes('--graph')) {
    // Which unit imports which (runtime; "type" where only types are imported), for a reader of the layout.
    const graph = new Map<string, Map<string, boolean>>();
    for (const e of edges) {
      if (e.from === e.to) continue;
      const targets = graph.get(e.from) ?? new Map<string, boolean>();
      targets.set(e.to, (targets.get(e.to) ?? true) && e.typeOnly);
      graph.set(e.from, targets);
    }
    for (const unit of LAYERS.flat()) {
      const targets = [...(graph.get(unit) ?? [])].map(([to, typeOnly]) => (typeOnly ? `${to} (type)` : to));
      console.log(`${unit} → ${targets.sort().join(', ') || '(nothing)'}`);
    }
  }
  const offences = checkGraph(edges);
  for (const line of offences) console.error(line);
  if (offences.length > 0) {
    console.error(`${offences.length} import(s) break the web's layer order (CONTRIBUTING.md, "Web layers")`);
    process.exit(1);
  }
}
