import {
  type AdType,
  adminC2cApi,
  advertisingApi,
  bankApi,
  type InputOf,
  merchantApi,
  type PaymentType,
  standingApi,
  transactionApi,
  trustApi,
  trustedApi,
} from '@chatpay/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { isNetworkError } from '../../lib/errors.ts';
import { call } from '../../lib/request.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { invalidateWallet } from '../wallet/index.ts';
import { c2cKeys } from './keys.ts';

export { c2cKeys } from './keys.ts';

const PAGE_SIZE = 20;

/** Pages of a list call: the next page exists while fewer than `total` items are loaded. */
const nextPage = <T>(
  last: { list: T[]; pagination: { page: number; total: number } },
  all: { list: T[] }[],
) =>
  all.reduce((n, p) => n + p.list.length, 0) < last.pagination.total ? last.pagination.page + 1 : undefined;

export interface MarketFilter {
  type: AdType;
  paymentType?: PaymentType;
  amount?: string;
  /** Only traders I marked as trusted. */
  trusted?: boolean;
}

export const useMarket = (filter: MarketFilter) =>
  useInfiniteQuery({
    queryKey: c2cKeys.market(filter),
    queryFn: ({ pageParam }) => call(advertisingApi.page, { ...filter, page: pageParam, size: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 5_000,
  });

export const useAd = (id: number) =>
  useQuery({ queryKey: c2cKeys.ad(id), queryFn: () => call(advertisingApi.detail, { id }), enabled: id > 0 });

export const useMyAd = (id: number) =>
  useQuery({ queryKey: c2cKeys.myAd(id), queryFn: () => call(advertisingApi.info, { id }), enabled: id > 0 });

export const useMyAds = () =>
  useInfiniteQuery({
    queryKey: c2cKeys.myAds(),
    queryFn: ({ pageParam }) => call(advertisingApi.myPage, { page: pageParam, size: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useOrders = (status: InputOf<typeof transactionApi.page>['status']) =>
  useInfiniteQuery({
    queryKey: c2cKeys.orders(status ?? 'all'),
    queryFn: ({ pageParam }) => call(transactionApi.page, { status, page: pageParam, size: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const useOrder = (id: number) =>
  useQuery({
    queryKey: c2cKeys.order(id),
    queryFn: () => call(transactionApi.detail, { id }),
    enabled: id > 0,
    staleTime: 0,
  });

/**
 * The server's answer for an order before it is placed (transaction/quote): the amounts to confirm. Read
 * afresh each time, as the ad may have changed since the page loaded.
 */
export const useFetchQuote = () => {
  const qc = useQueryClient();
  return (input: InputOf<typeof transactionApi.quote>) =>
    qc.fetchQuery({
      queryKey: c2cKeys.quote(input),
      queryFn: () => call(transactionApi.quote, input),
      staleTime: 0,
      retry: false,
    });
};

export const useTradeConfig = () =>
  useQuery({ queryKey: c2cKeys.config(), queryFn: () => call(transactionApi.config, {}) });

/** The reference rate a new ad's price starts from. */
export const useRate = () =>
  useQuery({ queryKey: c2cKeys.rate(), queryFn: () => call(advertisingApi.rate, {}) });

/** My orders changed since I last looked (the merchant unread count, docs/product.md#orders). */
export const useOrderUnread = () => {
  const token = useAuth((s) => s.token);
  return useQuery({
    queryKey: c2cKeys.unread(),
    queryFn: async () => (await call(transactionApi.unread, {})).count,
    enabled: Boolean(token),
  });
};

export const useMerchantInfo = () =>
  useQuery({ queryKey: c2cKeys.merchantInfo(), queryFn: () => call(merchantApi.info, {}) });

export const useMerchantDetail = (enabled = true) =>
  useQuery({
    queryKey: c2cKeys.merchantDetail(),
    // A failed merchant-detail fetch relaunches the login page (an unreachable server is not a failure)
    // (docs/product.md#routes).
    queryFn: () =>
      call(merchantApi.detail, {}).catch((error: unknown) => {
        if (!isNetworkError(error)) navigate({ path: Paths.login, mode: 'reLaunch' });
        throw error;
      }),
    enabled,
    staleTime: 0,
  });

/** A trader's public profile: stats, badges, live ads, latest feedback. */
export const useTraderProfile = (userId: number) =>
  useQuery({
    queryKey: c2cKeys.profile(userId),
    queryFn: () => call(trustApi.profile, { userId }),
    enabled: userId > 0,
    staleTime: 0,
  });

/** Every feedback a trader received, a page at a time (the profile shows the latest few). */
export const useTraderFeedback = (userId: number, positive: 'all' | 'positive' | 'negative' = 'all') =>
  useInfiniteQuery({
    queryKey: c2cKeys.feedback(userId, positive),
    queryFn: ({ pageParam }) => call(trustApi.feedbackPage, { userId, positive, page: pageParam, size: 20 }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.list.length, 0) < last.pagination.total ? pages.length + 1 : undefined,
    enabled: userId > 0,
  });

/** My appeal strikes and whether my trading is suspended (shown on my market page). */
export const useMyStanding = () =>
  useQuery({ queryKey: c2cKeys.standing(), queryFn: () => call(standingApi.mine, {}) });

/** The traders I marked as trusted. */
export const useTrustedList = () =>
  useQuery({ queryKey: c2cKeys.trusted(), queryFn: async () => (await call(trustedApi.list, {})).list });

export const useBanks = () =>
  useQuery({
    queryKey: c2cKeys.banks(),
    queryFn: async () => (await call(bankApi.page, { page: 1, size: 100 })).list,
  });

export const useBank = (id: number) =>
  useQuery({ queryKey: c2cKeys.bank(id), queryFn: () => call(bankApi.info, { id }), enabled: id > 0 });

/**
 * Any market mutation: on success everything of the market is read again (orders, ads, stats), and the
 * wallet too (its balance and history are the wallet's cache) when the call can move or freeze coins.
 */
const useMarketMutation = <I, O>(fn: (input: I) => Promise<O>, options: { money?: boolean } = {}) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: c2cKeys.all }),
        options.money ? invalidateWallet(qc) : undefined,
      ]),
  });
};
const money = { money: true };

export const useStartOrder = () =>
  useMarketMutation((i: InputOf<typeof transactionApi.start>) => call(transactionApi.start, i), money);
export const useMarkPaid = () => useMarketMutation((id: number) => call(transactionApi.payment, { id }));
export const useCancelOrder = () =>
  useMarketMutation((id: number) => call(transactionApi.canceled, { id }), money);
export const useRelease = () =>
  useMarketMutation(
    (i: InputOf<typeof transactionApi.completed>) => call(transactionApi.completed, i),
    money,
  );
export const useAppeal = () =>
  useMarketMutation((i: InputOf<typeof transactionApi.appealing>) => call(transactionApi.appealing, i));

/** More proof for an open appeal (transaction/uploadFiles). */
export const useUploadProof = () =>
  useMarketMutation((i: InputOf<typeof transactionApi.uploadFiles>) => call(transactionApi.uploadFiles, i));

export const useLeaveFeedback = () =>
  useMarketMutation((i: InputOf<typeof trustApi.feedback>) => call(trustApi.feedback, i));

export const usePublishAd = () =>
  useMarketMutation((i: InputOf<typeof advertisingApi.publish>) => call(advertisingApi.publish, i), money);
export const useUpdateAd = () =>
  useMarketMutation((i: InputOf<typeof advertisingApi.update>) => call(advertisingApi.update, i), money);
export const useCloseAd = () => useMarketMutation((id: number) => call(advertisingApi.close, { id }), money);
export const usePutUpAd = () =>
  useMarketMutation((id: number) => call(advertisingApi.uploadAd, { id }), money);
export const useDeleteAd = () =>
  useMarketMutation((id: number) => call(advertisingApi.delete, { id }), money);

export const useAddBank = () => useMarketMutation((i: InputOf<typeof bankApi.add>) => call(bankApi.add, i));
export const useUpdateBank = () =>
  useMarketMutation((i: InputOf<typeof bankApi.update>) => call(bankApi.update, i));
export const useDeleteBank = () => useMarketMutation((id: number) => call(bankApi.delete, { id }));

export const useApplyMerchant = () =>
  useMarketMutation((i: InputOf<typeof merchantApi.apply>) => call(merchantApi.apply, i));
export const useUpdateMerchant = () =>
  useMarketMutation((i: InputOf<typeof merchantApi.update>) => call(merchantApi.update, i));
/** Mark or unmark a trader as trusted; the market and the profile read it again. */
export const useSetTrusted = () =>
  useMarketMutation(({ userId, trusted }: { userId: number; trusted: boolean }) =>
    call(trusted ? trustedApi.add : trustedApi.remove, { userId }),
  );
export const useRotateApiKey = () =>
  useMutation({ mutationFn: (pin: string) => call(merchantApi.apiKey, { pin }) });

// ---- support ------------------------------------------------------------------------------------

export const useAppealInfo = (id: number) =>
  useQuery({
    queryKey: c2cKeys.appeal(id),
    queryFn: () => call(adminC2cApi.appealInfo, { id }),
    enabled: id > 0,
    staleTime: 0,
  });

export const useAppealMessages = (id: number) =>
  useQuery({
    queryKey: c2cKeys.appealMessages(id),
    queryFn: async () => (await call(adminC2cApi.appealMessages, { id })).list,
    enabled: id > 0,
    staleTime: 0,
  });

/** An edited order chat message's earlier texts; asked only when support opens them (each read is audited). */
export const useAppealMessageVersions = (id: number, messageId: number, open: boolean) =>
  useQuery({
    queryKey: c2cKeys.appealMessageVersions(id, messageId),
    queryFn: async () => (await call(adminC2cApi.appealMessageVersions, { id, messageId })).list,
    enabled: open && id > 0,
  });

export const useResolveAppeal = () =>
  useMarketMutation(
    (i: InputOf<typeof adminC2cApi.appealResolve>) => call(adminC2cApi.appealResolve, i),
    money,
  );
export const useSupportMessage = () =>
  useMarketMutation((i: InputOf<typeof adminC2cApi.appealMessage>) => call(adminC2cApi.appealMessage, i));
