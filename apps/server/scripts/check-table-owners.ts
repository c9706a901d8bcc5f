/**
 * `npm run lint` runs this after Biome: a module's tables (declared in its `tables.ts`) are written only by
 * that module's own code. Others call its functions (CONTRIBUTING.md, "Modules"). It looks for Drizzle writes
 * (`.insert(table)`, `.update(table)`, `.delete(table)`) and raw SQL writes (`INSERT INTO`, `UPDATE`,
 * `DELETE FROM` a table's SQL name) in every server file outside the owner. Exit 1 lists each offence.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const modulesDir = path.join(src, 'modules');

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });

/** Table identifier and SQL name → owning module. */
const byIdentifier = new Map<string, string>();
const bySqlName = new Map<string, string>();
for (const module of fs.readdirSync(modulesDir)) {
  const tablesFile = path.join(modulesDir, module, 'tables.ts');
  if (!fs.existsSync(tablesFile)) continue;
  const text = fs.readFileSync(tablesFile, 'utf8');
  for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
    byIdentifier.set(m[1]!, module);
    bySqlName.set(m[2]!, module);
  }
}

/** The module a file belongs to, or null for the app's infrastructure (db, http, realtime, …). */
const moduleOf = (file: string) => {
  const rel = path.relative(modulesDir, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0]!;
};

const offences: string[] = [];
for (const file of filesUnder(src)) {
  if (path.basename(file) === 'tables.ts') continue;
  const owner = moduleOf(file);
  const text = fs.readFileSync(file, 'utf8');
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const report = (index: number, table: string, tableOwner: string) =>
    offences.push(
      `${path.relative(process.cwd(), file)}:${lineOf(index)}: writes ${table}, a table of the ${tableOwner} module` +
        (owner ? ` (this is the ${owner} module)` : ''),
    );
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const tableOwner = byIdentifier.get(m[1]!);
    if (tableOwner && tableOwner !== owner) report(m.index, m[1]!, tableOwner);
  }
  for (const m of text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?/gi)) {
    const tableOwner = bySqlName.get(m[1]!);
    if (tableOwner && tableOwner !== owner) report(m.index, m[1]!, tableOwner);
  }
}

if (offences.length > 0) {
  console.error(`Module boundaries: ${offences.length} write(s) to another module's tables:`);
  for (const line of offences) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`Module boundaries: ${byIdentifier.size} tables, each written only by its own module.`);
