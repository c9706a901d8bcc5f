import { ErrorCode } from '@chatpay/shared';
import { asc, eq } from 'drizzle-orm';
import { type Executor, runPrepared } from '../../db/connection.ts';
import { checkViolation, notNullViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { ensureMemberAccounts, type MemberAccountKind } from './accounts.ts';
import { POST_ENTRY_SQL, POST_ENTRY_STATEMENT, type PostStatementRow } from './post-statement.ts';
import { ledgerEntries, ledgerPostings } from './tables.ts';

/** One side of an entry: money into (positive) or out of (negative) an account. */
export interface Leg {
  accountId: number;
  amount: bigint;
}

/**
 * A leg on a member's account named by its owner, resolved inside the posting statement (no round trip to
 * look the id up); the account is created when the member has none yet.
 */
export interface MemberLeg {
  userId: number;
  account: MemberAccountKind;
  amount: bigint;
}

export interface PostInput {
  /** Unique per business operation; a retry with the same key answers the first entry. */
  key: string;
  kind: string;
  legs: readonly (Leg | MemberLeg)[];
  memo?: string;
  ref?: { type: string; id: string };
  createdBy?: number | null;
}

export interface PostedEntry {
  id: number;
  kind: string;
  memo: string;
  refType: string | null;
  refId: string | null;
  createdBy: number | null;
  createTime: Date;
  postings: Leg[];
  /** True when the key had already been posted and this is the first result again. */
  replayed: boolean;
}

const isMemberLeg = (leg: Leg | MemberLeg): leg is MemberLeg => 'userId' in leg;

const checkLegs = (legs: readonly (Leg | MemberLeg)[]) => {
  if (legs.length < 2) throw new Error('An entry needs at least two legs');
  const targets = legs.map((l) => (isMemberLeg(l) ? `${l.userId}:${l.account}` : `#${l.accountId}`));
  if (new Set(targets).size !== legs.length) throw new Error('One leg per account');
  if (legs.some((l) => l.amount === 0n)) throw new Error('A leg cannot be zero');
  if (legs.reduce((sum, l) => sum + l.amount, 0n) !== 0n) throw new Error('The legs must sum to zero');
};

/** The statement's parameters; $7 is the head of the fingerprint's JSON text (see post-statement.ts). */
const paramsOf = (input: PostInput) => {
  const refType = input.ref?.type ?? null;
  const refId = input.ref?.id ?? null;
  return [
    input.key,
    input.kind,
    refType,
    refId,
    input.memo ?? '',
    input.createdBy ?? null,
    `${JSON.stringify([input.kind, refType, refId]).slice(0, -1)},[`,
    input.legs.map((l) => (isMemberLeg(l) ? null : l.accountId)),
    input.legs.map((l) => (isMemberLeg(l) ? l.userId : null)),
    input.legs.map((l) => (isMemberLeg(l) ? l.account : null)),
    input.legs.map((l) => l.amount.toString()),
  ];
};

/** Runs the posting statement once; maps the constraint failures it is built to raise. */
const runStatement = async (exec: Executor, params: unknown[]): Promise<PostStatementRow> => {
  try {
    const [row] = await runPrepared<PostStatementRow>(exec, POST_ENTRY_STATEMENT, POST_ENTRY_SQL, params);
    return row!;
  } catch (error) {
    if (checkViolation(error) === 'ledger_accounts_member_not_negative') {
      throw new AppError(ErrorCode.InsufficientBalance);
    }
    if (notNullViolation(error) === 'balance_after') throw new Error('Unknown ledger account');
    throw error;
  }
};

type EntryRow = typeof ledgerEntries.$inferSelect;

/** The first entry of a key again (a replay): read in new statements, so a concurrent winner is visible. */
const replay = async (exec: Executor, key: string, fingerprint: string): Promise<PostedEntry> => {
  const [first] = await exec.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));
  if (!first) throw new Error(`Entry ${key} vanished`);
  if (first.fingerprint !== fingerprint) throw new AppError(ErrorCode.IdempotencyConflict);
  return answer(exec, first);
};

const answer = async (exec: Executor, entry: EntryRow): Promise<PostedEntry> => {
  const postings = await exec
    .select({ accountId: ledgerPostings.accountId, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, entry.id))
    .orderBy(asc(ledgerPostings.id));
  return {
    id: entry.id,
    kind: entry.kind,
    memo: entry.memo,
    refType: entry.refType,
    refId: entry.refId,
    createdBy: entry.createdBy,
    createTime: entry.createTime,
    postings,
    replayed: true,
  };
};

/**
 * Posts one journal entry in ONE statement (docs/design/ledger.md, "Posting procedure"; the statement is in
 * post-statement.ts): takes the idempotency key, locks the accounts in ascending id order, updates the cached
 * balances and writes the postings with their balance after. A replay of the same key answers the first entry
 * (`replayed: true`); the same key with other parameters is IdempotencyConflict. A member account going below
 * zero is InsufficientBalance: the statement failed, so the caller's transaction is aborted and must roll
 * back (no caller continues after a failed posting; none uses a savepoint around it).
 *
 * Runs inside the caller's transaction, or on the database directly when the entry is the whole business
 * operation (the statement is atomic by itself). Member legs (`{userId, account}`) are resolved inside the
 * statement; a member who has no accounts yet costs one more round trip (created, then posted again).
 * Expects READ COMMITTED (the default): the replay path reads the winner's entry in a new statement.
 */
export const postEntry = async (exec: Executor, input: PostInput): Promise<PostedEntry> => {
  checkLegs(input.legs);
  const params = paramsOf(input);
  let row = await runStatement(exec, params);
  if (row.missing > 0) {
    const owners = input.legs.filter(isMemberLeg).map((l) => l.userId);
    if (owners.length > 0) {
      // First money of a member: create the accounts (in user id order, see accounts.ts), then post.
      await ensureMemberAccounts(exec, owners);
      row = await runStatement(exec, params);
    }
    if (row.missing > 0) throw new Error('Unknown ledger account');
  }
  if (row.duplicates > 0) throw new Error('One leg per account');
  if (row.id === null) return replay(exec, input.key, row.fingerprint);
  return {
    id: Number(row.id),
    kind: input.kind,
    memo: input.memo ?? '',
    refType: input.ref?.type ?? null,
    refId: input.ref?.id ?? null,
    createdBy: input.createdBy ?? null,
    createTime: new Date(row.create_time!),
    postings: input.legs.map((l, i) => ({ accountId: row.account_ids[i]!, amount: l.amount })),
    replayed: false,
  };
};
