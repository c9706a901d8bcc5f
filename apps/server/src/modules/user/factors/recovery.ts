import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { hashPeppered, verifyPeppered } from '../pepper.ts';
import { recoveryCodes } from '../tables.ts';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** The clear part that finds a code's row; the other 12 characters (60 bits) are secret. */
const SELECTOR_LENGTH = 4;

const newCode = () => [...randomBytes(16)].map((b) => ALPHABET[b % 32]).join('');

/** As shown to the member: four groups of four. */
const shown = (code: string) => code.match(/.{4}/g)!.join('-');

/** Replaces every recovery code of the member by 10 new ones; answers them as shown, once. */
export const replaceRecoveryCodes = async (db: Db, userId: number): Promise<string[]> => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({
      userId,
      selector: code.slice(0, SELECTOR_LENGTH),
      codeHash: await hashPeppered(db, code),
    })),
  );
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(rows);
  });
  return codes.map(shown);
};

/** Spends a recovery code (normalised: 16 characters, no dashes). False when it is wrong or already used. */
export const spendRecoveryCode = async (db: Db, userId: number, code: string, now: Date) => {
  const candidates = await db
    .select()
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.selector, code.slice(0, SELECTOR_LENGTH)),
        isNull(recoveryCodes.usedAt),
      ),
    );
  for (const row of candidates) {
    if (!(await verifyPeppered(db, row.codeHash, code))) continue;
    const [spent] = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return spent !== undefined;
  }
  return false;
};
