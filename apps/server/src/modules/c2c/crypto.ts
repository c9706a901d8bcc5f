import type { SealedAt } from '../../lib/secret-box.ts';

export { type SealedAt, SecretBox } from '../../lib/secret-box.ts';

/** The places where the C2C module seals values. */
export const sealedAt = {
  cardSecret: (methodId: number): SealedAt => ({
    table: 'c2c_payment_methods',
    column: 'secret_key_enc',
    row: methodId,
  }),
  merchantKey: (userId: number): SealedAt => ({ table: 'c2c_merchants', column: 'api_key_enc', row: userId }),
};

/** `****` and the last 4 characters; '' for nothing. */
export const mask = (text: string) => (text ? `****${text.slice(-4)}` : '');
