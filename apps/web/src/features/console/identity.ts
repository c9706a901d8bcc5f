import { adminKycApi, type InputOf } from '@chatpay/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { consoleKeys } from './keys.ts';

/** The identity review queue (docs/design/identity.md), paged and filtered by the server. */
export const useKycQueue = (input: InputOf<typeof adminKycApi.page>) =>
  useQuery({
    queryKey: consoleKeys.identityQueue(input),
    queryFn: () => call(adminKycApi.page, input),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * One submission with its number and files. The server audits every read, so it is read once per opening:
 * no refetch on focus, reconnect or console events, and forgotten when the page closes.
 */
export const useKycSubmission = (id: number) =>
  useQuery({
    queryKey: consoleKeys.identitySubmission(id),
    queryFn: () => call(adminKycApi.info, { id }),
    enabled: id > 0,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

/** Approves or rejects; the answer is the submission as it stands now, and the queue reads again. */
export const useKycDecide = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof adminKycApi.review>) => call(adminKycApi.review, input),
    onSuccess: (view) => {
      qc.setQueryData(consoleKeys.identitySubmission(view.id), view);
      void qc.invalidateQueries({ queryKey: consoleKeys.all });
    },
  });
};
