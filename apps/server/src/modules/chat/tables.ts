import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
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

/** See docs/design/chat-delivery.md for the invariants these tables keep. */

const seqColumn = (name: string) => bigint(name, { mode: 'number' }).notNull().default(sql`0`);

/** pending → accepted | rejected; one pending request per pair (`pair_key` = 'minId:maxId'). */
export const friendRequests = pgTable(
  'friend_requests',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id),
    pairKey: text('pair_key').notNull(),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('pending'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friend_requests_pending_pair_key').on(t.pairKey).where(sql`status = 'pending'`),
    index('friend_requests_to_idx').on(t.toUserId, t.createTime),
  ],
);

/** Symmetric: one row per direction, written and deleted together. */
export const friends = pgTable(
  'friends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id),
    remark: text('remark').notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/**
 * My block list: `user_id` blocked `blocked_id`. One direction per row; either row stops 1:1 messages, friend
 * requests, `toMccId` chats and new C2C orders between the two (docs/security.md, "Block list").
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * A conversation. `last_seq` is the newest message's seq, raised in the transaction that stores it.
 * `kind`: friend (single, needs friendship to send), service (customer service), mcc (trade contact), group.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    kind: text('kind').notNull().default('friend'),
    pairKey: text('pair_key'),
    groupId: integer('group_id'),
    /** An order chat's order (set by c2c at start): the session is titled after it and marked as a trade chat. */
    trade: jsonb('trade').$type<{ orderId: number; orderNo: string }>(),
    lastSeq: seqColumn('last_seq'),
    /** Raised by every change to a stored message (a recall) in the changing transaction: the shared cursor. */
    changeSeq: seqColumn('change_seq'),
    lastMessageId: integer('last_message_id'),
    lastChatTime: timestamp('last_chat_time', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_sessions_type_pair_key').on(t.type, t.pairKey)],
);

/** Per-member state of a session; unread = session.last_seq − read_seq. */
export const chatMembers = pgTable(
  'chat_members',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readSeq: seqColumn('read_seq'),
    clearedSeq: seqColumn('cleared_seq'),
    deliveredSeq: seqColumn('delivered_seq'),
    /** Raised by each of my own changes here (delete for me, clear): my cursor of catch-up by changes. */
    changeSeq: seqColumn('change_seq'),
    isDelete: boolean('is_delete').notNull().default(false),
    useNotify: boolean('use_notify').notNull().default(true),
    isTop: boolean('is_top').notNull().default(false),
    /** When this member last sent a message of their own here (not an auto-reply). */
    lastSendTime: timestamp('last_send_time', { withTimezone: true }),
    /** When this member's auto-reply was last sent here. */
    autoReplyTime: timestamp('auto_reply_time', { withTimezone: true }),
    joinTime: timestamp('join_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    clientMsgId: text('client_msg_id').notNull(),
    contentType: text('content_type').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    isAutoReply: boolean('is_auto_reply').notNull().default(false),
    recalled: boolean('recalled').notNull().default(false),
    /** The session's change seq of the last change to this message (0: never changed since stored). */
    changeSeq: seqColumn('change_seq'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    /** When its sender last edited the text (null: never); earlier texts are in `chat_message_versions`. */
    editTime: timestamp('edit_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_messages_session_seq_key').on(t.sessionId, t.seq),
    index('chat_messages_session_change_idx').on(t.sessionId, t.changeSeq).where(sql`${t.changeSeq} > 0`),
    uniqueIndex('chat_messages_sender_client_msg_key').on(t.senderId, t.clientMsgId),
    // Who may read a chat picture or video (modules/uploads/references.ts) is looked up by its URL.
    index('chat_messages_content_url_idx').on(sql`(${t.content}->>'url')`),
    index('chat_messages_content_poster_idx').on(sql`(${t.content}->>'poster')`),
    // Search: `ILIKE '%kw%'` on the text. Trigrams need no word boundaries, so Chinese and
    // Japanese match as well as English; the migration creates the pg_trgm extension first.
    index('chat_messages_text_trgm_idx')
      .using('gin', sql`(${t.content}->>'text') gin_trgm_ops`)
      .where(sql`${t.contentType} = 'text'`),
  ],
);

/**
 * The texts an edited message held before each edit (support reads them in an appeal): the content as it was,
 * from `written_time` (the send or the previous edit) until `replaced_time` (this edit).
 */
export const chatMessageVersions = pgTable(
  'chat_message_versions',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    writtenTime: timestamp('written_time', { withTimezone: true }).notNull(),
    replacedTime: timestamp('replaced_time', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_message_versions_message_idx').on(t.messageId, t.id)],
);

/** A member's reaction with one emoji on a message; one row per (message, member, emoji). */
export const chatMessageReactions = pgTable(
  'chat_message_reactions',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    emoji: text('emoji').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);

/** "Delete for me": the message stays for the others. */
export const chatMessageRemovals = pgTable(
  'chat_message_removals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id),
    /** My member change seq (of the message's session) when I removed it. */
    changeSeq: seqColumn('change_seq'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index('chat_message_removals_user_change_idx').on(t.userId, t.changeSeq),
  ],
);

/** Push registrations (docs/product.md#push), one per user and device. */
export const chatPushDevices = pgTable(
  'chat_push_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    clientId: text('client_id').notNull(),
    platform: text('platform').notNull(),
    deviceName: text('device_name').notNull().default(''),
    deviceModel: text('device_model').notNull().default(''),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_push_devices_user_device_key').on(t.userId, t.deviceId)],
);

export const chatAutoReplies = pgTable('chat_auto_replies', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  enabled: boolean('enabled').notNull().default(false),
  contentType: text('content_type').notNull(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who answered: a staff member's reply sent from the console as the shared customer-service account
 * (several staff answer one account's conversations; the member sees only "Customer service").
 */
export const chatServiceReplies = pgTable(
  'chat_service_replies',
  {
    messageId: integer('message_id')
      .primaryKey()
      .references(() => chatMessages.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_service_replies_staff_idx').on(t.staffId)],
);
