import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chatSessions } from '../chat/tables.ts';
import { users } from '../user/tables.ts';

/**
 * A group: its `chat_sessions` row (type 'group') carries the messages; this row the group's own fields.
 * See docs/design/groups-moments.md.
 */
export const chatGroups = pgTable(
  'chat_groups',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id),
    name: text('name').notNull(),
    announcement: text('announcement').notNull().default(''),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** What the group QR code carries (addByCode). */
    code: text('code').notNull(),
    dissolved: boolean('dissolved').notNull().default(false),
    /** "Mute all": only the owner and managers may send while it is on. */
    muteAll: boolean('mute_all').notNull().default(false),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_groups_session_key').on(t.sessionId),
    uniqueIndex('chat_groups_code_key').on(t.code),
  ],
);

/** Group-specific member fields; written and deleted with the member's `chat_members` row. */
export const chatGroupMembers = pgTable(
  'chat_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** owner | manager | member */
    role: text('role').notNull().default('member'),
    note: text('note').notNull().default(''),
    isMuted: boolean('is_muted').notNull().default(false),
    /** With `isMuted`: when the mute ends by itself; null = until a manager unmutes. */
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    joinTime: timestamp('join_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('chat_group_members_user_idx').on(t.userId)],
);
