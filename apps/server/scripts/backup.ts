/**
 * `npm run backup [-- --out <dir>]`: a consistent, timestamped backup directory (docs/operations.md, "Backups"):
 * the database (PostgreSQL: `pg_dump -Fc` on an exported snapshot; PGlite: an image taken by the running
 * server, or by this script when no server runs), local uploads, a manifest with counts, and the secrets kept
 * under DATA_DIR in `secrets/`. Exit 0: written; 1: failed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ConfigError, loadConfig } from '../src/config.ts';
import { type Executor, openDatabase } from '../src/db/connection.ts';
import {
  countFiles,
  MANIFEST,
  type Manifest,
  PG_ARCHIVE,
  PGLITE_ARCHIVE,
  SECRET_FILES,
  SECRET_SETTINGS,
} from '../src/ops/backup-files.ts';
import { BACKUP_PATH, BACKUP_TOKEN_FILE } from '../src/ops/backup-route.ts';
import { countData, type DataCounts } from '../src/ops/counts.ts';

const HELP = `Usage: npm run backup [-- --out <dir>]

Writes <dir>/chatpay-backup-<time>/ (default <dir>: ./backups, or BACKUP_DIR):
  database.pgdump   PostgreSQL (DATABASE_URL): pg_dump custom format (restore: npm run restore)
  pglite.tar.gz     PGlite: the data directory, taken through the running server (or directly when none runs)
  uploads/          local uploads (UPLOAD_MODE=local)
  manifest.json     when, what, and counts of members, messages, postings and orders
  secrets/          the secrets under DATA_DIR the data needs: store this folder APART from the rest
Reads the same settings as the server (DATABASE_URL, DATA_DIR, PORT, UPLOAD_MODE).`;

const run = (cmd: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))));
  });

/** pg_dump on a snapshot exported by a transaction that also counts: the counts describe the dump exactly. */
const dumpPostgres = async (url: string, file: string): Promise<DataCounts> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]?.id;
    const counts = await countData(drizzle(client) as unknown as Executor);
    await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`]);
    await client.query('COMMIT');
    return counts;
  } finally {
    await client.end();
  }
};

/** PGlite allows one process per directory: ask the running server; when none answers, open it here. */
const imagePglite = async (config: ReturnType<typeof loadConfig>, file: string): Promise<DataCounts> => {
  const tokenFile = path.join(config.dataDir, BACKUP_TOKEN_FILE);
  const host = config.HOST === '::1' ? '[::1]' : '127.0.0.1';
  if (fs.existsSync(tokenFile)) {
    const token = fs.readFileSync(tokenFile, 'utf8').trim();
    const res = await fetch(`http://${host}:${config.PORT}${BACKUP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    }).catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code === 'ECONNREFUSED') return null;
      throw error;
    });
    if (res) {
      if (!res.ok) throw new Error(`the server refused the backup: HTTP ${res.status} ${await res.text()}`);
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      console.log(`PGlite image taken by the server on port ${config.PORT}`);
      return JSON.parse(res.headers.get('x-backup-counts') ?? '{}') as DataCounts;
    }
  }
  console.log(
    `No server answers on port ${config.PORT}: opening ${config.dataDir}/pglite here (no server may use it meanwhile).`,
  );
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const taken = await database.image?.((tx) => countData(tx));
    if (!taken) throw new Error('PGlite gave no image');
    fs.writeFileSync(file, Buffer.from(await taken.image.arrayBuffer()));
    return taken.read;
  } finally {
    await database.close();
  }
};

const main = async () => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const config = loadConfig();
  const outAt = args.indexOf('--out');
  const root = path.resolve(outAt >= 0 ? (args[outAt + 1] ?? '') : (process.env.BACKUP_DIR ?? 'backups'));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = path.join(root, `chatpay-backup-${stamp}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

  const engine = config.DATABASE_URL ? 'postgres' : 'pglite';
  const archive = engine === 'postgres' ? PG_ARCHIVE : PGLITE_ARCHIVE;
  const counts = config.DATABASE_URL
    ? await dumpPostgres(config.DATABASE_URL, path.join(dir, archive))
    : await imagePglite(config, path.join(dir, archive));

  // Uploads after the database: a file uploaded meanwhile is extra, never a row without its file.
  let files = 0;
  if (config.UPLOAD_MODE === 'local') {
    const uploads = path.join(config.dataDir, 'uploads');
    if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(dir, 'uploads'), { recursive: true });
    files = countFiles(path.join(dir, 'uploads'));
  }

  const secretsDir = path.join(dir, 'secrets');
  fs.mkdirSync(secretsDir, { mode: 0o700 });
  const secretFiles = SECRET_FILES.filter((name) => fs.existsSync(path.join(config.dataDir, name)));
  for (const name of secretFiles) {
    fs.copyFileSync(path.join(config.dataDir, name), path.join(secretsDir, name));
    fs.chmodSync(path.join(secretsDir, name), 0o600);
  }
  const secretSettings = SECRET_SETTINGS.filter((name) => Boolean(process.env[name]));
  fs.writeFileSync(
    path.join(secretsDir, 'README.txt'),
    [
      'These files are the secrets the data needs: JWT signing (sessions), the chain seed (every deposit',
      'address and the hot wallet: whoever has it has the money on chain), the Web Push keys (subscriptions)',
      'and, when C2C_SECRET is not set, the key that seals card secrets and merchant keys (the JWT secret).',
      'Keep this folder APART from the rest of the backup, encrypted and access-controlled.',
      secretSettings.length > 0
        ? `Set in the environment and NOT copied here (back them up where you keep your settings): ${secretSettings.join(', ')}`
        : '',
      '',
    ].join('\n'),
  );

  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    engine,
    archive,
    counts,
    uploads: { mode: config.UPLOAD_MODE, files },
    secretFiles,
    secretSettings,
  };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

  console.log(`Backup written to ${dir}`);
  console.log(`  ${engine} archive ${archive}`);
  console.log(
    `  members ${counts.members}, messages ${counts.messages}, postings ${counts.postings}, orders ${counts.orders}`,
  );
  if (config.UPLOAD_MODE === 'local') console.log(`  uploads: ${files} file(s)`);
  else
    console.log(
      '  uploads live in S3: turn on versioning on the bucket (and a lifecycle rule for old versions),\n' +
        '  or replicate it; this backup does not copy the bucket.',
    );
  console.log(`  secrets: ${secretFiles.join(', ') || 'none under DATA_DIR'} in ${secretsDir}`);
  if (secretSettings.length > 0)
    console.log(`  set in the environment, not copied: ${secretSettings.join(', ')}`);
  console.log('WARNING: move secrets/ out of this directory and keep it apart, encrypted.');
  return 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
