import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chatMessages, chatSessions } from '../chat/tables.ts';
import { users } from '../user/tables.ts';

/**
 * A red packet (docs/design/ledger.md, "Red packets"). Its money sits in the `redpacket` system account until
 * claimed or refunded; `remaining_amount` / `remaining_count` are what is left, changed under the row lock.
 */
export const redPackets = pgTable(
  'red_packets',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    /** The sender's idempotency key: one packet per (sender, requestId). */
    requestId: text('request_id').notNull(),
    /** equal | lucky */
    kind: text('kind').notNull(),
    greeting: text('greeting').notNull().default(''),
    count: integer('count').notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    remainingAmount: bigint('remaining_amount', { mode: 'bigint' }).notNull(),
    remainingCount: integer('remaining_count').notNull(),
    refundedAmount: bigint('refunded_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    /** open | finished | expired */
    status: text('status').notNull().default('open'),
    /** Set in the sending transaction, right after the packet row (the entry and the message refer to it). */
    messageId: integer('message_id').references(() => chatMessages.id),
    entryId: bigint('entry_id', { mode: 'number' }),
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    /** When the last share was taken or the rest was refunded. */
    closeTime: timestamp('close_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('red_packets_sender_request_key').on(t.senderId, t.requestId),
    index('red_packets_open_expire_idx').on(t.status, t.expireTime),
    check('red_packets_remaining', sql`${t.remainingAmount} >= 0 AND ${t.remainingCount} >= 0`),
    check('red_packets_count', sql`${t.count} >= 1`),
  ],
);

/** One member's share of a red packet; at most one per member. */
export const redPacketClaims = pgTable(
  'red_packet_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    packetId: integer('packet_id')
      .notNull()
      .references(() => redPackets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('red_packet_claims_packet_user_key').on(t.packetId, t.userId),
    check('red_packet_claims_amount', sql`${t.amount} > 0`),
  ],
);

/** Guest members created by a merchant for its customers (docs/design/ledger.md). */
export const mccGuests = pgTable(
  'mcc_guests',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => users.id),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mcc_guests_merchant_idx').on(t.merchantId, t.createTime)],
);

/**
 * Every admin adjustment (docs/security.md, "Ledger adjustments"): `posted` by its maker alone under the caps,
 * or `pending` until a second admin approves (the entry is posted then) or rejects it. One row per
 * (maker, requestId), so a retry asks nothing twice; the maker's rolling total reads (maker, createTime).
 */
export const walletAdjustRequests = pgTable(
  'wallet_adjust_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    requestId: text('request_id').notNull(),
    status: text('status').notNull().default('pending'),
    makerId: integer('maker_id')
      .notNull()
      .references(() => users.id),
    checkerId: integer('checker_id').references(() => users.id),
    entryId: bigint('entry_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    decideTime: timestamp('decide_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_adjust_requests_maker_request_key').on(t.makerId, t.requestId),
    index('wallet_adjust_requests_status_idx').on(t.status, t.id),
    index('wallet_adjust_requests_maker_time_idx').on(t.makerId, t.createTime),
  ],
);
