import { baseApi, documentKeys, type publicParamKeys } from '@chatpay/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resolveLocale } from '../../lib/i18n/locale.ts';
import { call } from '../../lib/request.ts';

export type ParamKey = (typeof publicParamKeys)[number];

/** Query keys of the base domain. */
export const baseKeys = {
  all: ['base'] as const,
  param: (key: ParamKey, lang?: string) => [...baseKeys.all, 'param', key, lang ?? ''] as const,
};

/** One public parameter (agreement and policy texts, about text, app name). */
export const useParam = (key: ParamKey) => {
  // Documents (agreement, privacy, about) come in the reader's language when staff wrote one.
  const { i18n } = useTranslation();
  const lang = (documentKeys as readonly string[]).includes(key) ? resolveLocale(i18n.language) : undefined;
  return useQuery({
    queryKey: baseKeys.param(key, lang),
    queryFn: () => call(baseApi.param, lang ? { key, lang } : { key }),
    staleTime: 10 * 60_000,
  });
};
