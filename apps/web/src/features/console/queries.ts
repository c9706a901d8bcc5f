import {
  adminAdjustApi,
  adminC2cApi,
  adminChainApi,
  adminComplainApi,
  adminFeedbackApi,
  adminMemberApi,
  adminVersionApi,
  adminWalletApi,
  appPlatforms,
  appVersionApi,
  consoleApi,
  type Endpoint,
  type InputOf,
  type OutputOf,
} from '@chatpay/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { c2cKeys } from '../c2c/keys.ts';
import { consoleKeys } from './keys.ts';

export const useConsoleMenu = (enabled: boolean) =>
  useQuery({ queryKey: consoleKeys.menu(), queryFn: () => call(consoleApi.menu, {}), enabled });

export const useDashboard = () =>
  useQuery({
    queryKey: consoleKeys.dashboard(),
    queryFn: () => call(consoleApi.dashboard, {}),
    staleTime: 0,
  });

/** One page of a server-side list (paged, filtered and sorted by the server); the previous page stays shown. */
export const usePaged = <E extends Endpoint>(name: string, endpoint: E, input: InputOf<E>) =>
  useQuery({
    queryKey: consoleKeys.list(name, input as object),
    queryFn: () => call(endpoint, input) as Promise<OutputOf<E>>,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useMember = (id: number) =>
  useQuery({
    queryKey: consoleKeys.member(id),
    queryFn: () => call(adminMemberApi.info, { id }),
    enabled: id > 0,
    staleTime: 0,
  });

/** The latest published version of each platform (the public check call, asked once per platform). */
export const useLatestVersions = () =>
  useQuery({
    queryKey: [...consoleKeys.all, 'versions'],
    queryFn: () =>
      Promise.all(
        appPlatforms.map(async (platform) => ({
          platform,
          ...(await call(appVersionApi.check, { platform })),
        })),
      ),
    staleTime: 0,
  });

export const useBooks = () =>
  useQuery({ queryKey: consoleKeys.books(), queryFn: () => call(adminAdjustApi.systemAccounts, {}) });

export const useRoles = () =>
  useQuery({ queryKey: consoleKeys.roles(), queryFn: () => call(consoleApi.roleList, {}) });

/** A console action: every console list and the market's appeal lists load again after it. */
const useConsoleMutation = <E extends Endpoint>(endpoint: E) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<E>) => call(endpoint, input) as Promise<OutputOf<E>>,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: consoleKeys.all });
      void qc.invalidateQueries({ queryKey: c2cKeys.appeals() });
    },
  });
};

export const useFreeze = () => useConsoleMutation(adminMemberApi.freeze);
export const useForceLogout = () => useConsoleMutation(adminMemberApi.logout);
export const useUnlockPin = () => useConsoleMutation(adminMemberApi.unlockPin);
export const useMerchantReview = () => useConsoleMutation(adminC2cApi.merchantReview);
export const useMerchantRevoke = () => useConsoleMutation(adminC2cApi.merchantRevoke);
export const useWithdrawalApprove = () => useConsoleMutation(adminChainApi.approve);
export const useWithdrawalReject = () => useConsoleMutation(adminChainApi.reject);
export const useComplainReply = () => useConsoleMutation(adminComplainApi.reply);
export const useFeedbackReply = () => useConsoleMutation(adminFeedbackApi.reply);
export const useAdjust = () => useConsoleMutation(adminWalletApi.adjust);
export const useAdjustApprove = () => useConsoleMutation(adminAdjustApi.approve);
export const useAdjustReject = () => useConsoleMutation(adminAdjustApi.reject);
export const usePublishVersion = () => useConsoleMutation(adminVersionApi.publish);
export const useStaffAdd = () => useConsoleMutation(consoleApi.staffAdd);
export const useStaffRoles = () => useConsoleMutation(consoleApi.staffRoles);
