import { baseApi, ErrorCode } from '@chatpay/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth.ts';
import { ClientCode } from './errors.ts';
import { type FormPoster, resetUploadMode, setFormPoster, upload, uploadFile, xhrPost } from './upload.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: ErrorCode.Success, data, message: 'success' });
const envelope = (data: unknown, code: number = ErrorCode.Success, message = 'success') =>
  JSON.stringify({ code, data, message });

/** The API (fetch): uploadMode answers `mode`; JSON posts to upload are recorded and answered by `onJson`. */
const api = (mode: 'local' | 'cloud', onJson: (body: Record<string, unknown>) => unknown = () => null) => {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://app.test').pathname;
      if (path === `/api${baseApi.uploadMode.path}`)
        return ok({ mode, type: mode === 'cloud' ? 'aws' : 'local' });
      if (path === `/api${baseApi.upload.path}`) {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        return ok(onJson(body));
      }
      return json({ code: ErrorCode.NotFound, data: null, message: 'no' }, 404);
    }),
  );
  return bodies;
};

interface Post {
  url: string;
  form: FormData;
  headers: Record<string, string>;
}
/** The form posts (XMLHttpRequest in the browser), answered in turn by `answers`. */
const posts = (...answers: (() => Promise<{ status: number; text: string }>)[]) => {
  const seen: Post[] = [];
  const poster: FormPoster = async (url, form, opts) => {
    seen.push({ url, form, headers: opts.headers });
    opts.onProgress?.(0.5);
    const next = answers[Math.min(seen.length - 1, answers.length - 1)];
    return next!();
  };
  setFormPoster(poster);
  return seen;
};

beforeEach(() => {
  resetUploadMode();
  useAuth.getState().setLogin({ token: 'tok', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setFormPoster(xhrPost);
});

describe('upload: up to 3 retries, then the error', () => {
  it('local mode: posts the file with the token, reports progress, retries network failures 3 times', async () => {
    api('local');
    const { ApiError } = await import('./errors.ts');
    let n = 0;
    const seen = posts(async () => {
      n++;
      if (n < 4) throw new ApiError('down', ClientCode.UploadNetwork, null, 0);
      return { status: 200, text: envelope('/uploads/a.png') };
    });
    const progress: number[] = [];
    await expect(
      uploadFile(new Blob(['x'], { type: 'image/png' }), {
        fileName: 'a.png',
        retryDelayMs: 0,
        onProgress: (f) => progress.push(f),
      }),
    ).resolves.toBe('/uploads/a.png');
    expect(seen).toHaveLength(4);
    expect(seen[0]?.url).toBe(`/api${baseApi.upload.path}`);
    expect(seen[0]?.headers.Authorization).toBe('tok');
    expect(seen[0]?.form.get('file')).toBeInstanceOf(Blob);
    expect(progress).toContain(0.5);
    expect(progress.at(-1)).toBe(1);
  });

  it('fails after the retries are used up', async () => {
    api('local');
    const { ApiError } = await import('./errors.ts');
    const seen = posts(async () => {
      throw new ApiError('down', ClientCode.UploadNetwork, null, 0);
    });
    await expect(upload(new Blob(['x']), 'a.bin', { retryDelayMs: 0 })).rejects.toMatchObject({
      code: ClientCode.UploadNetwork,
    });
    expect(seen).toHaveLength(4);
  });

  it('does not retry a refusal, and rejects with the server message in local mode', async () => {
    api('local');
    const seen = posts(async () => ({
      status: 200,
      text: envelope(null, ErrorCode.UploadTypeNotAllowed, 'This file type is not allowed'),
    }));
    await expect(upload(new Blob(['x']), 'a.exe', { retryDelayMs: 0 })).rejects.toMatchObject({
      code: ErrorCode.UploadTypeNotAllowed,
      message: expect.stringMatching(/type/i),
    });
    expect(seen).toHaveLength(1);
  });

  it('a cancel stops the upload and its retries', async () => {
    api('local');
    const controller = new AbortController();
    const { ApiError } = await import('./errors.ts');
    const seen = posts(async () => {
      controller.abort();
      throw new ApiError('canceled', ClientCode.Abort, null, 0);
    });
    await expect(upload(new Blob(['x']), 'a.png', { signal: controller.signal })).rejects.toMatchObject({
      code: ClientCode.Abort,
    });
    expect(seen).toHaveLength(1);
  });

  it('a file that cannot be read fails with "file error"', async () => {
    api('local');
    const seen = posts(async () => ({ status: 200, text: envelope('/uploads/a.png') }));
    const broken = new Blob(['x']);
    broken.slice = () =>
      ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }) as unknown as Blob;
    await expect(upload(broken, 'a.png')).rejects.toMatchObject({
      code: ClientCode.FileError,
      message: 'file error',
    });
    expect(seen).toHaveLength(0);
  });

  it('cloud mode: asks for a form, posts the fields and the file to the store, then confirms the key', async () => {
    const bodies = api('cloud', (body) =>
      'key' in body
        ? `/uploads/${String(body.key)}`
        : { url: 'http://store.test/bucket', fields: { key: 'chatpay/2026-01-01/id-a.png', Policy: 'p' } },
    );
    const seen = posts(
      async () => ({ status: 503, text: '' }),
      async () => ({ status: 204, text: '' }),
    );
    const url = await uploadFile(new Blob(['x'], { type: 'image/png' }), {
      fileName: 'a.png',
      retryDelayMs: 0,
    });
    expect(url).toBe('/uploads/chatpay/2026-01-01/id-a.png');
    // The store failed once (retried with a new form), then took it.
    expect(seen).toHaveLength(2);
    expect(seen[1]?.url).toBe('http://store.test/bucket');
    expect(seen[1]?.headers).toEqual({});
    const form = seen[1]!.form;
    expect(form.get('key')).toBe('chatpay/2026-01-01/id-a.png');
    expect(form.get('Policy')).toBe('p');
    expect([...form.keys()].at(-1)).toBe('file');
    expect(bodies).toEqual([
      { fileName: 'a.png', contentType: 'image/png', size: 1 },
      { fileName: 'a.png', contentType: 'image/png', size: 1 },
      { key: 'chatpay/2026-01-01/id-a.png' },
    ]);
  });
});
