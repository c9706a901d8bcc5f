import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who did what to whom: privileged actions (admin adjustments, later support decisions). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    amount: bigint('amount', { mode: 'bigint' }),
    reason: text('reason').notNull().default(''),
    requestId: text('request_id'),
    entryId: bigint('entry_id', { mode: 'number' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_target_idx').on(t.targetUserId),
    index('audit_logs_actor_idx').on(t.actorId),
    // The console's staff money actions of the last 24 hours (docs/security.md, "Visibility").
    index('audit_logs_action_time_idx').on(t.action, t.createTime),
  ],
);
