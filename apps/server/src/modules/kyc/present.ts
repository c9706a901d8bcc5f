import type {
  KycLevel,
  KycQueueItem,
  KycRejectReason,
  KycReviewView,
  KycStatus,
  KycStatusView,
  KycSubmission,
} from '@chatpay/shared';
import type { SealedAt } from '../../lib/secret-box.ts';
import type { WithdrawalLimits } from './levels.ts';
import type { SubmissionRow } from './tables.ts';

/** Where the kyc module seals document numbers: each opens only in its own row. */
export const idNumberAt = (submissionId: number): SealedAt => ({
  table: 'kyc_submissions',
  column: 'id_number_enc',
  row: submissionId,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A submission as its member sees it: the number masked. */
export const presentSubmission = (r: SubmissionRow): KycSubmission => ({
  id: r.id,
  level: r.level === 2 ? 2 : 1,
  status: r.status as KycStatus,
  realName: r.realName,
  country: r.country,
  idNumberMasked: r.idNumberLast4 ? `****${r.idNumberLast4}` : '',
  documentUrl: r.documentUrl,
  selfieUrl: r.selfieUrl,
  addressUrl: r.addressUrl,
  reasonCode: r.reasonCode as KycRejectReason | null,
  note: r.note,
  createTime: r.createTime.toISOString(),
  reviewTime: iso(r.reviewTime),
});

/**
 * What a member may send now (the rule `submit` refuses by): level 1 from level 0, level 2 from level 1; a
 * submission waiting for review may be replaced by one of the same level.
 */
export const nextLevel = (level: KycLevel): 1 | 2 | null => (level === 0 ? 1 : level === 1 ? 2 : null);

export const presentStatus = (
  member: { level: KycLevel; realName: string | null; country: string | null },
  latest: SubmissionRow | null,
  limits: WithdrawalLimits,
  formatUsdt: (v: bigint) => string,
): KycStatusView => ({
  level: member.level,
  realName: member.realName,
  country: member.country,
  levels: ([0, 1, 2] as const).map((level) => ({
    level,
    withdrawalDaily: limits[level] > 0n ? formatUsdt(limits[level]) : null,
    c2c: level >= 1,
    merchant: level >= 2,
  })),
  submission: latest ? presentSubmission(latest) : null,
  canSubmit: nextLevel(member.level),
});

export interface QueueRow {
  s: SubmissionRow;
  memberId: string;
  nickName: string;
  checkerName: string | null;
}

export const presentQueueItem = ({ s, memberId, nickName, checkerName }: QueueRow): KycQueueItem => ({
  id: s.id,
  userId: s.userId,
  memberId,
  nickName,
  level: s.level === 2 ? 2 : 1,
  status: s.status as KycStatus,
  realName: s.realName,
  country: s.country,
  checkedBy: s.checkedBy === null ? null : { id: s.checkedBy, nickName: checkerName ?? '' },
  createTime: s.createTime.toISOString(),
});

/** What a reviewer's view holds besides the row: opened numbers, the identity it rests on, look-alikes. */
export interface ReviewHydration {
  queue: QueueRow;
  username: string;
  idNumber: string;
  identity: KycReviewView['identity'];
  sameDocument: KycReviewView['sameDocument'];
  reviewerName: string | null;
  mayReview: boolean;
}

export const presentReview = (h: ReviewHydration): KycReviewView => {
  const s = h.queue.s;
  return {
    ...presentQueueItem(h.queue),
    username: h.username,
    idNumber: h.idNumber,
    documentUrl: s.documentUrl,
    selfieUrl: s.selfieUrl,
    addressUrl: s.addressUrl,
    identity: h.identity,
    sameDocument: h.sameDocument,
    reasonCode: s.reasonCode as KycRejectReason | null,
    note: s.note,
    reviewedBy: s.reviewedBy === null ? null : { id: s.reviewedBy, nickName: h.reviewerName ?? '' },
    reviewTime: iso(s.reviewTime),
    mayReview: h.mayReview,
  };
};
