import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { baseApi, ErrorCode } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { mediaCookie } from '../helpers/media.ts';

/** Upload abuse (docs/security.md): a daily quota per member, and no orphaned files left on disk. */
const png = (extra: number) => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 0x80]))),
    chunk('IEND', Buffer.alloc(0)),
    Buffer.alloc(extra),
  ]);
};

const upload = async (app: TestApp, bytes: Buffer, token: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  const encoded = new Response(form);
  const res = await app.app.inject({
    method: 'POST',
    url: `/api${baseApi.upload.path}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, authorization: token },
  });
  return res.json() as { code: number; data: unknown; message: string };
};

describe('daily upload quota', () => {
  // 0.01 MB = 10485 bytes a day.
  const t = useTestApp({ UPLOAD_DAILY_QUOTA_MB: '0.01' });

  it('refuses past the quota with a clear error, per member, and again the next day', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    expect((await upload(t, png(6000), alice.token)).code).toBe(1000);
    const over = await upload(t, png(6000), alice.token);
    expect(over.code).toBe(ErrorCode.UploadQuotaExceeded);
    expect(over.message).toMatch(/limit/i);
    // A small one still fits; the quota is per member.
    expect((await upload(t, png(100), alice.token)).code).toBe(1000);
    expect((await upload(t, png(6000), bob.token)).code).toBe(1000);
    // Nothing was left behind by the refused upload.
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
    t.clock.advance(24 * 3600 * 1000);
    expect((await upload(t, png(6000), alice.token)).code).toBe(1000);
  });
});

describe('upload cleanup job', () => {
  const t = useTestApp();

  it('deletes old temporary and unreferenced files, keeps recorded and recent ones', async () => {
    const member = await createUser(t);
    const res = await upload(t, png(10), member.token);
    const url = String(res.data);
    const uploadsDir = path.join(t.dataDir, 'uploads');
    const tmpDir = path.join(t.dataDir, 'tmp');
    const recorded = path.join(uploadsDir, url.replace('/uploads/', ''));
    fs.mkdirSync(path.join(uploadsDir, '2026-01-01'), { recursive: true });
    fs.mkdirSync(tmpDir, { recursive: true });
    const stray = path.join(uploadsDir, '2026-01-01', 'no-row.png');
    const staleTmp = path.join(tmpDir, 'cut-off.part');
    const freshTmp = path.join(tmpDir, 'in-flight.part');
    for (const f of [stray, staleTmp, freshTmp]) fs.writeFileSync(f, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    for (const f of [stray, staleTmp, recorded]) fs.utimesSync(f, twoHoursAgo, twoHoursAgo);

    expect(await t.jobs.runNow('upload-cleanup')).toBe(2);
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(staleTmp)).toBe(false);
    expect(fs.existsSync(recorded)).toBe(true);
    expect(fs.existsSync(freshTmp)).toBe(true);
    // The recorded file is still served.
    expect(
      (await t.app.inject({ url, headers: { cookie: await mediaCookie(t, member.token) } })).statusCode,
    ).toBe(200);
  });
});

describe('server timeouts', () => {
  const t = useTestApp({ REQUEST_TIMEOUT_SECONDS: '90' });

  it('sets a request timeout and an idle connection timeout', () => {
    expect(t.app.server.requestTimeout).toBe(90_000);
    expect(t.app.server.timeout).toBe(90_000);
  });
});
