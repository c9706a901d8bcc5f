import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { Clock } from '../../lib/clock.ts';
import { kycSubmissions } from './tables.ts';

const BATCH = 100;
const DAY_MS = 24 * 3600 * 1000;

/**
 * `kyc-retention` (docs/design/identity.md, "Retention"): the files and the sealed number of a submission
 * rejected or superseded `days` ago are deleted, and the row keeps only what the decision needs to be
 * understood later (name, country, status, reason, reviewers). Files go first, then the row's references:
 * a pass that dies in between deletes nothing twice and finishes the row on the next pass. Approved
 * submissions keep their files: they are the evidence of the member's level.
 */
export const retentionJob = (
  db: Db,
  clock: Clock,
  days: number,
  deleteFiles: (urls: readonly string[]) => Promise<number>,
): Job => ({
  name: 'kyc-retention',
  async run() {
    const cutoff = new Date(clock.now().getTime() - days * DAY_MS);
    const due = await db
      .select()
      .from(kycSubmissions)
      .where(
        and(
          inArray(kycSubmissions.status, ['rejected', 'superseded']),
          isNull(kycSubmissions.purgeTime),
          lt(kycSubmissions.updateTime, cutoff),
        ),
      )
      .orderBy(asc(kycSubmissions.id))
      .limit(BATCH);
    for (const s of due) {
      const files = [s.documentUrl, s.selfieUrl, s.addressUrl].filter((u): u is string => Boolean(u));
      await deleteFiles(files);
      await db
        .update(kycSubmissions)
        .set({
          documentUrl: null,
          selfieUrl: null,
          addressUrl: null,
          idNumberEnc: null,
          idNumberDigest: null,
          purgeTime: clock.now(),
        })
        .where(and(eq(kycSubmissions.id, s.id), isNull(kycSubmissions.purgeTime)));
    }
    return due.length;
  },
});
