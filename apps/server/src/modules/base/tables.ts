import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server parameters; only allow-listed keys are public (`/app/base/comm/param`). */
export const params = pgTable('params', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});
