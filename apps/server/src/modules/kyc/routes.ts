import { adminKycApi, ErrorCode, kycApi, testKycApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { recordAudit } from '../audit/index.ts';
import { users } from '../user/index.ts';
import { setVerifiedIdentity } from './levels.ts';
import { resealNumbers } from './reseal.ts';
import { retentionJob } from './retention.ts';
import { ReviewService } from './review.ts';
import { SubmissionService } from './submissions.ts';

/**
 * Identity verification (docs/design/identity.md): the member's status and submissions, the reviewers' queue,
 * the retention job, and on test servers the grant that makes verified members without a review.
 */
export const registerKycRoutes = async (
  deps: AppDeps & {
    /** The development fallback of C2C_SECRET (the JWT secret), as the market uses. */
    secret: string;
    /** Deletes uploads by URL (the uploads module's store). */
    deleteFiles: (urls: readonly string[]) => Promise<number>;
  },
) => {
  const box = secretBoxOf(deps.config, deps.secret);
  const resealed = await resealNumbers(deps.db, box);
  if (resealed > 0)
    deps.app.log.info(
      { resealed, keyId: box.keyId },
      'identity document numbers resealed under the current key',
    );
  const submissions = new SubmissionService(deps.db, box, deps.config, deps.clock, deps.realtime);
  const reviews = new ReviewService(deps.db, box, deps.clock, deps.realtime, deps.ports);

  route(deps, kycApi.status, (_input, ctx) => submissions.status(ctx.user.id));
  route(deps, kycApi.submit, (input, ctx) => submissions.submit(ctx.user.id, input));
  route(deps, adminKycApi.page, (input) => reviews.page(input));
  route(deps, adminKycApi.info, (input, ctx) => reviews.info(ctx.user.id, input.id));
  route(deps, adminKycApi.review, (input, ctx) => reviews.review(ctx.user.id, input));
  deps.jobs.add(retentionJob(deps.db, deps.clock, deps.config.KYC_RETENTION_DAYS, deps.deleteFiles));

  if (deps.config.TEST_KYC_GRANT)
    route(deps, testKycApi.grant, async (input, ctx) => {
      await deps.db.transaction(async (tx) => {
        const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
        if (!member) throw new AppError(ErrorCode.MemberNotFound);
        await setVerifiedIdentity(tx, {
          userId: input.userId,
          level: input.level,
          realName: input.realName ?? 'Li Lei',
          country: input.country ?? 'CN',
          identityId: null,
        });
        await recordAudit(tx, {
          actorId: ctx.user.id,
          action: 'kyc:test:grant',
          targetUserId: input.userId,
          reason: `level ${input.level}`,
        });
      });
      return { level: input.level };
    });
};
