import {
  bigserial,
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

const time = (name: string) => timestamp(name, { withTimezone: true });

/** Web Push subscriptions, one per member and device (a new subscribe of the device replaces the old one). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    /**
     * The login session that registered it: the subscription lives as long as that session (a logout, a freeze
     * or a forced logout removes it, a login elsewhere retires it; a push is never sent to another session's
     * device, but for a retired device's security alerts).
     * Null: registered before sessions were recorded, kept until the device subscribes again.
     */
    sessionId: text('session_id'),
    /**
     * When the session ended because the member signed in elsewhere: from then on the device takes security
     * alerts only, for SECURITY_ALERT_HOURS (service.ts), so the sign-in that signed it out can still warn it.
     */
    retiredTime: time('retired_time'),
    deviceName: text('device_name').notNull().default(''),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Language of the notification texts (a LOCALES value). */
    lang: text('lang').notNull().default('en'),
    /** false: chat notifications say "New message" instead of the text. */
    preview: boolean('preview').notNull().default(true),
    /** false: notifications are shown silently (the member turned the sound off). */
    sound: boolean('sound').notNull().default(true),
    createTime: time('create_time').notNull().defaultNow(),
    updateTime: time('update_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_user_device_key').on(t.userId, t.deviceId),
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * Pushes to send, drained by the `push` job (docs/design/push.md): one row per subscription and event;
 * `status` pending | sent | gone (the subscription answered 404/410) | failed (out of attempts) | skipped
 * (the member was looking at the app when it came to be sent). `dedupeKey` makes a redelivered event one push.
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id').notNull(),
    userId: integer('user_id').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** Collapse key (Topic header): a newer push of one session or order replaces the older one. */
    topic: text('topic').notNull(),
    urgency: text('urgency').notNull().default('normal'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptTime: time('next_attempt_time').notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    sentTime: time('sent_time'),
    createTime: time('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('push_jobs_due_idx').on(t.status, t.nextAttemptTime),
    uniqueIndex('push_jobs_dedupe_key').on(t.subscriptionId, t.dedupeKey),
  ],
);
