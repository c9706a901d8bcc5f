import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import { readOrCreate } from '../../lib/secrets.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID pair (RFC 8292) that signs every push: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated
 * once and kept in DATA_DIR/vapid.json (development and tests). Browsers bind a subscription to the public
 * key, so a new pair silently ends every subscription: production must set the keys (config.ts refuses to
 * start without them).
 */
export const loadVapidKeys = (config: Config, log: FastifyBaseLogger): VapidKeys => {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = path.join(config.dataDir, 'vapid.json');
  // Several processes starting at once on a fresh DATA_DIR all end up with the first one's pair.
  const { content, created } = readOrCreate(file, () => JSON.stringify(webpush.generateVAPIDKeys()));
  if (created)
    log.warn({ file }, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set: generated a Web Push key pair');
  const stored = JSON.parse(content) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
};
