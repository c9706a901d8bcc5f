import type { EscrowLine, ReserveAddress, SkippedNetwork } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/tables.ts';

/**
 * One signed proof-of-reserves snapshot (docs/design/reserves.md): the fields of the signed statement, the
 * signature and the key that made it. Never updated.
 */
export const porSnapshots = pgTable('por_snapshots', {
  id: serial('id').primaryKey(),
  /** schedule | admin */
  trigger: text('trigger').notNull(),
  createdBy: integer('created_by').references(() => users.id),
  /** When the ledger was read (the database's clock, millisecond precision: the signed text's time). */
  snapshotTime: timestamp('snapshot_time', { withTimezone: true }).notNull(),
  /** The last journal entry included. */
  ledgerPosition: bigint('ledger_position', { mode: 'bigint' }).notNull(),
  members: integer('members').notNull(),
  root: text('root').notNull(),
  memberLiabilities: bigint('member_liabilities', { mode: 'bigint' }).notNull(),
  escrow: jsonb('escrow').$type<EscrowLine[]>().notNull(),
  liabilities: bigint('liabilities', { mode: 'bigint' }).notNull(),
  reserves: bigint('reserves', { mode: 'bigint' }).notNull(),
  addresses: jsonb('addresses').$type<ReserveAddress[]>().notNull(),
  skipped: jsonb('skipped').$type<SkippedNetwork[]>().notNull(),
  publicKey: text('public_key').notNull(),
  signature: text('signature').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The leaves of a snapshot's tree in tree order: whose leaf it is, its secret salt (shown only to that
 * member), the balance and the leaf hash. The levels above are rebuilt from these.
 */
export const porLeaves = pgTable(
  'por_leaves',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => porSnapshots.id),
    idx: integer('idx').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    memberId: text('member_id').notNull(),
    salt: text('salt').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.idx] }),
    uniqueIndex('por_leaves_user_key').on(t.snapshotId, t.userId),
    check('por_leaves_balance_not_negative', sql`${t.balance} >= 0`),
  ],
);
