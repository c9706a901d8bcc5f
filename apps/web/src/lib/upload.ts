import { baseApi, ErrorCode, type PresignedPost, UPLOAD_RETRIES, UPLOAD_TIMEOUT_MS } from '@chatpay/shared';
import { ApiError, ClientCode, messageForCode } from './errors.ts';
import { t } from './i18n/index.ts';
import { API_BASE, call, postJson, tokenFor } from './request.ts';

export interface UploadOptions {
  /** The name the file is stored under (a Blob has none). */
  fileName?: string;
  /** 0..1 as the bytes leave the device; reset on each retry. */
  onProgress?: (fraction: number) => void;
  /** Cancels the upload (and its retries): it fails with the abort code. */
  signal?: AbortSignal;
  /** Pause before retry n is n times this (docs/product.md#uploads: 3 retries; backoff grows with each). */
  retryDelayMs?: number;
}

export interface PostResult {
  status: number;
  text: string;
}

export type FormPoster = (
  url: string,
  form: FormData,
  opts: {
    headers: Record<string, string>;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
    timeout: number;
  },
) => Promise<PostResult>;

const aborted = () => new ApiError(t('upload.canceled'), ClientCode.Abort, null, 0);

/** XMLHttpRequest, because fetch reports no upload progress. */
export const xhrPost: FormPoster = (url, form, opts) =>
  new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(opts.headers)) xhr.setRequestHeader(k, v);
    xhr.timeout = opts.timeout;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(t('errors.uploadFailed'), ClientCode.UploadNetwork, null, 0));
    xhr.ontimeout = () => reject(new ApiError(t('common.timeout'), ClientCode.Timeout, null, 0));
    xhr.onabort = () => reject(aborted());
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });

let poster: FormPoster = xhrPost;
/** Tests replace the network. */
export const setFormPoster = (next: FormPoster) => {
  poster = next;
};

let modeOf: Promise<string> | null = null;
/** `local` or `cloud` (`uploadMode`, docs/product.md#uploads), asked once per page load. */
const uploadMode = () => {
  modeOf ??= call(baseApi.uploadMode, {}).then(
    (m) => m.mode,
    (error: unknown) => {
      modeOf = null;
      throw error;
    },
  );
  return modeOf;
};
export const resetUploadMode = () => {
  modeOf = null;
};

const parse = (text: string): { code?: unknown; data?: unknown; message?: unknown } | null => {
  try {
    return JSON.parse(text) as { code?: unknown; data?: unknown; message?: unknown };
  } catch {
    return null;
  }
};

/** Local mode: the file goes to this server (multipart field `file`, with the token). */
const postLocal = async (file: Blob, name: string, opts: UploadOptions): Promise<string> => {
  const form = new FormData();
  form.append('file', file, name);
  const token = await tokenFor(baseApi.upload.auth);
  const res = await poster(`${API_BASE}${baseApi.upload.path}`, form, {
    headers: token ? { Authorization: token } : {},
    onProgress: opts.onProgress,
    signal: opts.signal,
    timeout: UPLOAD_TIMEOUT_MS,
  });
  const json = parse(res.text);
  if (json && typeof json.code === 'number' && json.code !== ErrorCode.Success) {
    // A local-mode failure rejects with the server's message (in the member's language)
    // (docs/product.md#errors).
    const message = messageForCode(
      json.code,
      typeof json.message === 'string' ? json.message : '',
      json.data,
    );
    throw new ApiError(message, json.code, json.data ?? null, res.status);
  }
  if (res.status < 200 || res.status >= 300 || typeof json?.data !== 'string')
    throw new ApiError(
      t('errors.uploadFailed'),
      ErrorCode.Internal,
      null,
      res.status >= 500 ? res.status : 500,
    );
  return json.data;
};

/** What a browser calls a file's type, without parameters (`audio/webm;codecs=opus` → `audio/webm`). */
const typeOf = (file: Blob) => file.type.split(';')[0]?.trim() || 'application/octet-stream';

/** Cloud mode: a form from the server, the file straight to the store, then the server checks it. */
const postCloud = async (file: Blob, name: string, opts: UploadOptions): Promise<string> => {
  const post = (await postJson(baseApi.upload, {
    fileName: name,
    contentType: typeOf(file),
    size: file.size,
  })) as PresignedPost;
  const form = new FormData();
  for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
  form.append('file', file, name);
  const res = await poster(post.url, form, {
    headers: {},
    onProgress: opts.onProgress,
    signal: opts.signal,
    timeout: UPLOAD_TIMEOUT_MS,
  });
  if (res.status < 200 || res.status >= 300)
    throw new ApiError(
      t('errors.uploadFailed'),
      ClientCode.UploadNetwork,
      null,
      res.status >= 500 ? res.status : 0,
    );
  const url = await postJson(baseApi.upload, { key: post.fields.key ?? '' });
  if (typeof url !== 'string') throw new ApiError(t('errors.uploadFailed'), ErrorCode.Internal, null, 500);
  return url;
};

/** Whether another attempt can help: network trouble and server failures, not refusals or a cancel. */
const retryable = (error: unknown) =>
  error instanceof ApiError &&
  error.code !== ClientCode.Abort &&
  (error.code === ClientCode.Network ||
    error.code === ClientCode.UploadNetwork ||
    error.code === ErrorCode.Internal ||
    error.status >= 500);

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(aborted());
      },
      { once: true },
    );
  });

/**
 * Uploads one file and answers the URL to put in a message, moment, avatar or proof. Local mode posts it to
 * this server; cloud mode (S3) gets a presigned form, posts straight to the store and has the server check
 * it. docs/product.md#uploads: up to UPLOAD_RETRIES retries with a growing pause on network or server
 * failures (refusals such as a forbidden type fail at once), each attempt timing out after UPLOAD_TIMEOUT_MS;
 * a file that cannot be read fails with "file error" (docs/product.md#errors).
 */
export const uploadFile = async (file: Blob, opts: UploadOptions = {}): Promise<string> => {
  try {
    await file.slice(0, 1).arrayBuffer();
  } catch {
    throw new ApiError(t('errors.fileError'), ClientCode.FileError, null, 0);
  }
  const name = opts.fileName ?? (file instanceof File && file.name ? file.name : 'file');
  const delay = opts.retryDelayMs ?? 1000;
  let lastError: unknown = null;
  for (let attempt = 0; attempt <= UPLOAD_RETRIES; attempt++) {
    if (attempt > 0) await pause(delay * 2 ** (attempt - 1), opts.signal);
    opts.onProgress?.(0);
    try {
      const url =
        (await uploadMode()) === 'cloud'
          ? await postCloud(file, name, opts)
          : await postLocal(file, name, opts);
      opts.onProgress?.(1);
      return url;
    } catch (error) {
      lastError = error;
      if (!retryable(error)) break;
    }
  }
  if (lastError instanceof ApiError && lastError.code === ClientCode.Network) {
    throw new ApiError(lastError.message, ClientCode.UploadNetwork, null, 0);
  }
  throw lastError instanceof ApiError
    ? lastError
    : new ApiError(t('errors.uploadFailed'), ClientCode.UploadNetwork, null, 0);
};

/** The former signature: `upload(file, fileName?)`. */
export const upload = (file: Blob, fileName?: string, opts: UploadOptions = {}) =>
  uploadFile(file, { ...opts, ...(fileName ? { fileName } : {}) });
