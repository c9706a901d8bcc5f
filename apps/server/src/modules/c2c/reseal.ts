import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { type SecretBox, sealedAt } from './crypto.ts';
import { c2cMerchants, c2cPaymentMethods } from './tables.ts';

/**
 * Start-up migration of sealed values (docs/security.md): values in the first format (`v1`, no key id,
 * not bound to their row) and values under a previous C2C secret are rewritten under the current key for
 * their row. Each update is conditional on the old value, so processes starting at once cannot overwrite each
 * other. Answers how many values were rewritten.
 */
export const resealSecrets = async (db: Db, box: SecretBox): Promise<number> => {
  let rewritten = 0;
  const cards = await db
    .select({ id: c2cPaymentMethods.id, value: c2cPaymentMethods.secretKeyEnc })
    .from(c2cPaymentMethods)
    .where(isNotNull(c2cPaymentMethods.secretKeyEnc));
  for (const { id, value } of cards) {
    if (!value || !box.isStale(value)) continue;
    await db
      .update(c2cPaymentMethods)
      .set({ secretKeyEnc: box.reseal(value, sealedAt.cardSecret(id)) })
      .where(and(eq(c2cPaymentMethods.id, id), eq(c2cPaymentMethods.secretKeyEnc, value)));
    rewritten++;
  }
  const merchants = await db
    .select({ userId: c2cMerchants.userId, value: c2cMerchants.apiKeyEnc })
    .from(c2cMerchants)
    .where(isNotNull(c2cMerchants.apiKeyEnc));
  for (const { userId, value } of merchants) {
    if (!value || !box.isStale(value)) continue;
    await db
      .update(c2cMerchants)
      .set({ apiKeyEnc: box.reseal(value, sealedAt.merchantKey(userId)) })
      .where(and(eq(c2cMerchants.userId, userId), eq(c2cMerchants.apiKeyEnc, value)));
    rewritten++;
  }
  return rewritten;
};
