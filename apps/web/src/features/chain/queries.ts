import { type ChainRecord, type InputOf, type Network, walletApi } from '@chatpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { invalidateWallet, walletKeys } from '../wallet/index.ts';

export const chainKeys = {
  address: (network: Network) => [...walletKeys.all, 'chain', 'address', network] as const,
  records: (type: 'all' | 'deposit' | 'withdrawal') => [...walletKeys.all, 'chain', 'records', type] as const,
  estimate: (network: Network, amount: string) =>
    [...walletKeys.all, 'chain', 'estimate', network, amount] as const,
  addressBook: () => [...walletKeys.all, 'chain', 'address-book'] as const,
};

/** States that will still change: the list refreshes itself while one is shown. */
export const isPending = (r: ChainRecord) =>
  ['confirming', 'reviewing', 'approved', 'signed'].includes(r.status);

export const useDepositAddress = (network: Network | null) =>
  useQuery({
    queryKey: chainKeys.address(network ?? 'ERC20'),
    queryFn: () => call(walletApi.address, { network: network! }),
    enabled: Boolean(network),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * My deposits and withdrawals (the first page), refreshed while any is pending and on `chain` socket events
 * (the wallet's listener, features/wallet/balance-events.ts, marks every wallet query stale).
 */
export const useChainRecords = (type: 'all' | 'deposit' | 'withdrawal') => {
  const q = useQuery({
    queryKey: chainKeys.records(type),
    queryFn: () => call(walletApi.records, { page: 1, size: 20, ...(type === 'all' ? {} : { type }) }),
    refetchInterval: (query) => (query.state.data?.list.some(isPending) ? 3000 : false),
  });
  return q;
};

export const useEstimate = (network: Network | null, amount: string | null) =>
  useQuery({
    queryKey: chainKeys.estimate(network ?? 'ERC20', amount ?? ''),
    queryFn: () => call(walletApi.estimate, { network: network!, amount: amount! }),
    enabled: Boolean(network && amount),
    placeholderData: (prev) => prev,
  });

export const useWithdraw = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof walletApi.withdrawal>) => call(walletApi.withdrawal, input),
    onSettled: () => invalidateWallet(qc),
  });
};

/** 0x1234…abcd: a hash or address shortened the way explorers show it. */
export const shortHash = (hash: string, head = 6, tail = 4) =>
  hash.length > head + tail + 1 ? `${hash.slice(0, head)}…${hash.slice(-tail)}` : hash;
