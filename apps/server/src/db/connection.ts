import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm/relations';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The query layer; the same type whether PGlite or node-postgres is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /** Runs `work` while no other server process runs start-up work on this database (seeding). */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` only if no other process holds the advisory lock `key` (PostgreSQL session lock on a dedicated
   * connection, released when `work` ends or the process dies); answers null when another holds it. PGlite has
   * one process: it just runs. Used by the jobs that one process at a time must run (chain watcher, broadcaster).
   */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T | null>;
  /** PostgreSQL: the pool's connections now (metrics); PGlite: null. */
  poolStats(): PoolStats | null;
  /** PostgreSQL: `listener` gets every query's latency in seconds (metrics); PGlite: never called. */
  onQuery(listener: (seconds: number) => void): void;
  /**
   * PGlite only (null on PostgreSQL): after a checkpoint, runs `read` and dumps the data directory (gzipped
   * tar) inside one transaction, so no other transaction of the process runs in between and the image and
   * `read` see the same committed state (`npm run backup`; docs/operations.md).
   */
  image: (<T>(read: (tx: Tx) => Promise<T>) => Promise<{ read: T; image: Blob }>) | null;
  /**
   * Health and readiness checks, on connections of their own (PostgreSQL: a pool of two with a 2 s statement
   * timeout), so a main pool taken by stuck requests does not make a live process look dead or ready.
   */
  probe: Probe;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/**
 * Times every query of a pooled client. Only clients are wrapped (pool.query runs on one), so each query is
 * timed once; a query object with `submit` (cursors) is passed through untimed.
 */
const timeQueries = (client: pg.PoolClient, observe: (seconds: number) => void) => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...answer: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...answer);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
};

export interface Probe {
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Throws unless the database accepts writes now: a transaction id is assigned (refused on a standby, its
   * commit needs WAL space) in a session that is not read-only.
   */
  checkWrite(): Promise<void>;
  /** Migrations recorded in the database vs those this build ships (readiness waits for them). */
  migrations(): Promise<{ applied: number; shipped: number }>;
  /** The database's clock (deadlines follow it: lib/clock.ts). */
  now(): Promise<Date>;
}

/**
 * Limits between a request and PostgreSQL (docs/design/faults.md), in milliseconds; 0 or absent: none. A
 * statement or lock wait that runs out fails with a PostgreSQL error the error handler answers as 503
 * "Service busy" (lib/db-errors.ts `unavailable`).
 */
