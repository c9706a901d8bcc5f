import { baseApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { uploadCleanupJob } from './cleanup.ts';
import { readFilePart, UploadService } from './upload.ts';

export const registerUploadRoutes = (deps: AppDeps) => {
  const uploads = new UploadService(deps.db, deps.config, deps.clock);
  deps.jobs.add(uploadCleanupJob(deps.db, deps.config.dataDir, deps.clock));

  route(deps, baseApi.uploadMode, () => ({ mode: 'local', type: 'local' }));

  route(deps, baseApi.upload, async (_input, ctx) => uploads.store(ctx.user.id, await readFilePart(ctx.req)));
};
