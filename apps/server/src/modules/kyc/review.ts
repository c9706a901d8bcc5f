import { ErrorCode, type KycRejectReason, type kycStatuses } from '@chatpay/shared';
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/connection.ts';
import type { Ports } from '../../http/ports.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { recordAudit } from '../audit/index.ts';
import { assertIndependentChecker, users } from '../user/index.ts';
import { setVerifiedIdentity } from './levels.ts';
import { idNumberAt, presentQueueItem, presentReview, type QueueRow } from './present.ts';
import { OPEN_STATUSES } from './submissions.ts';
import { kycMembers, kycSubmissions, type SubmissionRow } from './tables.ts';

type QueueFilter = 'open' | (typeof kycStatuses)[number];

const checker = alias(users, 'checker');

/**
 * Refuses a reviewer who may not decide this submission (docs/design/identity.md, "Review"), with the staff
 * requests' rule of independence (`assertIndependentChecker`, docs/security.md "The checker") applied both
 * ways: never the member, nor whoever created or promoted the member, nor an account the member created or
 * promoted; the second approval of a level 2 submission, as a checker of the first reviewer, never that
 * reviewer nor one they created or promoted.
 */
const assertMayReview = async (exec: Executor, s: SubmissionRow, reviewerId: number) => {
  await assertIndependentChecker(exec, { makerId: s.userId, checkerId: reviewerId, targetUserId: s.userId });
  await assertIndependentChecker(exec, { makerId: reviewerId, checkerId: s.userId, targetUserId: null });
  if (s.status === 'checked' && s.checkedBy !== null)
    await assertIndependentChecker(exec, {
      makerId: s.checkedBy,
      checkerId: reviewerId,
      targetUserId: s.userId,
    });
};

const mayReview = async (exec: Executor, s: SubmissionRow, reviewerId: number) => {
  if (!(OPEN_STATUSES as readonly string[]).includes(s.status)) return false;
  try {
    await assertMayReview(exec, s, reviewerId);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.DutySeparation) return false;
    throw error;
  }
};

/** What the member is told, in their language from the type and fields (the text is the fallback). */
const noticeOf = (s: SubmissionRow) =>
  s.status === 'approved'
    ? {
        type: 'kyc.approved',
        level: s.level,
        text: `Your identity verification (level ${s.level}) was approved.`,
      }
    : {
        type: 'kyc.rejected',
        level: s.level,
        reasonCode: s.reasonCode ?? 'other',
        note: s.note,
        text: `Your identity verification (level ${s.level}) was not accepted${s.note ? `: ${s.note}` : '.'}`,
      };

