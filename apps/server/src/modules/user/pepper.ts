import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { hashSecret, verifySecret } from './hashing.ts';

/**
 * Short secrets (the 6-digit PIN, recovery codes) are peppered before argon2: HMAC-SHA256 under PIN_PEPPER,
 * which lives in the environment (or DATA_DIR in development), never in the database. A database reader then
 * cannot brute-force a PIN's million values offline (docs/security.md, "Second factors").
 *
 * The pepper belongs to the app that owns the database connection: `usePepper(db, …)` at start-up, so two apps
 * in one process (tests) keep their own.
 */
const peppers = new WeakMap<Db, Buffer>();

/** The marker of a peppered hash: `p1$` then the argon2 hash of the HMAC. A hash without it is argon2 of the PIN. */
export const PEPPERED_PREFIX = 'p1$';

export const usePepper = (db: Db, pepper: string) => {
  peppers.set(db, Buffer.from(pepper, 'utf8'));
};

const pepperOf = (db: Db) => {
  const pepper = peppers.get(db);
  if (!pepper) throw new Error('No pepper for this database: call usePepper at start-up');
  return pepper;
};

const hmac = (db: Db, secret: string) =>
  createHmac('sha256', pepperOf(db)).update(secret).digest('base64url');

/** The stored form of a short secret: peppered, then argon2 (bounded like every argon2 call). */
export const hashPeppered = async (db: Db, secret: string) =>
  PEPPERED_PREFIX + (await hashSecret(hmac(db, secret)));

export const isPeppered = (stored: string) => stored.startsWith(PEPPERED_PREFIX);

/** Checks a secret against a stored hash of either form (a PIN set before the pepper is plain argon2). */
export const verifyPeppered = (db: Db, stored: string, secret: string) =>
  isPeppered(stored)
    ? verifySecret(stored.slice(PEPPERED_PREFIX.length), hmac(db, secret))
    : verifySecret(stored, secret);

const sealKey = (db: Db) => Buffer.from(hkdfSync('sha256', pepperOf(db), Buffer.alloc(0), 'totp-secret', 32));

/**
 * Seals a secret the server must read back (a TOTP secret) with AES-256-GCM under a key derived from the
 * pepper; `bound` (the member) is the additional data, so a value moved to another member does not open.
 */
export const sealWithPepper = (db: Db, plain: string, bound: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(db), iv);
  cipher.setAAD(Buffer.from(bound));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    's1',
    iv.toString('base64url'),
    body.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
};

export const openWithPepper = (db: Db, sealed: string, bound: string) => {
  const [, iv = '', body = '', tag = ''] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(db), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(bound));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
};
