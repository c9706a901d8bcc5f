import { createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { readOrCreate } from '../../lib/secrets.ts';

/** The operator key that signs snapshots: Ed25519 (node:crypto), public key as 64 hex characters. */
export interface PorKey {
  publicKey: string;
  /** Hex of the 64-byte signature of the text's UTF-8 bytes. */
  sign(text: string): string;
}

/** PKCS #8 header of an Ed25519 private key (RFC 8410): the 32-byte seed follows it. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The key from its 32-byte seed in hex (POR_SIGNING_KEY). */
export const porKeyFrom = (hex: string): PorKey => {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, Buffer.from(hex.trim(), 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
  // The SPKI form of an Ed25519 key ends with its 32 raw bytes.
  const publicKey = createPublicKey(key)
    .export({ format: 'der', type: 'spki' })
    .subarray(-32)
    .toString('hex');
  return { publicKey, sign: (text) => sign(null, Buffer.from(text, 'utf8'), key).toString('hex') };
};

/**
 * POR_SIGNING_KEY, else (development and tests) a key generated once and kept in DATA_DIR/por-signing-key.
 * Production refuses to start without the setting (config.ts): members check against the key's public half.
 */
export const loadPorKey = (config: Pick<Config, 'POR_SIGNING_KEY' | 'dataDir'>, log: FastifyBaseLogger) => {
  if (config.POR_SIGNING_KEY) return porKeyFrom(config.POR_SIGNING_KEY);
  const file = path.join(config.dataDir, 'por-signing-key');
  const { content, created } = readOrCreate(file, () => randomBytes(32).toString('hex'));
  if (created) log.warn({ file }, 'POR_SIGNING_KEY is not set: generated a proof-of-reserves signing key');
  return porKeyFrom(content.trim());
};
