import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/tables.ts';

/**
 * Value a member sent out, one row per business operation (a transfer, a red packet, a withdrawal…): what the
 * credential-change hold and the rolling 24 h limit add up across every channel. Written only by the guard,
 * inside the operation's own transaction, so a rolled-back operation leaves no row.
 */
export const memberOutflows = pgTable(
  'member_outflows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** transfer | chat-transfer | redpacket | c2c | paydesk | withdrawal */
    channel: text('channel').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The operation's business key (`withdrawal:<uid>:<requestId>`): a replay is counted once. */
    key: text('key').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('member_outflows_key').on(t.key),
    index('member_outflows_user_time_idx').on(t.userId, t.createTime),
  ],
);
