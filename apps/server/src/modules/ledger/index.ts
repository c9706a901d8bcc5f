export {
  ensureMemberAccounts,
  ensureSystemAccount,
  lockAccounts,
  MemberAccount,
  memberBalances,
  SystemAccount,
  type SystemAccountCode,
} from './accounts.ts';
export {
  LEDGER_CHECK_JOB,
  type LedgerCheck,
  lastLedgerCheck,
  ledgerCheckJob,
  runLedgerCheck,
} from './check.ts';
export { type PositionRead, readAtOnePosition } from './position.ts';
export { type Leg, type MemberLeg, type PostedEntry, postEntry } from './post.ts';
export { ledgerAccounts, ledgerChecks, ledgerEntries, ledgerPostings } from './tables.ts';
export { verifyLedger } from './verify.ts';
