import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Database } from '../db/connection.ts';
import { type ChainRuntime, chainStats } from '../modules/chain/index.ts';
import { lastLedgerCheck } from '../modules/ledger/index.ts';
import { type Metrics, PREFIX } from './metrics.ts';

/** Database reads behind the gauges are shared by one scrape and reused this long (several scrapers, the cluster). */
const DB_CACHE_MS = 10_000;
/** The chain's numbers ask the nodes (head, hot wallet balance): read less often. */
const CHAIN_CACHE_MS = 30_000;
/** A node that does not answer leaves its network's chain gauges out of this scrape. */
const NODE_TIMEOUT_MS = 3_000;

/** Reuses one answer of `read` for `ttlMs`; a failed read is not kept; `metrics.forgetCached` drops it. */
const cached = <T>(metrics: Metrics, ttlMs: number, read: () => Promise<T>) => {
  let entry: { at: number; value: Promise<T> } | null = null;
  metrics.forgetters.push(() => {
    entry = null;
  });
  return () => {
    const now = Date.now();
    if (!entry || now - entry.at >= ttlMs) {
      const value = read();
      entry = { at: now, value };
      value.catch(() => {
        entry = null;
      });
    }
    return entry.value;
  };
};

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([
    work.catch(() => null),
    new Promise<null>((resolve) => {
      setTimeout(() => resolve(null), ms).unref();
    }),
  ]);

type Rows = { rows: Record<string, unknown>[] };

/** Queues (push, webhooks, withdrawals) read through their due indexes: cheap at any table size. */
const readQueues = async (db: Database['db']) => {
  const rows = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as Rows).rows;
  const [push] = await rows(sql`
    SELECT (SELECT COUNT(*) FROM push_jobs WHERE status = 'pending')::int AS pending,
           (SELECT extract(epoch from now() - MIN(create_time)) FROM push_jobs WHERE status = 'pending')::float8 AS oldest,
           (SELECT COUNT(*) FROM push_jobs WHERE status = 'failed')::int AS failed`);
  const [hooks] = await rows(sql`
    SELECT (SELECT COUNT(*) FROM c2c_webhook_deliveries WHERE status = 'pending')::int AS pending,
           (SELECT extract(epoch from now() - MIN(create_time)) FROM c2c_webhook_deliveries WHERE status = 'pending')::float8 AS oldest,
           (SELECT COUNT(*) FROM c2c_webhook_deliveries WHERE status = 'failed')::int AS failed`);
  const withdrawals = await rows(sql`
    SELECT network, status, COUNT(*)::int AS n,
           extract(epoch from now() - MIN(update_time))::float8 AS oldest
    FROM chain_withdrawals WHERE status IN ('reviewing', 'approved', 'signed', 'confirming')
    GROUP BY network, status`);
  const cursors = await rows(sql`SELECT network, next_block::text AS next FROM chain_cursors`);
  return { push, hooks, withdrawals, cursors };
};

/**
 * The gauges that need a database read or a node call, filled when Prometheus scrapes (docs/operations.md).
 * Each source is read at most once per cache period whatever the number of scrapes, so a scrape never costs
 * more than a few indexed counts.
 */
