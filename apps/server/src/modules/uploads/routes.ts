import { baseApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { readFilePart, UploadService } from './upload.ts';

export const registerUploadRoutes = (deps: AppDeps) => {
  const uploads = new UploadService(deps.db, deps.config);

  route(deps, baseApi.uploadMode, () => ({ mode: 'local', type: 'local' }));

  route(deps, baseApi.upload, async (_input, ctx) => uploads.store(ctx.user.id, await readFilePart(ctx.req)));
};
