import fs from 'node:fs';
import path from 'node:path';
import type { DataCounts } from './counts.ts';

/** Secrets the server keeps under DATA_DIR when they are not set in the environment (lib/secrets.ts, chain, push). */
export const SECRET_FILES = ['jwt-secret', 'pin-pepper', 'chain-seed.txt', 'vapid.json'] as const;
/** The same secrets when the environment sets them: the backup cannot copy them, the operator keeps them. */
export const SECRET_SETTINGS = [
  'JWT_SECRET',
  'PIN_PEPPER',
  'C2C_SECRET',
  'C2C_SECRET_PREVIOUS',
  'CHAIN_SEED',
  'VAPID_PRIVATE_KEY',
  'VAPID_PUBLIC_KEY',
] as const;

export const PG_ARCHIVE = 'database.pgdump';
export const PGLITE_ARCHIVE = 'pglite.tar.gz';
export const MANIFEST = 'manifest.json';

/** What `npm run backup` writes beside the data, and `npm run restore` reads (docs/operations.md). */
export interface Manifest {
  format: 1;
  createdAt: string;
  engine: 'postgres' | 'pglite';
  archive: string;
  counts: DataCounts;
  uploads: { mode: 'local' | 's3'; files: number };
  /** Files copied to `secrets/`. */
  secretFiles: string[];
  /** Secrets set in the environment of the backup run: not in the backup. */
  secretSettings: string[];
}

export const readManifest = (dir: string): Manifest =>
  JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;

/** Files under `dir`, recursively (0 when it does not exist). */
export const countFiles = (dir: string): number => {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n++;
  return n;
};
