import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connection.ts';
import { migrationsHash } from './helpers/migrated-pglite.ts';

/**
 * Migrates a database once per run instead of once per test app. PGlite: the migrated data directory is
 * dumped to a file that every test app starts from (7.6 s of start-up and migrations become 1.3 s on a loaded
 * machine). PostgreSQL: a migrated template database that test databases are copied from (2.2 s to 1 s).
 * Both are named after a hash of the migrations, so a changed migration builds a new one, and an unchanged
 * one is reused by the next run (older ones are left for runs of other checkouts; each is a few megabytes).
 * Migrations still run on every app: they find nothing to do.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data directory (tar), or '' when this project does not use PGlite. */
    pgliteImage: string;
    /** A migrated template database on the test PostgreSQL server, or '' without PostgreSQL. */
    pgTemplate: string;
  }
}

const buildPgliteImage = async (hash: string) => {
  const file = path.join(os.tmpdir(), `chatpay-pglite-${hash}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ dataDir: null });
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const image = await client.dumpDataDir('none');
    // Written aside and renamed: two projects building at once never read half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
};

const adminQuery = async (base: string, text: string) => {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await admin.query<{ datname: string }>(text);
  } finally {
    await admin.end();
  }
};

const buildPgTemplate = async (base: string, hash: string) => {
  const name = `chatpay_tpl_${hash}`;
  const existing = await adminQuery(base, `SELECT datname FROM pg_database WHERE datname = '${name}'`);
  if (existing.rows.length > 0) return name;
  // Built under a temporary name and renamed when complete: an interrupted build is never used as a template.
  const building = `${name}_${process.pid}`;
  await adminQuery(base, `CREATE DATABASE ${building}`);
  const url = new URL(base);
  url.pathname = `/${building}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 1 });
  await database.close();
  try {
    await adminQuery(base, `ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (error) {
    // Another run finished first: use its template.
    await adminQuery(base, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    const again = await adminQuery(base, `SELECT datname FROM pg_database WHERE datname = '${name}'`);
    if (again.rows.length === 0) throw error;
  }
  return name;
};

export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  const usesPostgres = project.config.env?.TEST_ENGINE === 'postgres';
  const base = process.env.TEST_DATABASE_URL;
  project.provide('pgliteImage', usesPostgres ? '' : await buildPgliteImage(hash));
  project.provide('pgTemplate', usesPostgres && base ? await buildPgTemplate(base, hash) : '');
}
