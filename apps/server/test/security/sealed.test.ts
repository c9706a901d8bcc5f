import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { bankApi, ErrorCode, merchantApi } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { c2cMerchants, c2cPaymentMethods } from '../../src/db/schema/index.ts';
import { SecretBox, sealedAt } from '../../src/modules/c2c/crypto.ts';
import { resealSecrets } from '../../src/modules/c2c/reseal.ts';
import { createMerchant } from '../c2c/factories.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUser, TEST_PIN } from '../helpers/factories.ts';

/** Sealed values (docs/security.md): bound to their row and column, with a key id for rotation. */
const SECRET = 's'.repeat(40);
const card = (secretKey: string) =>
  ({ type: 'card', name: 'Pay', publishKey: 'pk_1', secretKey, dailyMaxOrders: 0 }) as const;

/** The first format: `v1.<iv>.<tag>.<data>`, no key id, no additional data. */
const sealV1 = (secret: string, plain: string) => {
  const key = Buffer.from(hkdfSync('sha256', secret, 'chatpay', 'c2c-secret-box-v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
};

describe('SecretBox', () => {
  it('opens a value only at the row and column it was sealed for', () => {
    const box = new SecretBox(SECRET);
    const sealed = box.seal('sk_live_1234', sealedAt.cardSecret(1));
    expect(sealed.startsWith(`v2.${box.keyId}.`)).toBe(true);
    expect(box.open(sealed, sealedAt.cardSecret(1))).toBe('sk_live_1234');
    expect(() => box.open(sealed, sealedAt.cardSecret(2))).toThrow();
    expect(() => box.open(sealed, sealedAt.merchantKey(1))).toThrow();
  });

  it('rotation: values under a previous secret open and are resealed under the current key', () => {
    const old = new SecretBox('o'.repeat(40));
    const sealed = old.seal('key-a', sealedAt.merchantKey(7));
    const rotated = new SecretBox(SECRET, ['o'.repeat(40)]);
    expect(rotated.keyId).not.toBe(old.keyId);
    expect(rotated.open(sealed, sealedAt.merchantKey(7))).toBe('key-a');
    expect(rotated.isStale(sealed)).toBe(true);
    const resealed = rotated.reseal(sealed, sealedAt.merchantKey(7));
    expect(rotated.isStale(resealed)).toBe(false);
    expect(new SecretBox(SECRET).open(resealed, sealedAt.merchantKey(7))).toBe('key-a');
    // Without the previous secret, the old value does not open.
    expect(() => new SecretBox(SECRET).open(sealed, sealedAt.merchantKey(7))).toThrow();
  });

  it('a v1 value (no key id) opens only through reseal, which binds it', () => {
    const box = new SecretBox(SECRET);
    const v1 = sealV1(SECRET, 'sk_old_5555');
    expect(() => box.open(v1, sealedAt.cardSecret(3))).toThrow();
    const bound = box.reseal(v1, sealedAt.cardSecret(3));
    expect(box.open(bound, sealedAt.cardSecret(3))).toBe('sk_old_5555');
    expect(() => box.open(bound, sealedAt.cardSecret(4))).toThrow();
  });
});

describe('sealed values in the database', () => {
  const t = useTestApp();

  it('a card secret swapped to another row or into the merchant key column does not open', async () => {
    const alice = await createUser(t, { level: 1 });
    const mallory = await createMerchant(t);
    await t.ok(merchantApi.apiKey, { pin: TEST_PIN }, mallory.token);
    const a = await t.ok(bankApi.add, card('sk_alice_1111'), alice.token);
    const m = await t.ok(bankApi.add, card('sk_mallory_2222'), mallory.token);
    const db = t.database.db;
    const [aRow] = await db.select().from(c2cPaymentMethods).where(eq(c2cPaymentMethods.id, a.id));

    // Mallory copies Alice's sealed secret into her own method: it must not open as hers.
    await db
      .update(c2cPaymentMethods)
      .set({ secretKeyEnc: aRow!.secretKeyEnc })
      .where(eq(c2cPaymentMethods.id, m.id));
    const swapped = await t.call(bankApi.info, { id: m.id }, mallory.token);
    expect(swapped.code).toBe(ErrorCode.Internal);
    expect(JSON.stringify(swapped)).not.toContain('1111');

    // Nor as her merchant API key (the merchant API and webhooks would sign with it).
    await db
      .update(c2cMerchants)
      .set({ apiKeyEnc: aRow!.secretKeyEnc })
      .where(eq(c2cMerchants.userId, mallory.id));
    const box = new SecretBox(t.config.C2C_SECRET ?? t.config.JWT_SECRET!);
    expect(() => box.open(aRow!.secretKeyEnc!, sealedAt.merchantKey(mallory.id))).toThrow();
    expect(box.open(aRow!.secretKeyEnc!, sealedAt.cardSecret(a.id))).toBe('sk_alice_1111');
  });

  it('start-up rewrites v1 values bound to their row', async () => {
    const bob = await createUser(t, { level: 1 });
    const method = await t.ok(bankApi.add, card('sk_bob_3333'), bob.token);
    const secret = t.config.C2C_SECRET ?? t.config.JWT_SECRET!;
    const db = t.database.db;
    await db
      .update(c2cPaymentMethods)
      .set({ secretKeyEnc: sealV1(secret, 'sk_bob_4444') })
      .where(eq(c2cPaymentMethods.id, method.id));
    const box = new SecretBox(secret);
    expect(await resealSecrets(db, box)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(c2cPaymentMethods).where(eq(c2cPaymentMethods.id, method.id));
    expect(row!.secretKeyEnc!.startsWith(`v2.${box.keyId}.`)).toBe(true);
    expect((await t.ok(bankApi.info, { id: method.id }, bob.token)).secretKeyMasked).toBe('****4444');
    expect(await resealSecrets(db, box)).toBe(0);
  });
});
