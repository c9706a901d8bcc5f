import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/tables.ts';

/** A member's deposit address on a network, derived from the HD seed (docs/design/chain.md, "Keys"). */
export const chainAddresses = pgTable(
  'chain_addresses',
  {
    id: serial('id').primaryKey(),
    network: text('network').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** As shown (EIP-55 checksum for EVM, base58 for TRON). */
    address: text('address').notNull(),
    /** Lookup form: lower case for EVM, as is for TRON. */
    addressKey: text('address_key').notNull(),
    path: text('path').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_addresses_user_key').on(t.network, t.userId),
    uniqueIndex('chain_addresses_address_key').on(t.network, t.addressKey),
  ],
);

/** The watcher's cursor: the first block not yet read as final (docs/design/chain.md, "The watcher"). */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

/** One token transfer to a member's address: confirming → credited | below_minimum | dropped. */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: serial('id').primaryKey(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    address: text('address').notNull(),
    fromAddress: text('from_address').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Posted with the credit (0 when the award percent is 0 or the deposit is not credited). */
    award: bigint('award', { mode: 'bigint' }).notNull().default(sql`0`),
    /** confirming | credited | below_minimum | dropped */
    status: text('status').notNull().default('confirming'),
    belowMinimum: boolean('below_minimum').notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    required: integer('required').notNull(),
    creditEntryId: bigint('credit_entry_id', { mode: 'number' }),
    awardEntryId: bigint('award_entry_id', { mode: 'number' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_deposits_log_key').on(t.network, t.txHash, t.logIndex),
    index('chain_deposits_user_idx').on(t.userId, t.id),
    index('chain_deposits_status_idx').on(t.network, t.status),
    check('chain_deposits_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * A withdrawal: reviewing → approved → signed → confirming → completed, or rejected / failed (unfrozen).
 * The signed transaction (hash, raw bytes, nonce) is committed before it is ever sent (the exactly-once rule).
 */
export const chainWithdrawals = pgTable(
  'chain_withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    requestId: text('request_id').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    /** reviewing | approved | signed | confirming | completed | rejected | failed */
    status: text('status').notNull(),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reason: text('reason').notNull().default(''),
    /** Why it waits for review (`WithdrawalHoldCode`), shown to the member in their language; null: none. */
    holdCode: text('hold_code'),
    /** For a hold after a credential change: when that hold ends. */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    nonce: bigint('nonce', { mode: 'bigint' }),
    txHash: text('tx_hash'),
    rawTx: text('raw_tx'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    required: integer('required').notNull(),
    freezeEntryId: bigint('freeze_entry_id', { mode: 'number' }),
    closeEntryId: bigint('close_entry_id', { mode: 'number' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_withdrawals_request_key').on(t.userId, t.requestId),
    uniqueIndex('chain_withdrawals_nonce_key').on(t.network, t.nonce),
    uniqueIndex('chain_withdrawals_tx_key').on(t.network, t.txHash),
    index('chain_withdrawals_user_idx').on(t.userId, t.id),
    index('chain_withdrawals_status_idx').on(t.network, t.status, t.id),
    check('chain_withdrawals_amount', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
  ],
);

/**
 * A member's withdrawal address book: saved destinations with a label, per network. A new entry can be used
 * from `usable_from` (WITHDRAWAL_ADDRESS_DELAY_HOURS after it was saved), so a stolen session cannot add its
 * own address and withdraw to it before the owner is told.
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    network: text('network').notNull(),
    address: text('address').notNull(),
    /** The address in the network's comparable form (lower case for EVM). */
    addressKey: text('address_key').notNull(),
    label: text('label').notNull(),
    usableFrom: timestamp('usable_from', { withTimezone: true }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('withdrawal_addresses_user_key').on(t.userId, t.network, t.addressKey)],
);

/**
 * A member's withdrawal settings. With `allowlist` on, withdrawals go only to usable saved addresses; turning it
 * off takes effect at `allowlist_off_from` (the same delay as a new address), turning it on at once.
 */
export const withdrawalSettings = pgTable('withdrawal_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  allowlist: boolean('allowlist').notNull().default(false),
  allowlistOffFrom: timestamp('allowlist_off_from', { withTimezone: true }),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
});
