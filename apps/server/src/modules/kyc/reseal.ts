import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { idNumberAt } from './present.ts';
import { documentDigest } from './submissions.ts';
import { kycSubmissions } from './tables.ts';

/**
 * Start-up rotation of sealed document numbers (docs/security.md, as the C2C secrets): a number sealed under a
 * previous C2C secret is rewritten under the current key for its row, and its digest made again under the
 * current key, conditional on the old value so processes starting at once cannot overwrite each other.
 * Answers how many it rewrote.
 */
export const resealNumbers = async (db: Db, box: SecretBox): Promise<number> => {
  let rewritten = 0;
  const rows = await db
    .select({ id: kycSubmissions.id, value: kycSubmissions.idNumberEnc, country: kycSubmissions.country })
    .from(kycSubmissions)
    .where(isNotNull(kycSubmissions.idNumberEnc));
  for (const { id, value, country } of rows) {
    if (!value || !box.isStale(value)) continue;
    const fresh = box.reseal(value, idNumberAt(id));
    await db
      .update(kycSubmissions)
      .set({
        idNumberEnc: fresh,
        idNumberDigest: documentDigest(box, country, box.open(fresh, idNumberAt(id))),
      })
      .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.idNumberEnc, value)));
    rewritten++;
  }
  return rewritten;
};
