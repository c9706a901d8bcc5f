import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { pageInput, pageOf } from '../envelope.ts';
import { ErrorCode } from '../errors.ts';

const COMM = '/app/base/comm';

/** Keys that `param` will answer; anything else is refused. */
export const publicParamKeys = [
  'appName',
  'appVersion',
  'userAgreement',
  'privacyPolicy',
  'aboutUs',
  /** The promotional page the ad web view shows (AD_INTERACTIVE_URL, set by the operator); null when unset. */
  'adInteractiveUrl',
] as const;

export type PublicParamKey = (typeof publicParamKeys)[number];

/** The documents staff edit per language in the console; the app reads them in the member's language. */
export const documentKeys = ['userAgreement', 'privacyPolicy', 'aboutUs'] as const;
export type DocumentKey = (typeof documentKeys)[number];
export const isPublicParamKey = (key: string): key is PublicParamKey =>
  (publicParamKeys as readonly string[]).includes(key);

/** One registered route as `eps` lists it; `path` is the full URL path (`/api/app/...`). */
export const epsRoute = z.object({
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  auth: z.string(),
  /** `module:service:method` the caller must hold, when the route names one. */
  permission: z.string().optional(),
});
export type EpsRoute = z.infer<typeof epsRoute>;

/**
 * The aws upload target (docs/product.md#uploads), a form the browser posts the file to (field `file` last).
 */
export const presignedPost = z.object({ url: z.string(), fields: z.record(z.string(), z.string()) });
export type PresignedPost = z.infer<typeof presignedPost>;

/**
 * What the server accepts as an upload, keyed by the extension detected from the bytes, with the MIME type it
 * is recorded as. Anything else (SVG, HTML, scripts, executables, unknown bytes) is refused: served from our
 * own origin, those could run script or mislead the browser. The web client offers only these in its file
 * pickers (`uploadAccept`).
 */
export const allowedUploadTypes: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  aac: 'audio/aac',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

/** An `accept` attribute for a file picker: the allowed extensions and MIME types (of one family, or all). */
export const uploadAccept = (family?: 'image' | 'video') =>
  Object.entries(allowedUploadTypes)
    .filter(([, mime]) => !family || mime.startsWith(`${family}/`))
    .flatMap(([ext, mime]) => [`.${ext}`, mime])
    .filter((v, i, all) => all.indexOf(v) === i)
    .join(',');

/** The JSON bodies of `upload` in cloud mode: ask for a form, then confirm the key once the file is there. */
export const cloudUploadRequest = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().min(1).max(127),
  size: z.number().int().positive(),
});
export const cloudUploadConfirm = z.object({ key: z.string().min(1).max(1024) });

export const baseApi = {
  uploadMode: endpoint({
    method: 'GET',
    path: `${COMM}/uploadMode`,
    auth: 'user',
    summary:
      'Where uploads go: `{mode: local, type: local}` or `{mode: cloud, type: aws}` (an S3-compatible store)',
    input: z.object({}),
    output: z.object({ mode: z.string(), type: z.string() }),
  }),
  upload: endpoint({
    method: 'POST',
    path: `${COMM}/upload`,
    auth: 'user',
    multipart: true,
    summary:
      'Local mode: upload one file (multipart field `file`), answers its URL. Cloud mode: a JSON body `{fileName, contentType, size}` answers a presigned POST `{url, fields}` (the object key in `fields.key`); after posting the file there, a JSON body `{key}` has the server check it and answers its URL',
    input: z.object({}),
    output: z.union([z.string(), presignedPost]),
    errors: [
      ErrorCode.UploadMissing,
      ErrorCode.UploadTooLarge,
      ErrorCode.UploadTypeNotAllowed,
      ErrorCode.UploadQuotaExceeded,
    ],
  }),
  param: endpoint({
    method: 'GET',
    path: `${COMM}/param`,
    auth: 'none',
    summary:
      "One allow-listed public parameter; a document in `lang` when staff wrote that language's text, else the default",
    input: z.object({ key: z.string().min(1).max(64), lang: z.enum(LOCALES).optional() }),
    output: z.string().nullable(),
    errors: [ErrorCode.ParamNotAllowed],
  }),
  eps: endpoint({
    method: 'GET',
    path: `${COMM}/eps`,
    auth: 'none',
    summary: 'Every API route, grouped by module (generated from the route table)',
    input: z.object({}),
    output: z.record(z.string(), z.array(epsRoute)),
  }),
};

export const dictEntry = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  value: z.string(),
  orderNum: z.number().int(),
  parentId: z.number().int().nullable(),
});
export type DictEntry = z.infer<typeof dictEntry>;

export const dictApi = {
  data: endpoint({
    method: 'POST',
    path: '/app/dict/info/data',
    auth: 'none',
    summary: 'Dictionary entries grouped by type, highest orderNum first; all types when `types` is omitted',
    input: z.object({ types: z.array(z.string().trim().min(1).max(64)).max(50).optional() }),
    output: z.record(z.string(), z.array(dictEntry)),
  }),
};

