import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

/** A self-signed certificate for 127.0.0.1 (push services speak https only). */
export const selfSignedCert = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-cert-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert), certFile: cert, dir };
};

/** A browser's side of a subscription: the P-256 key pair and auth secret the payload is encrypted to. */
export const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
};

export interface Received {
  /** The subscription's path on this service (`/sub/<name>`). */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The status this service answered; 0 while held (`'hold'`) or when the sender went away first. */
  status: number;
}

/**
 * Stands in for a push service (FCM, Mozilla autopush): an https server on 127.0.0.1 that records each push
 * and answers `respond(path)` (201 by default). `decrypt` opens an aes128gcm body with the browser's keys;
 * `vapid` checks the Authorization header (RFC 8292) and answers the JWT's claims.
 */
export const startPushService = async () => {
  const tls = selfSignedCert();
  const received: Received[] = [];
  let respond: (path: string) => number | 'hold' = () => 201;
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = req.url ?? '';
      const push: Received = { path: p, headers: req.headers, body: Buffer.concat(chunks), status: 0 };
      received.push(push);
      const status = respond(p);
      // 'hold': never answer, as a push service that hangs while the sender is killed mid-send.
      if (status === 'hold') return;
      push.status = status;
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    received,
    /** An agent that trusts this service's certificate. */
    agent: new https.Agent({ ca: tls.cert }),
    certFile: tls.certFile,
    endpoint: (name: string) => `${origin}/sub/${name}`,
    setResponse(fn: (path: string) => number | 'hold') {
      respond = fn;
    },
    to: (name: string) => received.filter((r) => r.path === `/sub/${name}`),
    decrypt(push: Received, browser: ReturnType<typeof browserKeys>) {
      const plain = ece.decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth.toString('base64url'),
      });
      return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
    },
    async vapid(push: Received, publicKey: string) {
      const header = String(push.headers.authorization ?? '');
      const m = header.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
      if (!m) throw new Error(`not a VAPID Authorization header: ${header}`);
      if (m[2] !== publicKey) throw new Error('the k= key is not the server’s public key');
      const raw = Buffer.from(publicKey, 'base64url');
      const key = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: raw.subarray(1, 33).toString('base64url'),
          y: raw.subarray(33, 65).toString('base64url'),
        },
        'ES256',
      );
      const { payload } = await jwtVerify(m[1]!, key, { audience: origin });
      return payload;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(tls.dir, { recursive: true, force: true });
    },
  };
};
export type PushService = Awaited<ReturnType<typeof startPushService>>;
