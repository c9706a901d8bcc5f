/** The c2c feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { tradeNotices } from './chat-kinds.ts';
export { c2cKeys } from './keys.ts';
export type { OrderTab, TakeMode } from './logic.ts';
export {
  cardLabel,
  fiatCents,
  floatPreview,
  formatCountdown,
  isKnownStatus,
  ORDER_TABS,
  previewOrder,
  usdtMicro,
} from './logic.ts';
export {
  useAd,
  useAddBank,
  useAppealInfo,
  useAppealMessages,
  useApplyMerchant,
  useBank,
  useBanks,
  useCancelOrder,
  useCloseAd,
  useDeleteAd,
  useDeleteBank,
  useFetchQuote,
  useMarket,
  useMarkPaid,
  useMerchantDetail,
  useMerchantInfo,
  useMyAd,
  useMyAds,
  useMyStanding,
  useOrder,
  useOrders,
  useOrderUnread,
  usePublishAd,
  usePutUpAd,
  useRate,
  useResolveAppeal,
  useSetTrusted,
  useStartOrder,
  useSupportMessage,
  useTradeConfig,
  useTraderFeedback,
  useTraderProfile,
  useTrustedList,
  useUpdateAd,
  useUpdateBank,
  useUpdateMerchant,
} from './queries.ts';
export { startC2CRealtime } from './realtime.ts';