/** Staff's side: the queue, an audited view of one submission, and the decision (docs/design/identity.md). */
export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly realtime: Realtime,
    private readonly ports: Ports,
  ) {}

  private queueRows(exec: Executor, where: SQL | undefined) {
    return exec
      .select({
        s: kycSubmissions,
        memberId: users.memberId,
        nickName: users.nickName,
        checkerName: checker.nickName,
      })
      .from(kycSubmissions)
      .innerJoin(users, eq(users.id, kycSubmissions.userId))
      .leftJoin(checker, eq(checker.id, kycSubmissions.checkedBy))
      .where(where);
  }

  /** The queue: waiting submissions oldest first; a decided status newest first. */
  async page(input: { page: number; size: number; status: QueueFilter }) {
    const open = input.status === 'open';
    const where = open
      ? inArray(kycSubmissions.status, [...OPEN_STATUSES])
      : eq(kycSubmissions.status, input.status);
    const [rows, [total]] = await Promise.all([
      this.queueRows(this.db, where)
        .orderBy(open ? asc(kycSubmissions.id) : desc(kycSubmissions.id))
        .limit(input.size)
        .offset((input.page - 1) * input.size),
      this.db.select({ n: count() }).from(kycSubmissions).where(where),
    ]);
    return {
      list: rows.map(presentQueueItem),
      pagination: { page: input.page, size: input.size, total: total?.n ?? 0 },
    };
  }

  private async viewOf(exec: Executor, queue: QueueRow, viewerId: number) {
    const s = queue.s;
    const open = (value: string | null, id: number) => (value ? this.box.open(value, idNumberAt(id)) : '');
    const [[member], [reviewer], [verified]] = await Promise.all([
      exec.select({ username: users.username }).from(users).where(eq(users.id, s.userId)),
      s.reviewedBy === null
        ? Promise.resolve([])
        : exec.select({ nickName: users.nickName }).from(users).where(eq(users.id, s.reviewedBy)),
      exec.select().from(kycMembers).where(eq(kycMembers.userId, s.userId)),
    ]);
    let identity = null;
    if (s.level === 2 && verified?.identityId) {
      const [i] = await exec.select().from(kycSubmissions).where(eq(kycSubmissions.id, verified.identityId));
      if (i)
        identity = {
          id: i.id,
          realName: i.realName,
          country: i.country,
          idNumber: open(i.idNumberEnc, i.id),
          documentUrl: i.documentUrl,
          selfieUrl: i.selfieUrl,
        };
    }
    const digest = s.idNumberDigest;
    const same = digest
      ? await exec
          .selectDistinctOn([kycSubmissions.userId], {
            userId: kycSubmissions.userId,
            memberId: users.memberId,
            status: kycSubmissions.status,
          })
          .from(kycSubmissions)
          .innerJoin(users, eq(users.id, kycSubmissions.userId))
          .where(and(eq(kycSubmissions.idNumberDigest, digest), ne(kycSubmissions.userId, s.userId)))
          .orderBy(kycSubmissions.userId, desc(kycSubmissions.id))
          .limit(20)
      : [];
    return presentReview({
      queue,
      username: member?.username ?? '',
      idNumber: open(s.idNumberEnc, s.id),
      identity,
      sameDocument: same,
      reviewerName: reviewer?.nickName ?? null,
      mayReview: await mayReview(exec, s, viewerId),
    });
  }

  /** One submission with its number and files; every view is written to the audit log. */
  async info(viewerId: number, id: number) {
    return this.db.transaction(async (tx) => {
      const [row] = await this.queueRows(tx, eq(kycSubmissions.id, id));
      if (!row) throw new AppError(ErrorCode.KycSubmissionNotFound);
      await recordAudit(tx, {
        actorId: viewerId,
        action: 'kyc:submission:view',
        targetUserId: row.s.userId,
        reason: `#${id}`,
      });
      return this.viewOf(tx, row, viewerId);
    });
  }

  /**
   * Approves or rejects an open submission (audited). Level 1 is approved by one reviewer; level 2 by two:
   * the first approval makes it `checked`, the second (another, independent reviewer) raises the level.
   */
  async review(
    reviewerId: number,
    input: { id: number; approve: boolean; reasonCode?: KycRejectReason | undefined; note: string },
  ) {
    const now = this.clock.now();
    const decided = await this.db.transaction(async (tx) => {
      const [s] = await tx.select().from(kycSubmissions).where(eq(kycSubmissions.id, input.id)).for('update');
      if (!s) throw new AppError(ErrorCode.KycSubmissionNotFound);
      if (!(OPEN_STATUSES as readonly string[]).includes(s.status))
        throw new AppError(ErrorCode.KycNotReviewable);
      await assertMayReview(tx, s, reviewerId);
      const reason = `#${s.id} level ${s.level}${input.note ? `: ${input.note}` : ''}`;
      if (!input.approve) {
        const [rejected] = await tx
          .update(kycSubmissions)
          .set({
            status: 'rejected',
            reasonCode: input.reasonCode ?? 'other',
            note: input.note,
            reviewedBy: reviewerId,
            reviewTime: now,
            updateTime: now,
          })
          .where(eq(kycSubmissions.id, s.id))
          .returning();
        await recordAudit(tx, {
          actorId: reviewerId,
          action: 'kyc:submission:reject',
          targetUserId: s.userId,
          reason: `${reason} (${input.reasonCode ?? 'other'})`,
        });
        return rejected!;
      }
      if (s.level === 2 && s.status === 'pending') {
        const [checked] = await tx
          .update(kycSubmissions)
          .set({
            status: 'checked',
            checkedBy: reviewerId,
            checkTime: now,
            note: input.note,
            updateTime: now,
          })
          .where(eq(kycSubmissions.id, s.id))
          .returning();
        await recordAudit(tx, {
          actorId: reviewerId,
          action: 'kyc:submission:check',
          targetUserId: s.userId,
          reason,
        });
        return checked!;
      }
      const [approved] = await tx
        .update(kycSubmissions)
        .set({
          status: 'approved',
          reviewedBy: reviewerId,
          reviewTime: now,
          note: input.note,
          updateTime: now,
        })
        .where(eq(kycSubmissions.id, s.id))
        .returning();
      const [member] = await tx.select().from(kycMembers).where(eq(kycMembers.userId, s.userId));
      await setVerifiedIdentity(
        tx,
        s.level === 1
          ? { userId: s.userId, level: 1, realName: s.realName, country: s.country, identityId: s.id }
          : {
              userId: s.userId,
              level: 2,
              realName: member?.realName ?? s.realName,
              country: member?.country ?? s.country,
              identityId: member?.identityId ?? null,
            },
      );
      await recordAudit(tx, {
        actorId: reviewerId,
        action: 'kyc:submission:approve',
        targetUserId: s.userId,
        reason,
      });
      return approved!;
    });
    this.realtime.emitToStaff('console', { kind: 'kyc' });
    if (decided.status !== 'checked') {
      const [member] = await this.db
        .select({ level: kycMembers.level })
        .from(kycMembers)
        .where(eq(kycMembers.userId, decided.userId));
      this.realtime.emitToUser(decided.userId, 'onKycReview', {
        id: decided.id,
        status: decided.status as 'approved' | 'rejected',
        level: member?.level ?? 0,
      });
      await this.ports.accountNotices.notify(this.db, this.realtime, decided.userId, noticeOf(decided));
    }
    const [row] = await this.queueRows(this.db, eq(kycSubmissions.id, decided.id));
    return this.viewOf(this.db, row!, reviewerId);
  }
}
