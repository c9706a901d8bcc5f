import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';

/**
 * Identity verification (docs/design/identity.md): levels, a member's submissions, staff review. Level 0 is
 * every member; level 1 is a verified identity (name, ID document, selfie); level 2 adds a proof of address.
 */

const KYC = '/app/kyc';
const ADMIN = '/admin/kyc';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const kycLevels = [0, 1, 2] as const;
export type KycLevel = (typeof kycLevels)[number];

/** The level each act needs (docs/design/identity.md, "Levels"). */
export const KYC_LEVEL_FOR = {
  /** Placing a C2C order (either side) and keeping payment methods. */
  c2c: 1,
  /** Applying to be a merchant. */
  merchant: 2,
} as const;

/**
 * A submission's life: `pending` until a reviewer decides; a level 2 submission approved once is `checked`
 * and waits for a second, different reviewer; `approved` or `rejected`; `superseded` when the member sent a
 * new one before the decision.
 */
export const kycStatuses = ['pending', 'checked', 'approved', 'rejected', 'superseded'] as const;
export type KycStatus = (typeof kycStatuses)[number];

/** Why a reviewer refused a submission; the member reads it in their own language (`identity.reason.*`). */
export const kycRejectReasons = [
  'unreadable',
  'name_mismatch',
  'number_mismatch',
  'expired',
  'selfie_mismatch',
  'address_unaccepted',
  'duplicate',
  'other',
] as const;
export type KycRejectReason = (typeof kycRejectReasons)[number];

/** A legal name as on the document: letters of any script, spaces, dots, hyphens and apostrophes. */
export const KYC_NAME_MAX = 60;
export const realName = z
  .string()
  .trim()
  .min(1, 'Content cannot be empty')
  .max(KYC_NAME_MAX)
  .transform((s) => s.replace(/\s+/g, ' '))
  .pipe(z.string().regex(/^[\p{L}\p{M}][\p{L}\p{M} .·'-]*$/u, 'Letters, spaces, dots and hyphens only'));

/** The document number: letters, digits, spaces and hyphens, 4-32 characters. */
export const idNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,30}[A-Za-z0-9]$/, 'Letters and digits, 4-32 characters');

/** ISO 3166-1 alpha-2 country code of the document (`CN`, `VN`, `JP`, `US`, …). */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A two-letter country code');

/** One of the member's own uploads (`/uploads/…`); the server checks it. */
const documentUrl = z.string().trim().min(1).max(500);

export const kycSubmitInput = z.discriminatedUnion('level', [
  z.object({
    level: z.literal(1),
    realName,
    idNumber,
    country: countryCode,
    /** The photo of the ID document. */
    documentUrl,
    /** A selfie holding the document. */
    selfieUrl: documentUrl,
  }),
  z.object({
    level: z.literal(2),
    /** A recent proof of address (utility bill, bank statement) in the verified name. */
    addressUrl: documentUrl,
  }),
]);
export type KycSubmitInput = z.input<typeof kycSubmitInput>;

/** A submission as its member sees it: the ID number masked. */
export const kycSubmission = z.object({
  id: z.number().int(),
  level: z.union([z.literal(1), z.literal(2)]),
  status: z.enum(kycStatuses),
  realName: z.string(),
  country: z.string(),
  /** `****` and the last 4 characters. */
  idNumberMasked: z.string(),
  /** The files; null once deleted after the retention period (docs/design/identity.md, "Retention"). */
  documentUrl: z.string().nullable(),
  selfieUrl: z.string().nullable(),
  addressUrl: z.string().nullable(),
  /** A rejection's reason code and the reviewer's note ('' when none). */
  reasonCode: z.enum(kycRejectReasons).nullable(),
  note: z.string(),
  createTime: z.string(),
  reviewTime: z.string().nullable(),
});
export type KycSubmission = z.infer<typeof kycSubmission>;

/** What each level allows, from the server's settings; `null` withdrawal: no cap of its own. */
export const kycLevelLimits = z.object({
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  withdrawalDaily: z.string().nullable(),
  c2c: z.boolean(),
  merchant: z.boolean(),
});

export const kycStatusView = z.object({
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** The verified name and country; null at level 0. */
  realName: z.string().nullable(),
  country: z.string().nullable(),
  levels: z.array(kycLevelLimits),
  /** The latest submission (any status), or null. */
  submission: kycSubmission.nullable(),
  /**
   * The level the member may submit for now (the server's rule: level 1 from level 0, level 2 from level 1;
   * a pending one may be replaced), or null when nothing can be sent.
   */
  canSubmit: z.union([z.literal(1), z.literal(2)]).nullable(),
});
export type KycStatusView = z.infer<typeof kycStatusView>;

export const kycApi = {
  status: endpoint({
    method: 'GET',
    path: `${KYC}/status`,
    auth: 'user',
    summary: 'My verification level, its limits and my latest submission with its status and reason',
    input: z.object({}),
    output: kycStatusView,
  }),
  submit: endpoint({
    method: 'POST',
    path: `${KYC}/submit`,
    auth: 'user',
    summary:
      'Send my identity (level 1) or proof of address (level 2) for review; again after a rejection, or to replace one still waiting',
    input: kycSubmitInput,
    output: kycStatusView,
    errors: [ErrorCode.InvalidMediaUrl, ErrorCode.KycNotAllowed, ErrorCode.KycDocumentReused],
  }),
};

// ---- staff --------------------------------------------------------------------------------------

/** The queue: waiting (`pending` and `checked`), or one status. */
export const kycQueueFilters = ['open', ...kycStatuses] as const;

const reviewerRef = z.object({ id: z.number().int(), nickName: z.string() }).nullable();

export const kycQueueItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  memberId: z.string(),
  nickName: z.string(),
  level: z.union([z.literal(1), z.literal(2)]),
  status: z.enum(kycStatuses),
  realName: z.string(),
  country: z.string(),
  /** The first approval of a level 2 submission; null otherwise. */
  checkedBy: reviewerRef,
  createTime: z.string(),
});
export type KycQueueItem = z.infer<typeof kycQueueItem>;

