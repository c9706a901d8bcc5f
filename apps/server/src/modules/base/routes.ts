import { baseApi, ErrorCode, isPublicParamKey } from '@chatpay/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { endpointsByModule } from './eps.ts';
import { params } from './tables.ts';

export const registerBaseRoutes = (deps: AppDeps) => {
  route(deps, baseApi.param, async ({ key }) => {
    if (!isPublicParamKey(key)) throw new AppError(ErrorCode.ParamNotAllowed);
    const [row] = await deps.db.select({ value: params.value }).from(params).where(eq(params.key, key));
    return row?.value ?? null;
  });

  // Read at request time: by then every module has registered its routes.
  route(deps, baseApi.eps, () => endpointsByModule(deps.app));
};
