import { QueryClient } from '@tanstack/react-query';
import { ClientCode } from '../lib/errors.ts';
import { ApiError } from '../lib/request.ts';

/** Only network trouble is worth a second try; a refusal from the server answers the same again. */
const retry = (count: number, error: unknown) =>
  count < 1 && error instanceof ApiError && (error.code === ClientCode.Network || error.status >= 500);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
