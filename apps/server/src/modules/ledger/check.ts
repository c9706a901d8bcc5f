import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/connection.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { ledgerChecks } from './tables.ts';
import { type LedgerReport, verifyLedger } from './verify.ts';

/** Session advisory lock of the scheduled check: one process of a cluster runs it at a time. */
export const LEDGER_CHECK_LOCK = 72_173_150;
export const LEDGER_CHECK_JOB = 'ledger-check';
/** The job wakes this often and runs the check when the last stored one is older than the setting. */
const WAKE_MS = 60_000;

/** The newest scheduled check, with its age measured by the database's clock. */
export interface LedgerCheck {
  ok: boolean;
  problems: string[];
  checkTime: Date;
  ageSeconds: number;
}

export const lastLedgerCheck = async (db: Db): Promise<LedgerCheck | null> => {
  const [row] = await db
    .select({
      ok: ledgerChecks.ok,
      problems: ledgerChecks.problems,
      checkTime: ledgerChecks.checkTime,
      ageSeconds: sql<string>`extract(epoch from now() - ${ledgerChecks.checkTime})::text`,
    })
    .from(ledgerChecks)
    .orderBy(desc(ledgerChecks.id))
    .limit(1);
  if (!row) return null;
  return { ...row, ageSeconds: Math.max(0, Number(row.ageSeconds)) };
};

/**
 * Runs `verifyLedger` and stores its result. A failed check is logged at error level with its differences;
 * the console's dashboard and `/metrics` read the stored row (docs/operations.md, "Ledger check failed").
 */
export const runLedgerCheck = async (
  db: Db,
  log: FastifyBaseLogger,
  onResult?: (result: 'ok' | 'failed' | 'error') => void,
): Promise<LedgerReport> => {
  const started = performance.now();
  let report: LedgerReport;
  try {
    report = await verifyLedger(db);
  } catch (err) {
    onResult?.('error');
    log.error({ err }, 'scheduled ledger check could not run');
    throw err;
  }
  await db.insert(ledgerChecks).values({
    ok: report.ok,
    problems: report.problems.slice(0, 100),
    accounts: report.accounts,
    entries: report.entries,
    postings: report.postings,
    durationMs: Math.round(performance.now() - started),
  });
  onResult?.(report.ok ? 'ok' : 'failed');
  if (report.ok) log.info({ postings: report.postings }, 'ledger check: the books balance');
  else
    log.error(
      { problems: report.problems.slice(0, 20), count: report.problems.length },
      'LEDGER CHECK FAILED: the books do not balance (run `npm run ledger:verify`)',
    );
  return report;
};

/**
 * `ledger-check`: every `intervalMinutes` across the whole install, whichever process gets there first. The
 * advisory lock keeps two processes from checking at once, and the last stored check's time (the database's)
 * says whether one is due, so N processes still check once per interval.
 */
export const ledgerCheckJob = (
  database: Pick<Database, 'db' | 'withLock'>,
  log: FastifyBaseLogger,
  intervalMinutes: number,
  onResult?: (result: 'ok' | 'failed' | 'error') => void,
): Job => ({
  name: LEDGER_CHECK_JOB,
  intervalMs: Math.min(WAKE_MS, intervalMinutes * 60_000),
  async run() {
    const ran = await database.withLock(LEDGER_CHECK_LOCK, async () => {
      const [due] = await database.db
        .select({
          due: sql<boolean>`coalesce(max(${ledgerChecks.checkTime}) <= now() - make_interval(mins => ${intervalMinutes}), true)`,
        })
        .from(ledgerChecks);
      if (!due?.due) return 0;
      await runLedgerCheck(database.db, log, onResult);
      return 1;
    });
    return ran ?? 0;
  },
});
