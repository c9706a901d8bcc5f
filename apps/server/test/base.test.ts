import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as shared from '@chatpay/shared';
import { baseApi, type Endpoint, ErrorCode, publicParamKeys, successData } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { params, uploads } from '../src/db/schema/index.ts';
import { moduleOf } from '../src/http/route.ts';
import { seedBase } from '../src/modules/base/seed.ts';
import { type TestApp, useTestApp } from './helpers/app.ts';
import { createUser, type TestUser } from './helpers/factories.ts';
import { mediaCookie } from './helpers/media.ts';

let user: TestUser;
const t = useTestApp();
beforeAll(async () => {
  user = await createUser(t);
});

/** A valid PNG of `width`×1 grey pixels; `extra` bytes of padding after IEND make it as large as needed. */
const png = (width = 1, extra = 0) => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const pixels = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0x80)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
    Buffer.alloc(extra),
  ]);
};

/** A ZIP archive of uncompressed entries, built by hand so the test needs no archiver. */
const zip = (entries: Record<string, string>) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

/** A minimal Office Open XML package whose main part has the given content type. */
const officeZip = (mainType: string, part: string) =>
  zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${mainType}.main+xml"/></Types>`,
    [part]: '<?xml version="1.0"?><root/>',
  });

interface Part {
  field?: string;
  bytes?: Uint8Array;
  filename?: string;
  type?: string;
  text?: string;
}

