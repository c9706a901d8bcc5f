import { baseApi, cloudUploadConfirm, cloudUploadRequest, ErrorCode } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { registerMediaCookie } from './access.ts';
import { deleteUploads, uploadCleanupJob } from './cleanup.ts';
import { S3Media } from './s3.ts';
import { registerCloudDownloads, registerLocalThumbnails } from './serve.ts';
import { readFilePart, UploadService } from './upload.ts';

/** Cloud mode's JSON bodies: `{key}` confirms an upload, `{fileName, contentType, size}` asks for a form. */
const cloudInput = (body: unknown) => {
  const confirm = cloudUploadConfirm.safeParse(body);
  if (confirm.success) return confirm.data;
  const request = cloudUploadRequest.safeParse(body);
  if (request.success) return request.data;
  throw new AppError(
    ErrorCode.Validation,
    'Send {fileName, contentType, size} for an upload form, or {key} once the file is in the store',
    request.error.issues.map((i) => ({ field: String(i.path[0] ?? 'body'), message: i.message })),
  );
};

/**
 * The upload calls, the `/uploads` gate and the cleanup job. Answers what other modules need of this app's
 * store: `deleteFiles` removes uploads by URL (identity documents past their retention).
 */
export const registerUploadRoutes = (deps: AppDeps) => {
  const s3 = deps.config.UPLOAD_MODE === 's3' ? new S3Media(deps.config) : null;
  const uploads = new UploadService(deps.db, deps.config, deps.clock, s3);
  deps.jobs.add(
    uploadCleanupJob(deps.db, deps.config.dataDir, deps.clock, {
      s3,
      withLock: deps.withLock,
      publicUrl: deps.config.PUBLIC_URL,
    }),
  );
  registerMediaCookie(deps);
  if (s3) registerCloudDownloads(deps, s3);
  else registerLocalThumbnails(deps);

  route(deps, baseApi.uploadMode, () =>
    s3 ? { mode: 'cloud', type: 'aws' } : { mode: 'local', type: 'local' },
  );

  route(deps, baseApi.upload, async (_input, ctx) => {
    if (!s3) return uploads.store(ctx.user.id, await readFilePart(ctx.req));
    if (ctx.req.isMultipart()) {
      throw new AppError(ErrorCode.UploadMissing, 'Post the file to the storage host, then send its key');
    }
    const input = cloudInput(ctx.req.body);
    return 'key' in input ? uploads.confirm(ctx.user.id, input.key) : uploads.presign(ctx.user.id, input);
  });
  return {
    deleteFiles: (urls: readonly string[]) =>
      deleteUploads(deps.db, deps.config.dataDir, s3, urls, deps.config.PUBLIC_URL),
  };
};
