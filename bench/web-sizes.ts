/**
 * `npm run bench:web:sizes` — the production build's JS and CSS (gzip): what index.html loads before the first
 * paint (the first screen, whose target is ≤ 180 KB JS) and the whole of dist. `bench:web` reports the same
 * figures; this command needs only a build (BENCH_SKIP_BUILD=1 to use apps/web/dist as it is), no server.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.ts';

const gz = (file: string) => gzipSync(fs.readFileSync(file)).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** A module's static imports (`import … from "./x.js"`, `import "./x.js"`; not `import("./x.js")`). */
const staticImports = (code: string) =>
  [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);

/**
 * What index.html loads before anything else: its scripts and style sheets, and every module those scripts
 * import statically (the browser fetches them before the entry runs, preloaded or not).
 */
export const bundleSizes = (dist: string) => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const files = new Set(refs);
  for (const ref of files) {
    if (!ref.endsWith('.js')) continue;
    const dir = path.posix.dirname(ref);
    for (const dep of staticImports(fs.readFileSync(path.join(dist, ref), 'utf8')))
      files.add(path.posix.join(dir, dep));
  }
  const first = { js: 0, css: 0, files: [...files] };
  for (const ref of files) {
    const size = gz(path.join(dist, ref));
    if (ref.endsWith('.js')) first.js += size;
    else first.css += size;
  }
  const total = { js: 0, css: 0, files: 0 };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(js|css)$/.test(entry.name)) {
        total.files++;
        if (entry.name.endsWith('.js')) total.js += gz(full);
        else total.css += gz(full);
      }
    }
  };
  walk(dist);
  return {
    firstScreenGzipKB: { js: kb(first.js), css: kb(first.css), files: first.files },
    totalGzipKB: { js: kb(total.js), css: kb(total.css), files: total.files },
  };
};

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build:web', { cwd: root, stdio: 'inherit' });
  const sizes = bundleSizes(path.join(root, 'apps/web/dist'));
  console.log(JSON.stringify(sizes, null, 2));
  console.log(
    `first screen ${sizes.firstScreenGzipKB.js} KB JS (target ≤ 180) + ${sizes.firstScreenGzipKB.css} KB CSS gzip`,
  );
}
