import { reservesApi } from '@chatpay/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { reservesKeys } from './keys.ts';

/** The latest signed snapshot and the operator key this server shows (docs/design/reserves.md). */
export const useLatestReserves = () =>
  useQuery({ queryKey: reservesKeys.latest(), queryFn: () => call(reservesApi.latest, {}), staleTime: 0 });

/** My leaf and path in a snapshot; `proof: null` when I had no ledger account then. */
export const useMyReserveProof = (id: number | undefined) =>
  useQuery({
    queryKey: reservesKeys.proof(id ?? 0),
    queryFn: () => call(reservesApi.proof, { id }),
    enabled: id !== undefined,
  });

/** The whole tree of a snapshot without identities (the "Download the whole tree" file). */
export const fetchReserveTree = (id: number) => call(reservesApi.tree, { id });
