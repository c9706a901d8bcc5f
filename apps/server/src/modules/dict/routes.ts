import { dictApi } from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { dictionaryData } from './service.ts';

export const registerDictRoutes = (deps: AppDeps) => {
  route(deps, dictApi.data, ({ types }) => dictionaryData(deps.db, types));
};
