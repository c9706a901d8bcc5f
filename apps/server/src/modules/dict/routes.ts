import { adminContentApi, dictApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { DictAdmin } from './admin.ts';
import { dictionaryData } from './service.ts';

export const registerDictRoutes = (deps: AppDeps) => {
  route(deps, dictApi.data, ({ types }) => dictionaryData(deps.db, types));
  const admin = new DictAdmin(deps.db);
  route(deps, adminContentApi.dictTypes, () => admin.types());
  route(deps, adminContentApi.dictPage, (input) => admin.page(input));
  route(deps, adminContentApi.dictAdd, (input, ctx) => admin.add(ctx.user.id, input));
  route(deps, adminContentApi.dictUpdate, (input, ctx) => admin.update(ctx.user.id, input));
  route(deps, adminContentApi.dictDelete, (input, ctx) => admin.remove(ctx.user.id, input.ids));
};
