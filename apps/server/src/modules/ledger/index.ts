export {
  ensureMemberAccounts,
  ensureSystemAccount,
  lockAccounts,
  MemberAccount,
  memberBalances,
  SystemAccount,
  type SystemAccountCode,
} from './accounts.ts';
export { type Leg, type MemberLeg, type PostedEntry, postEntry } from './post.ts';
export { ledgerAccounts, ledgerEntries, ledgerPostings } from './tables.ts';
export { verifyLedger } from './verify.ts';
