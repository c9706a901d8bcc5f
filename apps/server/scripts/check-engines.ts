/**
 * `npm run lint` runs this: every package `npm ci` installs must accept the oldest Node.js the project
 * promises (the root `engines.node`, which the README states), or `npm ci` warns `EBADENGINE` and the
 * package may use what that Node lacks. It reads `package-lock.json`; exit 1 lists each package that asks
 * for a newer Node.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

/** The packages of `lock` whose `engines.node` refuses the oldest Node of `promised`. */
export const tooNewFor = (promised: string, lock: { packages: Record<string, LockEntry> }) => {
  const oldest = semver.minVersion(promised);
  if (!oldest) throw new Error(`engines.node "${promised}" names no version`);
  return Object.entries(lock.packages).flatMap(([where, entry]) => {
    const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!where || !wanted || semver.satisfies(oldest, wanted)) return [];
    return [`${where.replace(/^.*node_modules\//, '')}@${entry.version} needs Node ${wanted} (${where})`];
  });
};

const main = () => {
  const promised = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node;
  if (typeof promised !== 'string') {
    console.error('package.json names no engines.node');
    return 1;
  }
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const offences = tooNewFor(promised, lock);
  for (const line of offences) console.error(line);
  if (offences.length > 0) console.error(`${offences.length} package(s) refuse Node ${promised}`);
  return offences.length > 0 ? 1 : 0;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
