import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Remembers, in this process's memory only, that a member's PIN was verified recently, so that repeat
 * payments skip the argon2 check (tens of ms of CPU each, the cost that would otherwise cap payments per
 * second). What is kept is an HMAC of the PIN under a random key made at start-up (never stored), bound to
 * the PIN hash it was checked against: a PIN change (in any process) changes the hash and forgets it.
 * Only a match is answered from memory; anything else goes to argon2 and counts toward the lockout as before.
 */
const KEY = randomBytes(32);
const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 100_000;

interface Remembered {
  pinHash: string;
  digest: Buffer;
  until: number;
}
const remembered = new Map<number, Remembered>();

const digestOf = (userId: number, pin: string) =>
  createHmac('sha256', KEY).update(`${userId}:${pin}`).digest();

export const rememberPin = (userId: number, pinHash: string, pin: string) => {
  remembered.delete(userId);
  if (remembered.size >= MAX_ENTRIES) {
    // Oldest first (insertion order): drop a tenth.
    let drop = Math.ceil(MAX_ENTRIES / 10);
    for (const id of remembered.keys()) {
      remembered.delete(id);
      if (--drop === 0) break;
    }
  }
  remembered.set(userId, { pinHash, digest: digestOf(userId, pin), until: Date.now() + TTL_MS });
};

/** True when this exact PIN was verified against this exact hash in the last 10 minutes. */
export const recallPin = (userId: number, pinHash: string, pin: string): boolean => {
  const entry = remembered.get(userId);
  if (!entry) return false;
  if (entry.until < Date.now() || entry.pinHash !== pinHash) {
    remembered.delete(userId);
    return false;
  }
  return timingSafeEqual(entry.digest, digestOf(userId, pin));
};

export const forgetPin = (userId: number) => {
  remembered.delete(userId);
};
