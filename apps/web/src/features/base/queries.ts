import { baseApi, type publicParamKeys } from '@chatpay/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { upload } from '../../lib/upload.ts';

export type ParamKey = (typeof publicParamKeys)[number];

/** Query keys of the base domain. */
export const baseKeys = {
  all: ['base'] as const,
  param: (key: ParamKey) => [...baseKeys.all, 'param', key] as const,
};

/** One public parameter (agreement and policy texts, about text, app name). */
export const useParam = (key: ParamKey) =>
  useQuery({
    queryKey: baseKeys.param(key),
    queryFn: () => call(baseApi.param, { key }),
    staleTime: 10 * 60_000,
  });

/** Uploads a file and answers its public URL (retries on network trouble). */
export const useUpload = () => useMutation({ mutationFn: (file: File) => upload(file) });
