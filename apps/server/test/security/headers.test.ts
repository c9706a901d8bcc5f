import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

/** Security headers on every answer (docs/security.md); the browser tests run the web app under this CSP. */
const directives = (header: string | string[] | number | undefined) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  const t = useTestApp({ TRUST_PROXY: '1', MEDIA_ORIGINS: 'https://media.example.com/some/path' });

  it('the API answers with a CSP without inline script, no framing, nosniff and a referrer policy', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // The configured media origin (an S3 bucket, a CDN) is allowed for media only.
    expect(csp.get('img-src')).toContain('https://media.example.com');
    expect(csp.get('media-src')).toContain('https://media.example.com');
    expect(csp.get('script-src')).not.toContain('https://media.example.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('HSTS only over https (here: a trusted proxy reporting https)', async () => {
    expect((await t.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('error answers and unknown paths carry the headers too', async () => {
    const res = await t.app.inject({ url: '/api/app/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
