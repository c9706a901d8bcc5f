import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../user/tables.ts';

/**
 * A member's verified identity and level (docs/design/identity.md): written when a reviewer approves a
 * submission. No row: level 0. The market joins it read-only for the buyer's verified name.
 */
export const kycMembers = pgTable('kyc_members', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** 1: identity verified; 2: address verified too. */
  level: integer('level').notNull(),
  realName: text('real_name').notNull(),
  /** ISO 3166-1 alpha-2 of the identity document. */
  country: text('country').notNull(),
  /** The approved level 1 submission the identity comes from (null when set on a test server). */
  identityId: integer('identity_id'),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What members sent for review. Status: pending → (level 2: checked →) approved | rejected; superseded when
 * the member sent another before the decision. The ID number is sealed for its row (lib/secret-box.ts); the
 * digest finds the same document on other accounts. Files and number are deleted `KYC_RETENTION_DAYS` after a
 * rejection or a replacement (`purge_time`).
 */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    level: integer('level').notNull(),
    status: text('status').notNull().default('pending'),
    realName: text('real_name').notNull(),
    country: text('country').notNull(),
    /** Level 1 only: the document number, sealed; null for level 2 and once purged. */
    idNumberEnc: text('id_number_enc'),
    idNumberLast4: text('id_number_last4').notNull().default(''),
    idNumberDigest: text('id_number_digest'),
    /** Upload URLs (private, restricted to reviewers: modules/uploads/references.ts). */
    documentUrl: text('document_url'),
    selfieUrl: text('selfie_url'),
    addressUrl: text('address_url'),
    /** A level 2 submission's first approval. */
    checkedBy: integer('checked_by'),
    checkTime: timestamp('check_time', { withTimezone: true }),
    /** Who decided it (the second reviewer for level 2). */
    reviewedBy: integer('reviewed_by'),
    reviewTime: timestamp('review_time', { withTimezone: true }),
    reasonCode: text('reason_code'),
    note: text('note').notNull().default(''),
    /** When a rejected or superseded submission's files and number were deleted. */
    purgeTime: timestamp('purge_time', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    /** The last change of status: a rejection's or a replacement's retention counts from here. */
    updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('kyc_submissions_user_idx').on(t.userId, t.id),
    index('kyc_submissions_status_idx').on(t.status, t.id),
    index('kyc_submissions_digest_idx').on(t.idNumberDigest),
    // The `/uploads` gate asks whether a file is an identity document (modules/uploads/references.ts).
    index('kyc_submissions_document_idx').on(t.documentUrl),
    index('kyc_submissions_selfie_idx').on(t.selfieUrl),
    index('kyc_submissions_address_idx').on(t.addressUrl),
    // One submission waiting per member: a new one replaces it (superseded) in the same transaction.
    uniqueIndex('kyc_submissions_open_key').on(t.userId).where(sql`status IN ('pending', 'checked')`),
  ],
);

export type SubmissionRow = typeof kycSubmissions.$inferSelect;
