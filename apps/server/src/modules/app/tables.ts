import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/** Complaints and feedback (`kind`), answered by support. */
export const appTickets = pgTable(
  'app_tickets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    text: text('text').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    contact: text('contact').notNull().default(''),
    targetUserId: integer('target_user_id').references(() => users.id),
    /**
     * What a complaint is about (docs/product.md#tickets): member | order | group | moment, with the user,
     * C2C order, group or moment id; null for none. A member target is also in `target_user_id`.
     */
    targetKind: text('target_kind'),
    targetId: integer('target_id'),
    /** pending | processing | resolved | rejected */
    status: text('status').notNull().default('pending'),
    reply: text('reply').notNull().default(''),
    repliedBy: integer('replied_by').references(() => users.id),
    replyTime: timestamp('reply_time', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('app_tickets_kind_user_idx').on(t.kind, t.userId, t.id),
    // Whether an upload is a ticket's picture (modules/uploads/references.ts), by containment.
    index('app_tickets_images_gin_idx').using('gin', t.images),
  ],
);

export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    version: text('version').notNull(),
    versionCode: integer('version_code').notNull(),
    downloadUrl: text('download_url').notNull().default(''),
    forced: boolean('forced').notNull().default(false),
    notes: text('notes').notNull().default(''),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_versions_platform_code_key').on(t.platform, t.versionCode)],
);

/** What the pay desk sells; price in micro-USDT. */
export const appGoods = pgTable(
  'app_goods',
  {
    id: serial('id').primaryKey(),
    /** Stable key for seeding and for the wallet's purchase records. */
    key: text('key').notNull(),
    /** The default name and description, shown when neither the member's language nor English has one. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Per language (`en`, `zh`, `vn`, `jp`): staff's translations. */
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull().default({}),
    image: text('image').notNull().default(''),
    price: bigint('price', { mode: 'bigint' }).notNull().default(sql`0`),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** none | vip | deposit: what a purchase grants; `grant_days` for vip. */
    grantKind: text('grant_kind').notNull().default('none'),
    grantDays: integer('grant_days').notNull().default(0),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_goods_key').on(t.key)],
);

/**
 * What a member's purchase of goods granted, one row per paid order (`order_no` unique, so a
 * repeated pay never grants twice). A VIP row's `end_time` is the badge's end right after that purchase.
 */
export const appMemberGrants = pgTable(
  'app_member_grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => appGoods.id),
    orderNo: text('order_no').notNull(),
    /** vip | deposit */
    kind: text('kind').notNull(),
    days: integer('days').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_member_grants_order_key').on(t.orderNo),
    index('app_member_grants_user_idx').on(t.userId, t.kind),
  ],
);
