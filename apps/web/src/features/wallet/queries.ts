import { chatTransferApi, type InputOf, mccApi, walletApi } from '@chatpay/shared';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { call } from '../../lib/request.ts';
import { receiveStored } from '../chat/index.ts';
import { walletKeys } from './keys.ts';

export { walletKeys } from './keys.ts';

export type HistoryTab = 'all' | 'income' | 'expense';
const HISTORY_PAGE_SIZE = 20;

/**
 * My balance: available, frozen, total. The one cache entry of walletApi.balance: the wallet, the market
 * and the pay pages all read it, and whatever moves money invalidates it (`invalidateWallet`). Read again
 * whenever a page showing it opens, as money also arrives from others.
 */
export const useBalance = () => {
  const token = useAuth((s) => s.token);
  return useQuery({
    queryKey: walletKeys.balance(),
    queryFn: () => call(walletApi.balance, {}),
    enabled: Boolean(token),
    staleTime: 0,
  });
};

/** Income and expense totals (and the network fee settings). */
export const useWalletInfo = () =>
  useQuery({ queryKey: walletKeys.info(), queryFn: () => call(walletApi.info, {}) });

/** How many entries each history tab holds (walletApi.count), shown on the tabs. */
export const useHistoryCount = () =>
  useQuery({ queryKey: walletKeys.count(), queryFn: () => call(walletApi.count, {}) });

/** My history, newest first, a page at a time (infinite scroll). */
export const useHistory = (tab: HistoryTab) =>
  useInfiniteQuery({
    queryKey: walletKeys.history(tab),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call(walletApi.page, {
        page: pageParam,
        size: HISTORY_PAGE_SIZE,
        type: tab === 'all' ? undefined : tab,
      }),
    getNextPageParam: (last) => {
      const { page, size, total } = last.pagination;
      return page * size < total ? page + 1 : undefined;
    },
  });

/** One record of my history with its business record (the detail page). */
export const useWalletEntry = (id: number) =>
  useQuery({
    queryKey: walletKeys.entry(id),
    queryFn: () => call(walletApi.detail, { id }),
    enabled: id > 0,
  });

/** After money moved: balances, totals and history are all stale. */
export const invalidateWallet = (qc: QueryClient) => qc.invalidateQueries({ queryKey: walletKeys.all });

/** Who a member id belongs to, to confirm before paying. */
export const useVerifyMember = () =>
  useMutation({ mutationFn: (memberId: string) => call(mccApi.verifyMccId, { memberId }) });

/** A transfer by member id; the caller supplies the attempt's requestId. */
export const useWalletTransfer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof walletApi.transfer>) => call(walletApi.transfer, input),
    onSettled: () => invalidateWallet(qc),
  });
};

/** A transfer in a single chat; its message shows in the chat at once. */
export const useSendChatTransfer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof chatTransferApi.send>) => call(chatTransferApi.send, input),
    onSuccess: ({ message }) => receiveStored(message),
    onSettled: () => invalidateWallet(qc),
  });
};
