import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Development only: a JWT secret generated once and kept under DATA_DIR, so tokens survive restarts.
 * Production refuses to start without JWT_SECRET (config.ts).
 */
export const loadJwtSecret = (dataDir: string, log: FastifyBaseLogger): string => {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  log.warn({ file }, 'JWT_SECRET is not set: generated a development secret');
  return secret;
};
