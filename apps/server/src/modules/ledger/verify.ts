import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  entries: number;
  postings: number;
  /** Sum of all member balances (micro-USDT). */
  memberTotal: bigint;
  /** Sum of all system balances; with memberTotal it must make zero. */
  systemTotal: bigint;
  problems: string[];
}

const LIMIT = 100;

type Rows = { rows: Record<string, unknown>[] };

/**
 * Rebuilds every balance from the postings and checks the books (docs/design/ledger.md): every entry sums to
 * zero with at least two postings, cached balances equal the rebuilt ones, no member balance is negative and
 * all balances sum to zero. Reads one consistent snapshot.
 */
export const verifyLedger = async (db: Db): Promise<LedgerReport> =>
  db.transaction(
    async (tx) => {
      const q = async (query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as Rows).rows;
      const problems: string[] = [];

      const unbalanced = await q(sql`
        SELECT e.id::text AS id, COALESCE(SUM(p.amount), 0)::text AS total, COUNT(p.id)::int AS n
        FROM ledger_entries e LEFT JOIN ledger_postings p ON p.entry_id = e.id
        GROUP BY e.id
        HAVING COALESCE(SUM(p.amount), 0) <> 0 OR COUNT(p.id) < 2
        ORDER BY e.id LIMIT ${LIMIT}`);
      for (const r of unbalanced) {
        problems.push(`entry ${r.id}: postings sum to ${r.total} over ${r.n} posting(s)`);
      }

      const drifted = await q(sql`
        SELECT a.id::text AS id, a.user_id AS "userId", a.code, a.kind,
               a.balance::text AS cached, COALESCE(s.total, 0)::text AS rebuilt
        FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_postings GROUP BY account_id) s
          ON s.account_id = a.id
        WHERE a.balance <> COALESCE(s.total, 0) OR (a.user_id IS NOT NULL AND COALESCE(s.total, 0) < 0)
        ORDER BY a.id LIMIT ${LIMIT}`);
      for (const r of drifted) {
        const owner = r.userId === null ? `system ${r.code}` : `user ${r.userId} ${r.kind}`;
        if (r.cached !== r.rebuilt) {
          problems.push(`account ${r.id} (${owner}): cached ${r.cached}, rebuilt from postings ${r.rebuilt}`);
        }
        if (r.userId !== null && BigInt(String(r.rebuilt)) < 0n) {
          problems.push(`account ${r.id} (${owner}): negative member balance ${r.rebuilt}`);
        }
      }

      const negative = await q(sql`
        SELECT id::text AS id, user_id AS "userId", kind, balance::text AS balance FROM ledger_accounts
        WHERE user_id IS NOT NULL AND balance < 0 ORDER BY id LIMIT ${LIMIT}`);
      for (const r of negative) {
        problems.push(`account ${r.id} (user ${r.userId} ${r.kind}): negative cached balance ${r.balance}`);
      }

      const [totals] = await q(sql`
        SELECT
          (SELECT COUNT(*) FROM ledger_accounts)::int AS accounts,
          (SELECT COUNT(*) FROM ledger_entries)::int AS entries,
          (SELECT COUNT(*) FROM ledger_postings)::int AS postings,
          (SELECT COALESCE(SUM(balance), 0) FROM ledger_accounts WHERE user_id IS NOT NULL)::text AS members,
          (SELECT COALESCE(SUM(balance), 0) FROM ledger_accounts WHERE user_id IS NULL)::text AS system,
          (SELECT COALESCE(SUM(amount), 0) FROM ledger_postings)::text AS postings_total`);
      const memberTotal = BigInt(String(totals?.members ?? '0'));
      const systemTotal = BigInt(String(totals?.system ?? '0'));
      if (memberTotal + systemTotal !== 0n) {
        problems.push(`balances sum to ${memberTotal + systemTotal}, not zero`);
      }
      if (String(totals?.postings_total ?? '0') !== '0') {
        problems.push(`all postings sum to ${totals?.postings_total}, not zero`);
      }
      return {
        ok: problems.length === 0,
        accounts: Number(totals?.accounts ?? 0),
        entries: Number(totals?.entries ?? 0),
        postings: Number(totals?.postings ?? 0),
        memberTotal,
        systemTotal,
        problems,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
