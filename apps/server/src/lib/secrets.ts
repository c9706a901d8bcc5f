import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Reads `file`, first creating it with `make()` when it does not exist (mode 0600). Safe when several server
 * processes start at once (WORKERS > 1) on a fresh DATA_DIR: each writes its own temporary file and links it
 * into place, which fails when the file exists, so the first one wins and every process answers its content
 * (a plain write would let each process keep a different secret, and a reader see a half-written file).
 */
export const readOrCreate = (file: string, make: () => string): { content: string; created: boolean } => {
  const existing = readIfPresent(file);
  if (existing !== null) return { content: existing, created: false };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(tmp, make(), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
    return { content: fs.readFileSync(file, 'utf8'), created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { content: fs.readFileSync(file, 'utf8'), created: false };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
};

const readIfPresent = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/**
 * Development only: a JWT secret generated once and kept under DATA_DIR, so tokens survive restarts.
 * Production refuses to start without JWT_SECRET (config.ts).
 */
export const loadJwtSecret = (dataDir: string, log: FastifyBaseLogger): string => {
  const file = path.join(dataDir, 'jwt-secret');
  const { content, created } = readOrCreate(file, () => randomBytes(48).toString('base64url'));
  if (created) log.warn({ file }, 'JWT_SECRET is not set: generated a development secret');
  return content.trim();
};

/**
 * Development only: the pepper of PINs and recovery codes (modules/user/pepper.ts), generated once and kept
 * under DATA_DIR like the JWT secret. Production refuses to start without PIN_PEPPER (config.ts).
 */
export const loadPinPepper = (dataDir: string, log: FastifyBaseLogger): string => {
  const file = path.join(dataDir, 'pin-pepper');
  const { content, created } = readOrCreate(file, () => randomBytes(48).toString('base64url'));
  if (created) log.warn({ file }, 'PIN_PEPPER is not set: generated a development pepper');
  return content.trim();
};
