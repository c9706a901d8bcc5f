import { hash, verify } from '@node-rs/argon2';

/**
 * Every argon2 hash and check of this process goes through here, at most ARGON2_CONCURRENCY at a time. argon2
 * runs on libuv's thread pool (4 threads), which also reads files: without a bound, a flood of logins fills
 * the pool and static files and uploads wait behind it. The rest queue here, in arrival order.
 */
export const ARGON2_CONCURRENCY = 2;

let running = 0;
let peak = 0;
let checks = 0;
const waiting: (() => void)[] = [];

const acquire = async () => {
  if (running >= ARGON2_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  peak = Math.max(peak, running);
};

const release = () => {
  const next = waiting.shift();
  // The slot passes straight to the next waiter, so `running` stays the same.
  if (next) next();
  else running--;
};

const bounded = async <T>(work: () => Promise<T>): Promise<T> => {
  await acquire();
  try {
    return await work();
  } finally {
    release();
  }
};

export const hashSecret = (secret: string) => bounded(() => hash(secret));

export const verifySecret = (digest: string, secret: string) => {
  checks++;
  return bounded(() => verify(digest, secret));
};

/**
 * Tests: the most argon2 operations that ran at once since the last reset, how many run and wait now, and
 * how many checks (verifications) were asked for in all.
 */
export const argon2Load = () => ({ peak, running, waiting: waiting.length, checks });
export const resetArgon2Peak = () => {
  peak = running;
};
