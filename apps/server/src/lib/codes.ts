import { randomInt } from 'node:crypto';

/** 8-digit public member id that never starts with 0. */
export const newMemberId = () => String(randomInt(10_000_000, 100_000_000));

const SHARE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 6-character invite code without look-alike characters (0/O, 1/I). */
export const newShareCode = () =>
  Array.from({ length: 6 }, () => SHARE_ALPHABET[randomInt(SHARE_ALPHABET.length)]).join('');