/** Posts a multipart body built by the platform's own FormData encoder. */
const upload = async (app: TestApp, parts: Part[], token?: string) => {
  const form = new FormData();
  for (const p of parts) {
    if (p.text !== undefined) form.append(p.field ?? 'file', p.text);
    else
      form.append(
        p.field ?? 'file',
        new Blob([p.bytes ?? new Uint8Array()], { type: p.type ?? 'application/octet-stream' }),
        p.filename ?? 'file.bin',
      );
  }
  const encoded = new Response(form);
  const res = await app.app.inject({
    method: 'POST',
    url: `/api${baseApi.upload.path}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      ...(token ? { authorization: token } : {}),
    },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; data: unknown; message: string }) };
};

/** Every file under a directory, recursively (empty when it does not exist). */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];

const stored = (app: TestApp) => filesUnder(path.join(app.dataDir, 'uploads'));

describe('uploadMode', () => {
  it('answers local storage to a member', async () => {
    const res = await t.call(baseApi.uploadMode, {}, user.token);
    expect(res).toMatchObject({ status: 200, code: 1000, data: { mode: 'local', type: 'local' } });
  });

  it('needs a login', async () => {
    const res = await t.call(baseApi.uploadMode, {});
    expect(res.status).toBe(401);
  });
});

/** Local mode answers the stored file's URL (cloud mode would answer a form). */
const uploadedUrl = (res: Parameters<typeof successData>[1]) => {
  const data = successData(baseApi.upload, res);
  if (typeof data !== 'string') throw new Error(`expected a URL, got ${JSON.stringify(data)}`);
  return data;
};

describe('upload', () => {
  it('stores a PNG under a dated random name and serves the same bytes as image/png', async () => {
    const bytes = png(3);
    const res = await upload(
      t,
      [{ bytes, filename: '../../etc/evil name.png', type: 'image/png' }],
      user.token,
    );
    expect(res.code).toBe(1000);
    const url = uploadedUrl(res);
    const today = new Date().toISOString().slice(0, 10);
    expect(url).toMatch(new RegExp(`^/uploads/${today}/[0-9a-f-]{36}\\.png$`));
    expect(url).not.toContain('evil');

    const served = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await mediaCookie(t, user.token) },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Shown, never run: the uploads' own CSP, not the app's.
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);

    const [row] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.path, url.replace('/uploads/', '')));
    expect(row).toMatchObject({
      userId: user.id,
      mime: 'image/png',
      size: bytes.length,
      originalName: 'evil name.png',
    });
  });

  it('types the file by its bytes, not by its name or the client-declared type', async () => {
    const res = await upload(t, [{ bytes: png(), filename: 'notes.html', type: 'text/html' }], user.token);
    expect(res.code).toBe(1000);
    expect(res.data).toMatch(/\.png$/);
    const served = await t.app.inject({
      method: 'GET',
      url: uploadedUrl(res),
      headers: { cookie: await mediaCookie(t, user.token) },
    });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('accepts a PDF and serves it as application/pdf', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const res = await upload(
      t,
      [{ bytes: pdf, filename: 'statement.pdf', type: 'application/pdf' }],
      user.token,
    );
    expect(res.code).toBe(1000);
    expect(res.data).toMatch(/\.pdf$/);
    const served = await t.app.inject({
      method: 'GET',
      url: uploadedUrl(res),
      headers: { cookie: await mediaCookie(t, user.token) },
    });
    expect(served.headers['content-type']).toBe('application/pdf');
  });

  it.each([
    [
      'a Word document',
      officeZip(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'word/document.xml',
      ),
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'a spreadsheet',
      officeZip('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xl/workbook.xml'),
      'xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['a ZIP archive', zip({ 'readme.txt': 'hello' }), 'zip', 'application/zip'],
  ])('accepts %s', async (_what, bytes, ext, served) => {
    const res = await upload(t, [{ bytes, filename: 'upload.bin' }], user.token);
    expect(res.code).toBe(1000);
    expect(res.data).toMatch(new RegExp(`\\.${ext}$`));
    const got = await t.app.inject({
      method: 'GET',
      url: uploadedUrl(res),
      headers: { cookie: await mediaCookie(t, user.token) },
    });
    expect(got.headers['content-type']).toBe(served);
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
  });

  it.each([
    [
      'a macro-enabled Word document',
      officeZip('application/vnd.ms-word.document.macroEnabled', 'word/document.xml'),
    ],
    ['an Android package', zip({ 'AndroidManifest.xml': '<manifest/>', 'classes.dex': 'dex\n035' })],
  ])('refuses %s even though it is a ZIP', async (_what, bytes) => {
    const res = await upload(t, [{ bytes, filename: 'a.zip', type: 'application/zip' }], user.token);
    expect(res.code).toBe(ErrorCode.UploadTypeNotAllowed);
  });

  it.each([
    [
      'an HTML page named photo.png',
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      'photo.png',
      'image/png',
    ],
    [
      'an SVG image',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      'logo.svg',
      'image/svg+xml',
    ],
    ['a shell script', '#!/bin/sh\nrm -rf ~\n', 'run.jpg', 'image/jpeg'],
    ['plain text', 'just some words that match no known file signature', 'a.txt', 'text/plain'],
  ])('refuses %s and stores nothing', async (_what, content, filename, type) => {
    const before = stored(t).length;
    const res = await upload(t, [{ bytes: Buffer.from(content), filename, type }], user.token);
    expect(res).toMatchObject({ status: 200, code: ErrorCode.UploadTypeNotAllowed });
    expect(stored(t).length).toBe(before);
    expect(filesUnder(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses an executable', async () => {
    const exe = Buffer.alloc(512);
    exe.write('MZ', 0, 'ascii');
    exe.writeUInt32LE(0x80, 0x3c);
    exe.write('PE\0\0', 0x80, 'ascii');
    exe.writeUInt16LE(0x14c, 0x84); // i386
    const res = await upload(t, [{ bytes: exe, filename: 'setup.png', type: 'image/png' }], user.token);
    expect(res.code).toBe(ErrorCode.UploadTypeNotAllowed);
  });

  it('refuses a request without a file', async () => {
    expect((await upload(t, [{ field: 'note', text: 'hello' }], user.token)).code).toBe(
      ErrorCode.UploadMissing,
    );
    expect((await upload(t, [{ field: 'image', bytes: png(), filename: 'a.png' }], user.token)).code).toBe(
      ErrorCode.UploadMissing,
    );
    expect((await upload(t, [{ bytes: new Uint8Array(), filename: 'empty.png' }], user.token)).code).toBe(
      ErrorCode.UploadMissing,
    );
    const json = await t.app.inject({
      method: 'POST',
      url: `/api${baseApi.upload.path}`,
      payload: { file: 'x' },
      headers: { authorization: user.token },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().code).toBe(ErrorCode.UploadMissing);
  });

  it('needs a login and stores nothing without one', async () => {
    const before = stored(t).length;
    const res = await upload(t, [{ bytes: png(), filename: 'a.png', type: 'image/png' }]);
    expect(res.status).toBe(401);
    expect(stored(t).length).toBe(before);
  });

  it.each([
    [
      'a truncated part',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    ],
    ['garbage', 'multipart/form-data; boundary=xyz', 'garbage'],
    ['no boundary', 'multipart/form-data', '--xyz\r\n'],
  ])(
    'answers a validation error, not a 500, for a malformed multipart body: %s',
    async (_what, type, payload) => {
      const before = stored(t).length;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api${baseApi.upload.path}`,
        payload,
        headers: { authorization: user.token, 'content-type': type },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: ErrorCode.Validation, data: [{ field: 'file' }] });
      expect(stored(t).length).toBe(before);
    },
  );
});

