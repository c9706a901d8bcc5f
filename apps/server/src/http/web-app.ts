import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's output under assets/ carries a content hash in every file name: a new build means new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The shell (index.html, the service worker, the manifest, icons) must be checked on every load. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app (apps/web/dist). The build writes a brotli and a gzip copy beside each text file
 * (apps/web/scripts/precompress.mjs): a browser gets the copy it accepts (`Content-Encoding`), others the file
 * itself, and every answer says `Vary: Accept-Encoding` so a cache keeps them apart. Hashed assets are cached
 * for a year; everything else (the shell) is revalidated each time, so a new build is picked up at once.
 */
export const registerWebApp = async (app: FastifyInstance, root: string) => {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const relative = path.relative(root, filePath).split(path.sep);
      res.setHeader('Cache-Control', relative[0] === 'assets' ? IMMUTABLE : REVALIDATE);
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
};
