/**
 * `npm run restore -- <backup dir>`: restores a backup written by `npm run backup` into an EMPTY database
 * (DATABASE_URL) or an empty PGlite directory (DATA_DIR/pglite), then verifies the books and prints the counts
 * beside the backup's (docs/operations.md, "Restore"). Exit 0: restored and the books balance; 1: restored but
 * the books do not verify; 2: refused or failed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { formatUsdt, micro } from '@chatpay/shared';
import pg from 'pg';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { verifyLedger } from '../src/modules/ledger/index.ts';
import { countFiles, readManifest, SECRET_FILES } from '../src/ops/backup-files.ts';
import { countData, type DataCounts } from '../src/ops/counts.ts';

const HELP = `Usage: npm run restore -- <backup dir>

Restores into the database the server is configured for, which must be EMPTY:
  PostgreSQL (DATABASE_URL): a new database with no tables (createdb chatpay_restored)
  PGlite (no DATABASE_URL): DATA_DIR/pglite must not exist or be empty
Copies uploads to DATA_DIR/uploads, and the backup's secrets/ to DATA_DIR unless the environment sets them
(a different secret already in DATA_DIR is refused). Then runs the ledger check and prints counts.`;

class Refused extends Error {}

const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))));
  });

const postgresIsEmpty = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
         AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg_toast%'`,
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
};

const main = async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h') || !args[0]) {
    console.log(HELP);
    return args[0] ? 0 : 2;
  }
  const dir = path.resolve(args[0]);
  const manifest = readManifest(dir);
  const config = loadConfig();
  const engine = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.engine !== engine)
    throw new Refused(
      `the backup is of ${manifest.engine} and the target is ${engine}: ${
        engine === 'postgres' ? 'unset DATABASE_URL to restore into PGlite' : 'set DATABASE_URL'
      }`,
    );

  // Every refusal before anything is written.
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (config.DATABASE_URL) {
    if (!(await postgresIsEmpty(config.DATABASE_URL)))
      throw new Refused('the target database (DATABASE_URL) is not empty: restore into a new database');
  } else if (fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0) {
    throw new Refused(`${pgliteDir} is not empty: restore into a new DATA_DIR`);
  }
  const secretsDir = path.join(dir, 'secrets');
  const secrets = SECRET_FILES.filter((name) => fs.existsSync(path.join(secretsDir, name)));
  for (const name of secrets) {
    const target = path.join(config.dataDir, name);
    if (
      fs.existsSync(target) &&
      fs.readFileSync(target, 'utf8') !== fs.readFileSync(path.join(secretsDir, name), 'utf8')
    )
      throw new Refused(`${target} differs from the backup's: move it away (the data needs the backup's)`);
  }

  fs.mkdirSync(config.dataDir, { recursive: true });
  const archive = path.join(dir, manifest.archive);
  if (config.DATABASE_URL) {
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${config.DATABASE_URL}`,
      archive,
    ]);
  } else {
    // PGlite starts from the image and writes it into the new directory.
    const restored = await openDatabase({
      dataDir: config.dataDir,
      pgliteImage: new Blob([fs.readFileSync(archive)]),
    });
    await restored.close();
  }
  for (const name of secrets) {
    const target = path.join(config.dataDir, name);
    if (!fs.existsSync(target)) fs.copyFileSync(path.join(secretsDir, name), target);
    fs.chmodSync(target, 0o600);
  }
  const uploads = path.join(dir, 'uploads');
  if (fs.existsSync(uploads))
    fs.cpSync(uploads, path.join(config.dataDir, 'uploads'), { recursive: true, force: false });

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const report = await verifyLedger(database.db);
    const counts = await countData(database.db);
    console.log(`Restored ${manifest.engine} backup of ${manifest.createdAt} from ${dir}`);
    console.log('             restored   backup');
    for (const key of ['members', 'messages', 'postings', 'orders'] as (keyof DataCounts)[]) {
      const mark = counts[key] === manifest.counts[key] ? '' : '   DIFFERENT';
      console.log(
        `  ${key.padEnd(10)} ${String(counts[key]).padStart(8)} ${String(manifest.counts[key]).padStart(8)}${mark}`,
      );
    }
    console.log(
      `  uploads    ${String(countFiles(path.join(config.dataDir, 'uploads'))).padStart(8)} ${String(manifest.uploads.files).padStart(8)}`,
    );
    if (manifest.secretSettings.length > 0)
      console.log(`Set these in the environment as they were: ${manifest.secretSettings.join(', ')}`);
    console.log(`Ledger: members hold ${formatUsdt(micro(report.memberTotal))} USDT`);
    if (report.ok) {
      console.log('OK: the books balance.');
      return 0;
    }
    console.error(`FAILED: ${report.problems.length} difference(s):`);
    for (const p of report.problems) console.error(`  - ${p}`);
    return 1;
  } finally {
    await database.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof Refused
        ? `Refused: ${error.message}`
        : error instanceof ConfigError
          ? error.message
          : error,
    );
    process.exit(2);
  },
);
