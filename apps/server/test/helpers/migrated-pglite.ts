import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/connection.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** A hash of the shipped migrations: what is built from them is named after it and rebuilt when they change. */
export const migrationsHash = () => {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 12);
};

/**
 * A PGlite data directory with every migration applied, built once per set of migrations (in the system's
 * temporary directory, reused by later runs) and copied into a server process's fresh DATA_DIR: a PGlite server
 * process then starts without running the migrations from scratch (about a third of its start on a loaded
 * machine). The server still runs its migrations at start; they find nothing to do.
 */
export const seedMigratedPglite = async (dataDir: string) => {
  const target = path.join(dataDir, 'pglite');
  if (fs.existsSync(target)) return;
  const built = path.join(os.tmpdir(), `chatpay-pglite-dir-${migrationsHash()}`);
  if (!fs.existsSync(built)) {
    // Built aside and renamed: a process building at the same time never copies half a directory.
    const partial = `${built}.${process.pid}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    const database = await openDatabase({ dataDir: partial });
    await database.close();
    try {
      fs.renameSync(path.join(partial, 'pglite'), built);
    } catch (error) {
      if (!fs.existsSync(built)) throw error;
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(built, target, { recursive: true });
};