export const addScrapeSources = (
  metrics: Metrics,
  opts: { database: Pick<Database, 'db' | 'poolStats'>; chain: ChainRuntime },
) => {
  const { db } = opts.database;
  const registers = [metrics.registry];
  const queues = cached(metrics, DB_CACHE_MS, () => readQueues(db));
  const ledger = cached(metrics, DB_CACHE_MS, () => lastLedgerCheck(db));
  const chain = cached(metrics, CHAIN_CACHE_MS, async () => {
    const enabled = opts.chain.networks.filter((n) => n.enabled);
    const heads = await Promise.all(
      enabled.map(async (n) => {
        const adapter = opts.chain.adapter(n.network);
        return {
          network: n.network,
          head: adapter ? await withTimeout(adapter.head(), NODE_TIMEOUT_MS) : null,
        };
      }),
    );
    const stats = enabled.length > 0 ? await chainStats(db, opts.chain, new Date(), 1) : null;
    return { heads, hotWallets: stats?.hotWallets ?? [] };
  });
  /** Gauges read from the shared database say the same in every process: aggregate by taking one. */
  const shared = { aggregator: 'first' as const, registers };

  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

  new Gauge({
    name: `${PREFIX}push_queue_pending`,
    help: 'Web Push jobs waiting to be sent (due or backing off)',
    ...shared,
    async collect() {
      this.set(num((await queues()).push?.pending) ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}push_queue_oldest_seconds`,
    help: 'Age of the oldest pending Web Push job (0 when none)',
    ...shared,
    async collect() {
      this.set(num((await queues()).push?.oldest) ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}push_failed`,
    help: 'Web Push jobs that gave up after their last attempt (kept for support)',
    ...shared,
    async collect() {
      this.set(num((await queues()).push?.failed) ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}webhook_queue_pending`,
    help: 'Merchant webhooks waiting to be delivered (due or backing off)',
    ...shared,
    async collect() {
      this.set(num((await queues()).hooks?.pending) ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}webhook_queue_oldest_seconds`,
    help: 'Age of the oldest pending merchant webhook (0 when none)',
    ...shared,
    async collect() {
      this.set(num((await queues()).hooks?.oldest) ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}webhook_failed`,
    help: 'Merchant webhooks that gave up after their last attempt',
    ...shared,
    async collect() {
      this.set(num((await queues()).hooks?.failed) ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}chain_withdrawals`,
    help: 'Withdrawals not yet final, by network and status (reviewing, approved, signed, confirming)',
    labelNames: ['network', 'status'] as const,
    ...shared,
    async collect() {
      this.reset();
      for (const r of (await queues()).withdrawals)
        this.set({ network: String(r.network), status: String(r.status) }, Number(r.n));
    },
  });
  new Gauge({
    name: `${PREFIX}chain_broadcast_oldest_seconds`,
    help: 'Age of the oldest approved or signed withdrawal waiting for the broadcaster, by network',
    labelNames: ['network'] as const,
    ...shared,
    async collect() {
      this.reset();
      const oldest = new Map<string, number>();
      for (const r of (await queues()).withdrawals) {
        if (r.status !== 'approved' && r.status !== 'signed') continue;
        const network = String(r.network);
        oldest.set(network, Math.max(oldest.get(network) ?? 0, Number(r.oldest ?? 0)));
      }
      for (const [network, seconds] of oldest) this.set({ network }, seconds);
    },
  });
  new Gauge({
    name: `${PREFIX}chain_watcher_block_lag`,
    help: "Blocks between the node's head and the deposit watcher's cursor, by network (about the confirmations when healthy)",
    labelNames: ['network'] as const,
    ...shared,
    async collect() {
      this.reset();
      const [{ heads }, { cursors }] = await Promise.all([chain(), queues()]);
      for (const { network, head } of heads) {
        const cursor = cursors.find((c) => c.network === network);
        if (head === null || !cursor) continue;
        this.set({ network }, Number(head - BigInt(String(cursor.next)) + 1n));
      }
    },
  });
  new Gauge({
    name: `${PREFIX}hot_wallet_usdt`,
    help: "The hot wallet's token balance read from the node, by network (absent when the node did not answer)",
    labelNames: ['network'] as const,
    ...shared,
    async collect() {
      this.reset();
      for (const w of (await chain()).hotWallets)
        if (w.onChain !== null) this.set({ network: w.network }, Number(w.onChain));
    },
  });
  new Gauge({
    name: `${PREFIX}hot_wallet_books_usdt`,
    help: 'What the books say the network holds: deposits held less withdrawals sent, by network',
    labelNames: ['network'] as const,
    ...shared,
    async collect() {
      this.reset();
      for (const w of (await chain()).hotWallets) this.set({ network: w.network }, Number(w.books));
    },
  });
  new Gauge({
    name: `${PREFIX}ledger_check_ok`,
    help: 'Result of the last scheduled ledger check: 1 the books balance, 0 a difference was found, -1 none ran yet',
    ...shared,
    async collect() {
      const last = await ledger();
      this.set(last ? (last.ok ? 1 : 0) : -1);
    },
  });
  new Gauge({
    name: `${PREFIX}ledger_check_age_seconds`,
    help: 'Seconds since the last scheduled ledger check (-1: none ran yet)',
    ...shared,
    async collect() {
      this.set((await ledger())?.ageSeconds ?? -1);
    },
  });
  new Gauge({
    name: `${PREFIX}ledger_check_problems`,
    help: 'Differences the last scheduled ledger check found',
    ...shared,
    async collect() {
      this.set((await ledger())?.problems.length ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'PostgreSQL pool connections by state: in_use, idle, max (PGlite: none)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = opts.database.poolStats();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'max' }, stats.max);
    },
  });
  new Gauge({
    name: `${PREFIX}db_pool_waiting`,
    help: 'Requests waiting for a PostgreSQL pool connection',
    registers,
    collect() {
      this.set(opts.database.poolStats()?.waiting ?? 0);
    },
  });
};
