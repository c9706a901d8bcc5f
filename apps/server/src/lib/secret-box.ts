import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** Where a sealed value lives: it opens only there (the table, the column and the row's key). */
export interface SealedAt {
  table: string;
  column: string;
  row: string | number;
}

const additionalData = (at: SealedAt) => Buffer.from(`chatpay:${at.table}.${at.column}#${at.row}`, 'utf8');

interface Key {
  id: string;
  key: Buffer;
}

const deriveKey = (secret: string, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'chatpay', info, 32));

/** A short public name of a key (not of the secret): 8 hex characters of a hash of the derived key. */
const keyId = (key: Buffer) => createHash('sha256').update('key-id').update(key).digest('hex').slice(0, 8);

/**
 * AES-256-GCM for secrets the server must read back (card-provider secret keys, merchant API keys, identity
 * document numbers). Keys are derived with HKDF-SHA256 from C2C_SECRET, so they never sit in the database.
 *
 * Stored form: `v2.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts). The table, column and row key are the
 * additional authenticated data, so a sealed value copied to another row or column does not open. The key id
 * names the secret that sealed it: after a rotation (C2C_SECRET new, C2C_SECRET_PREVIOUS old) the old values
 * still open, and `reseal` rewrites them under the current key. `v1.<iv>.<tag>.<ciphertext>` (the first
 * format: no key id, no additional data) opens only through `reseal`, which the server runs at start-up.
 */
export class SecretBox {
  private readonly current: Key;
  private readonly keys: Map<string, Key>;
  private readonly legacy: Buffer[];

  constructor(secret: string, previous: string[] = []) {
    const make = (s: string): Key => {
      const key = deriveKey(s, 'c2c-secret-box-v2');
      return { id: keyId(key), key };
    };
    this.current = make(secret);
    this.keys = new Map([this.current, ...previous.map(make)].map((k) => [k.id, k]));
    this.legacy = [secret, ...previous].map((s) => deriveKey(s, 'c2c-secret-box-v1'));
  }

  get keyId() {
    return this.current.id;
  }

  /**
   * A keyed digest of `text` for finding equal values without opening them (an identity document seen on two
   * accounts): HMAC-SHA256 under a key derived for `purpose`. It follows the current secret, so values sealed
   * under a previous one are digested again when they are resealed.
   */
  digest(text: string, purpose: string): string {
    const key = Buffer.from(hkdfSync('sha256', this.current.key, 'chatpay', `digest:${purpose}`, 32));
    return createHmac('sha256', key).update(text, 'utf8').digest('base64url');
  }

  seal(plain: string, at: SealedAt): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(additionalData(at));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v2', this.current.id, ...[iv, tag, data].map((p) => p.toString('base64url'))].join('.');
  }

  /** The plain text; throws when the value was sealed for another place, altered, or under an unknown key. */
  open(sealed: string, at: SealedAt): string {
    const [version, kid, iv, tag, data] = sealed.split('.');
    const key = kid ? this.keys.get(kid) : undefined;
    if (version !== 'v2' || !key || !iv || !tag || data === undefined)
      throw new Error('Unknown sealed format');
    return decrypt(key.key, iv, tag, data, additionalData(at));
  }

  /** Whether `sealed` should be rewritten: an old format, or a key other than the current one. */
  isStale(sealed: string) {
    return !sealed.startsWith(`v2.${this.current.id}.`);
  }

  /** Rewrites a stale value (v1, or an older key) under the current key for its place. */
  reseal(sealed: string, at: SealedAt): string {
    if (!sealed.startsWith('v1.')) return this.seal(this.open(sealed, at), at);
    const [, iv, tag, data] = sealed.split('.');
    if (!iv || !tag || data === undefined) throw new Error('Unknown sealed format');
    for (const key of this.legacy) {
      try {
        return this.seal(decrypt(key, iv, tag, data, null), at);
      } catch {
        // Try the next (previous) secret.
      }
    }
    throw new Error('No key opens this v1 value');
  }
}

const decrypt = (key: Buffer, iv: string, tag: string, data: string, aad: Buffer | null) => {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
};

/** The box of C2C_SECRET (development: the JWT secret) with the former secrets of C2C_SECRET_PREVIOUS. */
export const secretBoxOf = (
  config: { C2C_SECRET?: string | undefined; C2C_SECRET_PREVIOUS?: string | undefined },
  fallback: string,
) =>
  new SecretBox(
    config.C2C_SECRET ?? fallback,
    (config.C2C_SECRET_PREVIOUS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