/** A submission as a reviewer sees it (each view is audited): the ID number in full and the files. */
export const kycReviewView = kycQueueItem.extend({
  username: z.string(),
  idNumber: z.string(),
  documentUrl: z.string().nullable(),
  selfieUrl: z.string().nullable(),
  addressUrl: z.string().nullable(),
  /** For level 2: the identity its level rests on (the approved level 1 submission), files included. */
  identity: z
    .object({
      id: z.number().int(),
      realName: z.string(),
      country: z.string(),
      idNumber: z.string(),
      documentUrl: z.string().nullable(),
      selfieUrl: z.string().nullable(),
    })
    .nullable(),
  /** Other members whose submissions carry the same document (country and number). */
  sameDocument: z.array(z.object({ userId: z.number().int(), memberId: z.string(), status: z.string() })),
  reasonCode: z.enum(kycRejectReasons).nullable(),
  note: z.string(),
  reviewedBy: reviewerRef,
  reviewTime: z.string().nullable(),
  /**
   * Whether the viewer may decide it now, by the same rule the review refuses by: open, and the viewer is
   * neither the member, nor associated with them, nor (for the second approval) the first reviewer.
   */
  mayReview: z.boolean(),
});
export type KycReviewView = z.infer<typeof kycReviewView>;

export const adminKycApi = {
  page: endpoint({
    method: 'POST',
    path: `${ADMIN}/page`,
    auth: 'user',
    permission: 'kyc:submission:page',
    summary: 'Staff: identity submissions, oldest waiting first (without ID numbers or files)',
    input: pageInput.extend({ status: z.enum(kycQueueFilters).default('open') }),
    output: pageOf(kycQueueItem),
  }),
  info: endpoint({
    method: 'GET',
    path: `${ADMIN}/info`,
    auth: 'user',
    permission: 'kyc:submission:info',
    summary: 'Staff: one submission with its ID number and files (audited)',
    input: z.object({ id }),
    output: kycReviewView,
    errors: [ErrorCode.KycSubmissionNotFound],
  }),
  review: endpoint({
    method: 'POST',
    path: `${ADMIN}/review`,
    auth: 'user',
    permission: 'kyc:submission:review',
    summary:
      'Staff: approve or reject a submission with a reason; level 2 needs a second, different reviewer; never your own or an associate’s (audited)',
    input: z
      .object({
        id,
        approve: z.boolean(),
        reasonCode: z.enum(kycRejectReasons).optional(),
        note: z.string().trim().max(500).default(''),
      })
      .refine((v) => v.approve || v.reasonCode !== undefined, {
        message: 'A rejection needs a reason',
        path: ['reasonCode'],
      }),
    output: kycReviewView,
    errors: [ErrorCode.KycSubmissionNotFound, ErrorCode.KycNotReviewable, ErrorCode.DutySeparation],
  }),
};

/** Test servers only (TEST_KYC_GRANT=true, refused in production): set a member's level without review. */
export const testKycApi = {
  grant: endpoint({
    method: 'POST',
    path: '/admin/test/kyc/grant',
    auth: 'user',
    permission: 'kyc:test:grant',
    summary: "Set a member's verification level and verified name (TEST_KYC_GRANT servers only)",
    input: z.object({
      userId: id,
      level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      realName: realName.optional(),
      country: countryCode.optional(),
    }),
    output: z.object({ level: z.number().int() }),
    errors: [ErrorCode.MemberNotFound],
  }),
};
