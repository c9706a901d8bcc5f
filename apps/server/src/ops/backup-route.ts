import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection.ts';
import { readOrCreate } from '../lib/secrets.ts';
import { bearerMatches, fromLoopback } from './access.ts';
import { countData } from './counts.ts';

/** The token `npm run backup` reads from DATA_DIR to ask a running PGlite server for its image. */
export const BACKUP_TOKEN_FILE = 'backup-token';
export const BACKUP_PATH = '/ops/backup';

/**
 * PGlite only: one process may open a PGlite directory, so the running server takes the backup. `POST
 * /ops/backup` answers a gzipped tar of the data directory taken through PGlite (Database.image) with the
 * manifest's counts, read in the same transaction, in `x-backup-counts`. Only a loopback caller that came
 * through no proxy and shows the token kept in DATA_DIR/backup-token (mode 0600: whoever can read it can read
 * the data directory itself anyway).
 */
export const registerBackupRoute = (app: FastifyInstance, database: Database, dataDir: string) => {
  const image = database.image;
  if (!image) return;
  const token = readOrCreate(path.join(dataDir, BACKUP_TOKEN_FILE), () =>
    randomBytes(32).toString('base64url'),
  ).content.trim();
  app.post(BACKUP_PATH, async (req, reply) => {
    if (!fromLoopback(req) || !bearerMatches(req, token)) {
      return reply.code(403).type('text/plain').send('forbidden\n');
    }
    const taken = await image((tx) => countData(tx));
    req.log.info({ counts: taken.read, bytes: taken.image.size }, 'backup image taken');
    return reply
      .header('x-backup-counts', JSON.stringify(taken.read))
      .type('application/gzip')
      .send(Buffer.from(await taken.image.arrayBuffer()));
  });
};