describe('param with a promotional page configured', () => {
  const promo = useTestApp({ AD_INTERACTIVE_URL: 'https://promo.example.com/spring?ref=app' });
  it('answers the configured AD_INTERACTIVE_URL', async () => {
    const res = await promo.call(baseApi.param, { key: 'adInteractiveUrl' });
    expect(res).toMatchObject({ code: 1000, data: 'https://promo.example.com/spring?ref=app' });
  });
});

describe('upload with a small limit and a public URL', () => {
  let member: TestUser;
  const small = useTestApp({ UPLOAD_MAX_MB: '0.01', PUBLIC_URL: 'https://chat.example.com/' });
  beforeAll(async () => {
    member = await createUser(small);
  });

  it('refuses a file over UPLOAD_MAX_MB and keeps no partial file', async () => {
    const res = await upload(
      small,
      [{ bytes: png(1, 20 * 1024), filename: 'big.png', type: 'image/png' }],
      member.token,
    );
    expect(res).toMatchObject({ status: 200, code: ErrorCode.UploadTooLarge });
    expect(stored(small)).toEqual([]);
    expect(filesUnder(path.join(small.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers an absolute URL under PUBLIC_URL for a file within the limit', async () => {
    const res = await upload(small, [{ bytes: png(), filename: 'ok.png', type: 'image/png' }], member.token);
    expect(res.code).toBe(1000);
    expect(res.data).toMatch(
      /^https:\/\/chat\.example\.com\/uploads\/\d{4}-\d{2}-\d{2}\/[0-9a-f-]{36}\.png$/,
    );
  });
});

describe('param', () => {
  it('answers every public key', async () => {
    const values: Record<string, unknown> = {};
    for (const key of publicParamKeys) {
      const res = await t.call(baseApi.param, { key });
      expect(res).toMatchObject({ status: 200, code: 1000 });
      values[key] = res.data;
    }
    expect(values.appName).toBe(t.config.APP_NAME);
    expect(values.appVersion).toBe('4.3.3');
    for (const key of ['userAgreement', 'privacyPolicy', 'aboutUs']) {
      const text = values[key] as string;
      expect(text.length).toBeGreaterThan(300);
      expect(text).toContain('\n\n');
      expect(text).toContain(t.config.APP_NAME);
    }
    expect(values.userAgreement).toMatch(/escrow/i);
    expect(values.privacyPolicy).toMatch(/blockchain/i);
  });

  it('answers no promotional page unless the operator configured one', async () => {
    expect((await t.call(baseApi.param, { key: 'adInteractiveUrl' })).data).toBeNull();
  });

  it.each(['jwtSecret', 'JWT_SECRET', 'adminPassword', 'constructor', '__proto__', 'appname'])(
    'refuses the key %s',
    async (key) => {
      const res = await t.call(baseApi.param, { key });
      expect(res).toMatchObject({ status: 200, code: ErrorCode.ParamNotAllowed, data: null });
    },
  );

  it('answers a validation error naming the field when the key is missing or too long', async () => {
    const missing = await t.call(baseApi.param, {} as { key: string });
    expect(missing.code).toBe(ErrorCode.Validation);
    expect(missing.message).toContain('key');
    expect((await t.call(baseApi.param, { key: 'k'.repeat(65) })).code).toBe(ErrorCode.Validation);
  });

  it("keeps an operator's edit when the defaults are seeded again", async () => {
    await t.database.db.update(params).set({ value: 'Edited about text' }).where(eq(params.key, 'aboutUs'));
    await seedBase(t.database.db, t.config);
    expect((await t.call(baseApi.param, { key: 'aboutUs' })).data).toBe('Edited about text');
  });
});

/** Every endpoint declared in the shared contract (objects of endpoints exported by the package). */
const contractEndpoints = (): Endpoint[] =>
  Object.values(shared as Record<string, unknown>)
    .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    .flatMap((group) => Object.values(group))
    .filter(
      (e): e is Endpoint =>
        typeof e === 'object' && e !== null && 'method' in e && 'path' in e && 'input' in e && 'output' in e,
    );

/**
 * `METHOD /full/path` for every route in Fastify's printed radix tree (HEAD twins of GET routes left out):
 * each line is indented four columns per level and names its segment and methods.
 */
const routerRoutes = (tree: string) => {
  const segments: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const m = line.match(/^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    segments.length = (m[1] ?? '').length / 4;
    segments.push(m[2] ?? '');
    for (const method of m[3]?.split(', ') ?? [])
      if (method !== 'HEAD') found.push(`${method} ${segments.join('')}`);
  }
  return found;
};

describe('eps', () => {
  const eps = async () => {
    const res = await t.call(baseApi.eps, {});
    expect(res).toMatchObject({ status: 200, code: 1000 });
    return successData(baseApi.eps, res);
  };

  it('lists routes of other modules and itself under their module tags', async () => {
    const data = await eps();
    expect(data[moduleOf('/app/html5/user/loginByName')]).toContainEqual({
      method: 'POST',
      path: '/api/app/html5/user/loginByName',
      summary: expect.any(String),
      auth: 'none',
    });
    expect(data[moduleOf(baseApi.eps.path)]).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/app/base/comm/eps', auth: 'none' }),
    );
    expect(data[moduleOf(baseApi.upload.path)]).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/app/base/comm/upload', auth: 'user' }),
    );
    expect(data[moduleOf('/app/dict/info/data')]).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/app/dict/info/data' }),
    );
  });

  it('lists exactly the registered /api/app and /api/admin routes, once each, sorted by path', async () => {
    const data = await eps();
    const listed = Object.values(data).flat();
    const keys = listed.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of listed) {
      expect(r.path).toMatch(/^\/api\/(app|admin)\//);
      expect(t.app.hasRoute({ method: r.method as 'GET', url: r.path })).toBe(true);
    }
    for (const group of Object.values(data)) {
      const paths = group.map((r) => r.path);
      expect(paths).toEqual([...paths].sort());
    }

    const registered = contractEndpoints().filter(
      (e) => /^\/(app|admin)\//.test(e.path) && t.app.hasRoute({ method: e.method, url: `/api${e.path}` }),
    );
    expect(registered.length).toBeGreaterThanOrEqual(Object.keys(baseApi).length);
    for (const e of registered) expect(keys).toContain(`${e.method} /api${e.path}`);

    // Nothing registered outside the contract objects is missed either: compare with the router itself.
    const inRouter = routerRoutes(t.app.printRoutes({ commonPrefix: false })).filter((k) =>
      /^[A-Z]+ \/api\/(app|admin)\//.test(k),
    );
    expect(inRouter).toContain('POST /api/app/html5/user/loginByName');
    expect([...keys].sort()).toEqual([...inRouter].sort());
    expect(keys.some((k) => k.includes('/api/health'))).toBe(false);
  });

  it('names the permission an admin route needs', async () => {
    const listed = Object.values(await eps()).flat();
    const withPermission = contractEndpoints().filter(
      (e) => e.permission && t.app.hasRoute({ method: e.method, url: `/api${e.path}` }),
    );
    for (const e of withPermission) {
      expect(listed).toContainEqual(
        expect.objectContaining({ path: `/api${e.path}`, permission: e.permission }),
      );
    }
  });
});
