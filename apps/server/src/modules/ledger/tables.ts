import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/tables.ts';

/**
 * Member accounts (`kind` available | frozen, `user_id` set) and system accounts (`kind` system, `code` set).
 * `balance` is a cache of the sum of the account's postings (docs/design/ledger.md); members never go negative.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind').notNull(),
    code: text('code'),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_key').on(t.userId, t.kind),
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    check('ledger_accounts_member_not_negative', sql`${t.userId} IS NULL OR ${t.balance} >= 0`),
    check('ledger_accounts_owner', sql`(${t.userId} IS NULL) <> (${t.code} IS NULL)`),
  ],
);

/** One business movement; its postings sum to zero. Never updated or deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of kind, reference and legs: a replay with other parameters is a conflict. */
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    memo: text('memo').notNull().default(''),
    createdBy: integer('created_by'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    index('ledger_entries_ref_idx').on(t.refType, t.refId),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The account's balance right after this posting. */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.entryId),
    index('ledger_postings_entry_idx').on(t.entryId),
    check('ledger_postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Results of the scheduled ledger check (`ledger-check` job, docs/operations.md): one row per run, the newest
 * shown on the console's dashboard and in `/metrics`. Its time is the database's, so every process reads the
 * same age.
 */
export const ledgerChecks = pgTable('ledger_checks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ok: boolean('ok').notNull(),
  /** The first differences found (verify.ts caps each kind at 100). */
  problems: jsonb('problems').$type<string[]>().notNull(),
  accounts: integer('accounts').notNull(),
  entries: integer('entries').notNull(),
  postings: integer('postings').notNull(),
  durationMs: integer('duration_ms').notNull(),
  checkTime: timestamp('check_time', { withTimezone: true }).notNull().defaultNow(),
});
