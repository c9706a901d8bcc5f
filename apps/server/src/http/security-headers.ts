import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers of every answer (the web app, the API, uploads): docs/security.md.
 *
 * The Content-Security-Policy allows what the built web app does and nothing else: scripts only from this
 * origin (index.html and Vite's output have no inline script), styles from this origin plus inline style
 * attributes (antd-mobile sets them), images and media from this origin, `blob:` (previews before upload,
 * voice recordings) and `data:`, workers from this origin or `blob:` (the QR decoder), the socket on this
 * origin (`'self'` covers ws:/wss: there), external pages only inside the h5 web view's frame, and no one may
 * frame the app.
 */
export interface CspOptions {
  /**
   * Extra origins that serve media (images, video, voice, files): PUBLIC_URL's origin and MEDIA_ORIGINS. This
   * is the place for an S3 or CDN bucket later: add its origin to MEDIA_ORIGINS (e.g.
   * `https://my-bucket.s3.eu-central-1.amazonaws.com`); uploads that the browser PUTs there directly would
   * also need it in connect-src, which `mediaOrigins` already grants.
   */
  mediaOrigins: string[];
}

export const contentSecurityPolicy = ({ mediaOrigins }: CspOptions) => ({
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigins],
  'media-src': ["'self'", 'data:', 'blob:', ...mediaOrigins],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", ...mediaOrigins],
  // qr-scanner (the scan page) starts its decoder worker from a blob: URL made by our own script.
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  // The h5 web view (pages/base/h5.tsx) frames external http(s) pages in a sandboxed iframe.
  'frame-src': ["'self'", 'https:', 'http:'],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
});

/** Uploaded files are shown, never run: nothing may load from them, and they may not be framed. */
const UPLOADS_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox; frame-ancestors 'none'";

/** One year, subdomains included; sent only over https (directly, or a trusted proxy that says so). */
const HSTS = 'max-age=31536000; includeSubDomains';

export const registerSecurityHeaders = async (app: FastifyInstance, options: CspOptions) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    // Sent only when the request came over TLS (see the hook below), never on plain http.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Media may be served from another origin (MEDIA_ORIGINS) and shown in the app.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (req.url.startsWith('/uploads/')) reply.header('content-security-policy', UPLOADS_CSP);
    return payload;
  });
};