const dictId = z.coerce.number().int().positive().max(2_147_483_647);
const dictFields = {
  name: z.string().trim().min(1, 'Content cannot be empty').max(100),
  value: z.string().trim().min(1, 'Content cannot be empty').max(64),
  orderNum: z.number().int().min(-1_000_000).max(1_000_000),
  remark: z.string().trim().max(200).default(''),
};

export const adminDictEntry = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  type: z.string(),
  name: z.string(),
  value: z.string().nullable(),
  orderNum: z.number().int(),
  remark: z.string(),
});

export const adminDocument = z.object({
  key: z.enum(documentKeys),
  lang: z.enum(LOCALES),
  /** The text readers in this language get: its own, else the base (English) text. */
  value: z.string(),
  /** When its own text was written (by the seed or by staff); null: none of its own (the base text shows). */
  updateTime: z.string().nullable(),
  /** The text is the one the app ships in this language (docs/product.md#documents): unedited or restored. */
  builtIn: z.boolean(),
});

/** Admin: the dictionary (docs/product.md#dictionary) and the documents per language (#documents there). */
export const adminContentApi = {
  dictTypes: endpoint({
    method: 'GET',
    path: '/admin/dict/type/list',
    auth: 'user',
    permission: 'dict:info:page',
    summary: 'Admin: the dictionary types',
    input: z.object({}),
    output: z.array(z.object({ id: z.number().int(), key: z.string(), name: z.string() })),
  }),
  dictPage: endpoint({
    method: 'POST',
    path: '/admin/dict/info/page',
    auth: 'user',
    permission: 'dict:info:page',
    summary:
      'Admin: dictionary entries of one type (or all), highest orderNum first, filtered by name or value',
    input: pageInput.extend({
      typeId: dictId.optional(),
      keyword: z.string().trim().max(64).optional(),
    }),
    output: pageOf(adminDictEntry),
  }),
  dictAdd: endpoint({
    method: 'POST',
    path: '/admin/dict/info/add',
    auth: 'user',
    permission: 'dict:info:add',
    summary: 'Admin: add an entry to a dictionary type; values are unique within a type (audited)',
    input: z.object({ typeId: dictId, ...dictFields }),
    output: adminDictEntry,
    errors: [ErrorCode.NotFound, ErrorCode.Conflict],
  }),
  dictUpdate: endpoint({
    method: 'POST',
    path: '/admin/dict/info/update',
    auth: 'user',
    permission: 'dict:info:update',
    summary: 'Admin: change an entry’s name, value, order or remark (audited)',
    input: z.object({ id: dictId, ...dictFields }),
    output: adminDictEntry,
    errors: [ErrorCode.NotFound, ErrorCode.Conflict],
  }),
  dictDelete: endpoint({
    method: 'POST',
    path: '/admin/dict/info/delete',
    auth: 'user',
    permission: 'dict:info:delete',
    summary: 'Admin: delete entries (audited)',
    input: z.object({ ids: z.array(dictId).min(1).max(100) }),
    output: z.object({ deleted: z.number().int() }),
  }),
  documents: endpoint({
    method: 'GET',
    path: '/admin/base/document/list',
    auth: 'user',
    permission: 'base:document:update',
    summary: 'Admin: the agreement, privacy policy and about texts in each language',
    input: z.object({}),
    output: z.array(adminDocument),
  }),
  documentSave: endpoint({
    method: 'POST',
    path: '/admin/base/document/save',
    auth: 'user',
    permission: 'base:document:update',
    summary: 'Admin: set a document’s text in one language; empty restores the built-in text (audited)',
    input: z.object({
      key: z.enum(documentKeys),
      lang: z.enum(LOCALES),
      value: z.string().max(50_000),
    }),
    output: adminDocument,
  }),
};

export const healthApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    auth: 'none',
    summary: 'Liveness and database reachability',
    input: z.object({}),
    output: z.object({ status: z.literal('ok'), db: z.string(), redis: z.string(), uptime: z.number() }),
  }),
  ready: endpoint({
    method: 'GET',
    path: '/ready',
    auth: 'none',
    summary:
      'Readiness for a load balancer: HTTP 503 (ServiceBusy, with what is wrong) until migrations ran and while the database is unreachable or refuses writes; a Redis outage answers 200 "degraded"',
    input: z.object({}),
    output: z.object({
      status: z.enum(['ready', 'degraded']),
      db: z.string(),
      /** off: no REDIS_URL (one process); down: an outage, this process serves alone. */
      redis: z.enum(['up', 'down', 'off']),
      /** What degrades the service (empty when ready). */
      problems: z.array(z.string()),
    }),
  }),
};

/** Browser tests only: a server started with TEST_CLOCK=true lets an admin move its deadline clock forward. */
export const testClockApi = {
  advance: endpoint({
    method: 'POST',
    path: '/admin/test/clock/advance',
    auth: 'user',
    permission: 'base:clock:advance',
    summary: 'Move the deadline clock forward (TEST_CLOCK servers only)',
    input: z.object({
      seconds: z
        .number()
        .int()
        .min(1)
        .max(366 * 24 * 3600),
    }),
    output: z.object({ now: z.string() }),
  }),
};
