import {
  adminAdjustApi,
  adminC2cApi,
  adminChainApi,
  adminComplainApi,
  adminContentApi,
  adminFeedbackApi,
  adminGoodsApi,
  adminMemberApi,
  adminRateApi,
  adminReservesApi,
  adminSecurityApi,
  adminServiceApi,
  adminVersionApi,
  adminWalletApi,
  consoleApi,
  type Endpoint,
  type InputOf,
  type OutputOf,
  standingApi,
} from '@chatpay/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { versionKeys } from '../app/index.ts';
import { baseKeys } from '../base/index.ts';
import { c2cKeys } from '../c2c/index.ts';
import { payKeys } from '../paydesk/index.ts';
import { reservesKeys } from '../reserves/index.ts';
import { ticketKeys } from '../tickets/index.ts';
import { consoleKeys } from './keys.ts';

export const useConsoleMenu = (enabled: boolean) =>
  useQuery({ queryKey: consoleKeys.menu(), queryFn: () => call(consoleApi.menu, {}), enabled });

/** What waits in each queue (the menu badges); loads again on every live console event. */
export const useConsoleBadges = (enabled: boolean) =>
  useQuery({
    queryKey: consoleKeys.badges(),
    queryFn: () => call(consoleApi.badges, {}),
    enabled,
    staleTime: 0,
  });

export const useDashboard = () =>
  useQuery({
    queryKey: consoleKeys.dashboard(),
    queryFn: () => call(consoleApi.dashboard, {}),
    staleTime: 0,
  });

/** Server-side lists (paged, filtered and sorted by the server); the previous page stays shown while the next loads. */
const listOptions = { placeholderData: keepPreviousData, staleTime: 0 } as const;

export const useMembersPage = (input: InputOf<typeof adminMemberApi.search>, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.members(input),
    queryFn: () => call(adminMemberApi.search, input),
    enabled,
    ...listOptions,
  });

export const useMerchantsPage = (input: InputOf<typeof adminC2cApi.merchantPage>, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.merchants(input),
    queryFn: () => call(adminC2cApi.merchantPage, input),
    enabled,
    ...listOptions,
  });

export const useWithdrawalsPage = (input: InputOf<typeof adminChainApi.withdrawalPage>, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.withdrawals(input),
    queryFn: () => call(adminChainApi.withdrawalPage, input),
    enabled,
    ...listOptions,
  });

export const useStaffPage = (input: InputOf<typeof consoleApi.staffPage>, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.staff(input),
    queryFn: () => call(consoleApi.staffPage, input),
    enabled,
    ...listOptions,
  });

/**
 * The calls behind a list of staff requests: every kind (`staff`, admins), or only second-factor resets
 * (`resetFactor`, which support decides too; docs/security.md, "Losing every factor").
 */
const requestCalls = {
  staff: {
    page: consoleApi.staffRequestPage,
    approve: consoleApi.staffRequestApprove,
    reject: consoleApi.staffRequestReject,
  },
  resetFactor: {
    page: adminSecurityApi.resetRequestPage,
    approve: adminSecurityApi.resetRequestApprove,
    reject: adminSecurityApi.resetRequestReject,
  },
} as const;
export type StaffRequestScope = keyof typeof requestCalls;

/** Staff requests waiting for, or past, a checker. */
export const useStaffRequestsPage = (
  scope: StaffRequestScope,
  input: InputOf<typeof consoleApi.staffRequestPage>,
  enabled = true,
) =>
  useQuery({
    queryKey: consoleKeys.staffRequests(scope, input),
    queryFn: () => call(requestCalls[scope].page, input),
    enabled,
    ...listOptions,
  });

export const useAppealsPage = (input: InputOf<typeof adminC2cApi.appealPage>, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.appeals(input),
    queryFn: () => call(adminC2cApi.appealPage, input),
    enabled,
    ...listOptions,
  });

export const useAdjustmentsPage = (input: InputOf<typeof adminAdjustApi.page>, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.adjustments(input),
    queryFn: () => call(adminAdjustApi.page, input),
    enabled,
    ...listOptions,
  });

