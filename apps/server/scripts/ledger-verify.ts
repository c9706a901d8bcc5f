/**
 * `npm run ledger:verify`: rebuilds every balance from the postings and checks the books
 * (docs/design/ledger.md). Exit 0: the books balance; 1: a difference was found; 2: could not run.
 */
import { formatUsdt, micro } from '@chatpay/shared';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { verifyLedger } from '../src/modules/ledger/index.ts';

const HELP = `Usage: npm run ledger:verify

Checks the USDT ledger: every journal entry sums to zero, every cached account balance equals the sum of
its postings, no member balance is negative, all balances sum to zero. Prints a summary and every
difference; exits 1 on any difference.

Opens the database the way the server does: DATABASE_URL (PostgreSQL) if set, otherwise PGlite under
DATA_DIR (default ./data). With PGlite, do NOT run this while a server has the same DATA_DIR open: two
processes must never open one PGlite directory (stop the server first, or point at a copy).
Pending migrations are applied on open, as at server start.`;

const main = async () => {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const config = loadConfig();
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const report = await verifyLedger(database.db);
    console.log(`Ledger of ${where}`);
    console.log(`  accounts ${report.accounts}, entries ${report.entries}, postings ${report.postings}`);
    console.log(`  members hold ${formatUsdt(micro(report.memberTotal))} USDT`);
    console.log(`  system accounts ${formatUsdt(micro(report.systemTotal))} USDT`);
    if (report.ok) {
      console.log('OK: the books balance.');
      return 0;
    }
    console.error(
      `FAILED: ${report.problems.length} difference(s), amounts in micro-USDT (1 USDT = 1000000):`,
    );
    for (const p of report.problems) console.error(`  - ${p}`);
    return 1;
  } finally {
    await database.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