export interface DbTimeouts {
  statementMs?: number;
  lockMs?: number;
  idleInTransactionMs?: number;
  /** Waiting for a free pooled connection (and for a new connection to open). */
  acquireMs?: number;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Any fixed numbers: serialise migrations, and then seeding, between server processes starting at once. */
const MIGRATION_LOCK = 72_173_001;
const STARTUP_LOCK = 72_173_002;
/** The probe's bound on each statement: a readiness check answers within it whatever the database does. */
const PROBE_TIMEOUT_MS = 2000;

const shippedMigrations = () =>
  (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

const probeOn = (query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Probe => {
  const shipped = shippedMigrations();
  return {
    ping: async () => {
      await query('SELECT 1');
    },
    checkWrite: async () => {
      const { rows } = await query(
        "SELECT txid_current() AS xid, current_setting('transaction_read_only') AS ro, pg_is_in_recovery() AS standby",
      );
      const row = rows[0] ?? {};
      if (row.ro === 'on' || row.standby === true) throw new Error('the database is read-only');
    },
    migrations: async () => {
      const { rows } = await query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      return { applied: Number(rows[0]?.n ?? 0), shipped };
    },
    now: async () => {
      // Epoch milliseconds as text: the same on both drivers, whatever their timestamp parsing.
      const { rows } = await query(
        'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint::text AS ms',
      );
      return new Date(Number(rows[0]?.ms));
    },
  };
};

/**
 * Opens PostgreSQL when `url` is given, otherwise PGlite with its data under `dataDir/pglite`
 * (`dataDir` null: in memory, for tests). Applies pending migrations before answering.
 */
export const openDatabase = async (options: {
  url?: string;
  dataDir: string | null;
  /** Errors of idle pooled connections (the server restarted, the connection was killed). */
  onPoolError?: (error: Error) => void;
  /** PostgreSQL connections in the pool (default 20). */
  poolSize?: number;
  /** PostgreSQL: statement, lock, idle-in-transaction and pool acquire limits (none by default: scripts). */
  timeouts?: DbTimeouts;
  /** PGlite only: a data directory dumped by `dumpDataDir` to start from (tests start from a migrated one). */
  pgliteImage?: Blob;
}): Promise<Database> => {
  if (options.url) {
    const t = options.timeouts ?? {};
    const max = options.poolSize ?? 20;
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      // Session settings sent when each connection opens (node-postgres startup parameters).
      ...(t.statementMs ? { statement_timeout: t.statementMs } : {}),
      ...(t.lockMs ? { lock_timeout: t.lockMs } : {}),
      ...(t.idleInTransactionMs ? { idle_in_transaction_session_timeout: t.idleInTransactionMs } : {}),
      ...(t.acquireMs ? { connectionTimeoutMillis: t.acquireMs } : {}),
    });
    const onError =
      options.onPoolError ?? ((error: Error) => console.error('database connection lost:', error.message));
    const queryListeners: ((seconds: number) => void)[] = [];
    pool.on('connect', (client) =>
      timeQueries(client, (seconds) => {
        for (const listener of queryListeners) listener(seconds);
      }),
    );
    // Without a listener, a connection dropped while idle would crash the process; the pool replaces it.
    pool.on('error', onError);
    const probePool = new pg.Pool({
      connectionString: options.url,
      max: 2,
      statement_timeout: PROBE_TIMEOUT_MS,
      lock_timeout: PROBE_TIMEOUT_MS,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    probePool.on('error', onError);
    /**
     * Start-up work that waits its turn behind other processes (advisory locks, migrations of a large table)
     * runs without the request limits, on a session that gets its settings back before it returns to the pool.
     */
    const unbounded = async (client: pg.PoolClient) => {
      if (t.statementMs || t.lockMs) await client.query('SET statement_timeout = 0; SET lock_timeout = 0');
      return async () => {
        if (t.statementMs || t.lockMs)
          await client.query('RESET statement_timeout; RESET lock_timeout').catch(() => {});
      };
    };
    const client = await pool.connect();
    const restore = await unbounded(client);
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      await restore();
      client.release();
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
      const holder = await pool.connect();
      const restore = await unbounded(holder);
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work();
      } finally {
        await holder.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
        await restore();
        holder.release();
      }
    };
    const withLock = async <T>(key: number, work: () => Promise<T>): Promise<T | null> => {
      const holder = await pool.connect();
      let locked = false;
      try {
        const res = await holder.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
        locked = res.rows[0]?.ok === true;
        if (!locked) return null;
        return await work();
      } finally {
        if (locked) await holder.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
        holder.release();
      }
    };
    return {
      db,
      engine: 'postgres',
      exclusively,
      withLock,
      poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      onQuery: (listener) => {
        queryListeners.push(listener);
      },
      image: null,
      probe: probeOn((text) => probePool.query(text)),
      close: async () => {
        await Promise.all([pool.end(), probePool.end()]);
      },
    };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // pg_trgm backs chat search (a trigram index on message text); PostgreSQL ships it as a contrib extension.
  const client = new PGlite({
    dataDir: dir,
    extensions: { pg_trgm },
    ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
  });
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  // One process per PGlite directory: nothing to serialise against.
  return {
    db: pgliteDb as unknown as Db,
    engine: 'pglite',
    exclusively: (work) => work(),
    withLock: (_key, work) => work(),
    poolStats: () => null,
    onQuery: () => {},
    image: async (read) => {
      // Fewer WAL records for the restored copy to replay; the image is consistent without it.
      await client.exec('CHECKPOINT');
      // PGlite has one connection: its transaction holds every other query and transaction off, and the dump
      // runs between this transaction's queries (it takes the query lock only).
      return pgliteDb.transaction(async (tx) => {
        const answer = await read(tx as unknown as Tx);
        return { read: answer, image: await client.dumpDataDir('gzip') };
      });
    },
    // One in-process connection: the probe shares it.
    probe: probeOn((text) => client.query<Record<string, unknown>>(text)),
    close: () => client.close(),
  };
};

/**
 * Runs a constant SQL text with positional parameters as a named prepared statement, on the connection of
 * `exec` (the open transaction's, or any pooled one). node-postgres parses and plans a named statement once
 * per connection and then only binds parameters; PGlite (one in-process connection) ignores the name and
 * runs the text. Answers the rows as the driver gives them: convert types at the call site (node-postgres
 * answers int8 as a string and, under drizzle, timestamptz as text; PGlite may answer int8 as a bigint).
 * For hot statements whose shape never changes; `name` must be unique to `text` in the process.
 */
export const runPrepared = async <Row>(
  exec: Executor,
  name: string,
  text: string,
  params: unknown[],
): Promise<Row[]> => {
  const result = await exec._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
};

export const ping = async (db: Db) => {
  await db.execute(sql`select 1`);
};