export const useComplaintsPage = (input: InputOf<typeof adminComplainApi.page>, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.complaints(input),
    queryFn: () => call(adminComplainApi.page, input),
    enabled,
    ...listOptions,
  });

export const useFeedbackPage = (input: InputOf<typeof adminFeedbackApi.page>, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.feedback(input),
    queryFn: () => call(adminFeedbackApi.page, input),
    enabled,
    ...listOptions,
  });

export const useAuditPage = (input: InputOf<typeof consoleApi.auditPage>, enabled = true) =>
  useQuery({
    queryKey: consoleKeys.audit(input),
    queryFn: () => call(consoleApi.auditPage, input),
    enabled,
    ...listOptions,
  });

export const useServicePage = (input: InputOf<typeof adminServiceApi.page>) =>
  useQuery({
    queryKey: consoleKeys.service(input),
    queryFn: () => call(adminServiceApi.page, input),
    ...listOptions,
  });

/** One customer-service conversation: the newest messages first, older pages by seq on demand. */
export const useServiceMessages = (sessionId: number) =>
  useInfiniteQuery({
    queryKey: consoleKeys.serviceMessages(sessionId),
    queryFn: ({ pageParam }) =>
      call(adminServiceApi.messages, {
        sessionId,
        size: 30,
        ...(pageParam === undefined ? {} : { beforeSeq: pageParam }),
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.list[0]?.seq : undefined),
    enabled: sessionId > 0,
    staleTime: 0,
  });

export const useTradersPage = (input: InputOf<typeof standingApi.page>) =>
  useQuery({
    queryKey: consoleKeys.traders(input),
    queryFn: () => call(standingApi.page, input),
    ...listOptions,
  });

export const useMember = (id: number) =>
  useQuery({
    queryKey: consoleKeys.member(id),
    queryFn: () => call(adminMemberApi.info, { id }),
    enabled: id > 0,
    staleTime: 0,
  });

export const useMemberLedger = (input: InputOf<typeof adminMemberApi.ledger>) =>
  useQuery({
    queryKey: consoleKeys.memberLedger(input),
    queryFn: () => call(adminMemberApi.ledger, input),
    ...listOptions,
  });

export const useMemberOrders = (input: InputOf<typeof adminMemberApi.orders>) =>
  useQuery({
    queryKey: consoleKeys.memberOrders(input),
    queryFn: () => call(adminMemberApi.orders, input),
    ...listOptions,
  });

export const useMemberSessions = (id: number) =>
  useQuery({
    queryKey: consoleKeys.memberSessions(id),
    queryFn: () => call(adminMemberApi.sessions, { id }),
    staleTime: 0,
  });

export const useDictTypes = () =>
  useQuery({ queryKey: consoleKeys.dictTypes(), queryFn: () => call(adminContentApi.dictTypes, {}) });

export const useDictPage = (input: InputOf<typeof adminContentApi.dictPage>) =>
  useQuery({
    queryKey: consoleKeys.dict(input),
    queryFn: () => call(adminContentApi.dictPage, input),
    ...listOptions,
  });

/** Every good of the pay desk, on sale or not, in display order. */
export const useGoodsPage = (input: InputOf<typeof adminGoodsApi.page>) =>
  useQuery({
    queryKey: consoleKeys.goods(input),
    queryFn: () => call(adminGoodsApi.page, input),
    ...listOptions,
  });

export const useDocuments = () =>
  useQuery({
    queryKey: consoleKeys.documents(),
    queryFn: () => call(adminContentApi.documents, {}),
    staleTime: 0,
  });

export const useBooks = () =>
  useQuery({ queryKey: consoleKeys.books(), queryFn: () => call(adminAdjustApi.systemAccounts, {}) });

export const useRoles = () =>
  useQuery({ queryKey: consoleKeys.roles(), queryFn: () => call(consoleApi.roleList, {}) });

/** A console action: every console list, the market's appeal lists and `alsoStale` load again after it. */
const useConsoleMutation = <E extends Endpoint>(
  endpoint: E,
  alsoStale: readonly (readonly unknown[])[] = [],
) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<E>) => call(endpoint, input) as Promise<OutputOf<E>>,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: consoleKeys.all });
      void qc.invalidateQueries({ queryKey: c2cKeys.appeals() });
      for (const queryKey of alsoStale) void qc.invalidateQueries({ queryKey });
    },
  });
};

