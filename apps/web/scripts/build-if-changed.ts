/**
 * `npm start`'s web build, skipped when nothing it is built from changed since the last build: a fingerprint
 * of the inputs' paths and contents is kept beside the build (`dist/.build-inputs`), so a restart listens in
 * seconds instead of rebuilding every time. `--force` builds anyway.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
/** What the build reads: the web app, the shared contract it bundles, and the installed versions. */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'apps/web/scripts/precompress.mjs',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];
export const FINGERPRINT_FILE = '.build-inputs';

const filesUnder = (abs: string): string[] => {
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [abs];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(path.join(abs, entry.name)));
};

/** A hash of every input file's path (relative to `base`) and content. */
export const fingerprint = (base: string, inputs: readonly string[]) => {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(path.join(base, input))) {
      hash.update(path.relative(base, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
};

/** Whether `distDir` holds a build made from exactly these inputs. */
export const isCurrent = (distDir: string, print: string) => {
  const file = path.join(distDir, FINGERPRINT_FILE);
  return (
    fs.existsSync(path.join(distDir, 'index.html')) &&
    fs.existsSync(file) &&
    fs.readFileSync(file, 'utf8').trim() === print
  );
};

const main = () => {
  const dist = path.join(root, 'apps/web/dist');
  const print = fingerprint(root, BUILD_INPUTS);
  if (!process.argv.includes('--force') && isCurrent(dist, print)) {
    console.log('web app: up to date with its sources, not rebuilt (npm run build:web rebuilds)');
    return;
  }
  execFileSync('npm', ['run', 'build', '-w', '@chatpay/web'], { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(path.join(dist, FINGERPRINT_FILE), `${print}\n`);
};

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
