import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

const COMM = '/app/base/comm';

/** Keys that `param` will answer; anything else is refused. */
export const publicParamKeys = [
  'appName',
  'appVersion',
  'userAgreement',
  'privacyPolicy',
  'aboutUs',
] as const;

export type PublicParamKey = (typeof publicParamKeys)[number];
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

/** SPEC §3: the aws upload target, a form the browser posts the file to (field `file` last). */
export const presignedPost = z.object({ url: z.string(), fields: z.record(z.string(), z.string()) });
export type PresignedPost = z.infer<typeof presignedPost>;

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
    summary: 'One allow-listed public parameter',
    input: z.object({ key: z.string().min(1).max(64) }),
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

export const healthApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    auth: 'none',
    summary: 'Liveness and database reachability',
    input: z.object({}),
    output: z.object({ status: z.literal('ok'), db: z.string(), redis: z.string(), uptime: z.number() }),
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
