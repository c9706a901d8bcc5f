import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Uploaded files: who uploaded what, with the type detected from the bytes. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    path: text('path').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    /**
     * `ready`: checked and usable. `pending`: an S3 upload form was handed out but the member has not yet said the
     * file is there (the row reserves the quota and proves who may confirm the key). `linked`: ready, and the
     * orphan sweep found something referring to it, so it is kept for good (never looked at again).
     */
    status: text('status', { enum: ['pending', 'ready', 'linked'] })
      .notNull()
      .default('ready'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_status_time_idx').on(t.status, t.createTime)],
);
