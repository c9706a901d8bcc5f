import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';

/** A built web app as apps/web/dist looks after `npm run build:web`: hashed assets, the shell, copies. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
const script = `console.log(${JSON.stringify('chat '.repeat(400))});\n`;
const files: Record<string, string> = {
  'index.html': `<!doctype html><html><head><title>ChatPay</title>${'<meta name="x" content="y">'.repeat(40)}</head></html>`,
  'sw.js': `self.addEventListener('fetch', () => {});${' '.repeat(600)}`,
  'manifest.webmanifest': JSON.stringify({ name: 'ChatPay', padding: 'x'.repeat(600) }),
  'assets/index-Cq1xY2z3.js': script,
  'assets/index-Ab12Cd34.css': `body{color:red}${'.a{margin:0}'.repeat(80)}`,
};
for (const [name, text] of Object.entries(files)) {
  const file = path.join(dist, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, gzipSync(text));
}
// A file the build found not worth compressing: served as it is to everyone.
fs.writeFileSync(path.join(dist, 'assets/tiny-Zz99Yy88.js'), 'export{};');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the web app: compression and caching', () => {
  const t = useTestApp({ WEB_DIST: dist });
  const get = (url: string, encoding?: string) =>
    t.app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('sends brotli, else gzip, else the file itself, and says the answer varies by Accept-Encoding', async () => {
    const url = '/assets/index-Cq1xY2z3.js';
    const br = await get(url, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    for (const encoding of [undefined, 'identity', 'deflate']) {
      const plain = await get(url, encoding);
      expect(plain.statusCode, String(encoding)).toBe(200);
      expect(plain.headers['content-encoding'], String(encoding)).toBeUndefined();
      expect(plain.headers.vary, String(encoding)).toMatch(/accept-encoding/i);
      expect(plain.body, String(encoding)).toBe(script);
    }

    const tiny = await get('/assets/tiny-Zz99Yy88.js', 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export{};');
  });

  it('caches hashed assets for a year and revalidates the shell every time', async () => {
    for (const url of [
      '/assets/index-Cq1xY2z3.js',
      '/assets/index-Ab12Cd34.css',
      '/assets/tiny-Zz99Yy88.js',
    ]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await get(url, encoding);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe(
          'public, max-age=31536000, immutable',
        );
      }
    }
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await get(url, encoding);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      }
    }
    const html = await get('/', 'br');
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(html.rawPayload).toString()).toBe(files['index.html']);
    const manifest = await get('/manifest.webmanifest', 'gzip');
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect(gunzipSync(manifest.rawPayload).toString()).toBe(files['manifest.webmanifest']);
  });

  it('keeps the security headers on the app and its assets', async () => {
    for (const url of ['/', '/assets/index-Cq1xY2z3.js']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
