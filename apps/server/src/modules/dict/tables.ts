import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

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
