import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Server parameters; only allow-listed keys are public (`/app/base/comm/param`). */
export const params = pgTable('params', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

export const dictTypes = pgTable('dict_types', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
});

export const dictInfo = pgTable(
  'dict_info',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => dictTypes.id),
    name: text('name').notNull(),
    value: text('value'),
    orderNum: integer('order_num').notNull().default(0),
    parentId: integer('parent_id'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('dict_info_type_value_key').on(t.typeId, t.value)],
);

/** Uploaded files: who uploaded what, with the type detected from the bytes. */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  path: text('path').notNull().unique(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  originalName: text('original_name').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
});