export const useFreeze = () => useConsoleMutation(adminMemberApi.freeze);
export const useForceLogout = () => useConsoleMutation(adminMemberApi.logout);
export const useUnlockPin = () => useConsoleMutation(adminMemberApi.unlockPin);
export const useResetFactors = () => useConsoleMutation(adminSecurityApi.resetFactors);
export const useMerchantReview = () => useConsoleMutation(adminC2cApi.merchantReview);
export const useMerchantRevoke = () => useConsoleMutation(adminC2cApi.merchantRevoke);
export const useWithdrawalApprove = () => useConsoleMutation(adminChainApi.approve);
export const useWithdrawalReject = () => useConsoleMutation(adminChainApi.reject);
export const useComplainReply = () => useConsoleMutation(adminComplainApi.reply);
export const useFeedbackReply = () => useConsoleMutation(adminFeedbackApi.reply);
/** Proof-of-reserves snapshots, newest first (docs/design/reserves.md). */
export const useReservesPage = (input: InputOf<typeof adminReservesApi.page>) =>
  useQuery({
    queryKey: consoleKeys.reserves(input),
    queryFn: () => call(adminReservesApi.page, input),
    ...listOptions,
  });
/** A new snapshot is what members' proof-of-reserves page shows next. */
export const useReservesSnapshot = () => useConsoleMutation(adminReservesApi.snapshot, [reservesKeys.all]);
export const useAdjust = () => useConsoleMutation(adminWalletApi.adjust);
export const useAdjustApprove = () => useConsoleMutation(adminAdjustApi.approve);
export const useAdjustReject = () => useConsoleMutation(adminAdjustApi.reject);
/** Publishing changes what the public version check answers, so its entries load again too. */
export const usePublishVersion = () => useConsoleMutation(adminVersionApi.publish, [versionKeys.all]);
export const useWithdrawVersion = () => useConsoleMutation(adminVersionApi.withdraw, [versionKeys.all]);
/** Dictionary changes show in the app's pickers, so its dictionary cache loads again too. */
export const useDictAdd = () => useConsoleMutation(adminContentApi.dictAdd, [ticketKeys.all]);
export const useDictUpdate = () => useConsoleMutation(adminContentApi.dictUpdate, [ticketKeys.all]);
export const useDictDelete = () => useConsoleMutation(adminContentApi.dictDelete, [ticketKeys.all]);
/** A saved document is what the app's agreement, privacy and about pages read. */
export const useDocumentSave = () => useConsoleMutation(adminContentApi.documentSave, [baseKeys.all]);
/** A changed good is what the pay desk lists and sells: its cached goods load again. */
export const useGoodsAdd = () => useConsoleMutation(adminGoodsApi.add, [payKeys.all]);
export const useGoodsUpdate = () => useConsoleMutation(adminGoodsApi.update, [payKeys.all]);
export const useGoodsActive = () => useConsoleMutation(adminGoodsApi.active, [payKeys.all]);
export const useServiceRead = () => useConsoleMutation(adminServiceApi.read);
export const useServiceSend = () => useConsoleMutation(adminServiceApi.send);
export const useTraderLift = () => useConsoleMutation(standingApi.lift);
/** The market's prices follow the reference rate: its cached rate and ads load again too. */
export const useSetRate = () => useConsoleMutation(adminRateApi.update, [c2cKeys.all]);
export const useStaffAdd = () => useConsoleMutation(consoleApi.staffAdd);
export const useStaffRoles = () => useConsoleMutation(consoleApi.staffRoles);
export const useStaffRequestApprove = (scope: StaffRequestScope) =>
  useConsoleMutation(requestCalls[scope].approve);
export const useStaffRequestReject = (scope: StaffRequestScope) =>
  useConsoleMutation(requestCalls[scope].reject);
