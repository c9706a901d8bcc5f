import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../user/tables.ts';

/** A friends-only post (docs/design/groups-moments.md): text with up to 9 images or one video. */
export const moments = pgTable(
  'moments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    video: jsonb('video').$type<{ url: string; poster?: string; duration?: number }>(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moments_user_idx').on(t.userId, t.id),
    // Whether an upload is a moment's picture (modules/uploads/references.ts), by containment.
    index('moments_images_gin_idx').using('gin', t.images),
    index('moments_video_url_idx').on(sql`(${t.video}->>'url')`),
    index('moments_video_poster_idx').on(sql`(${t.video}->>'poster')`),
  ],
);

export const momentLikes = pgTable(
  'moment_likes',
  {
    momentId: integer('moment_id')
      .notNull()
      .references(() => moments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.momentId, t.userId] })],
);

export const momentComments = pgTable(
  'moment_comments',
  {
    id: serial('id').primaryKey(),
    momentId: integer('moment_id')
      .notNull()
      .references(() => moments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    replyToId: integer('reply_to_id'),
    replyToUserId: integer('reply_to_user_id').references(() => users.id),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moment_comments_moment_idx').on(t.momentId, t.id)],
);
