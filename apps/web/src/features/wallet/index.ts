/** The wallet feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export {
  checkAmount,
  sanitizeAmount,
  showSigned,
  showUsdt,
  showUsdtUnit,
  signedMicro,
  toMicro,
} from './amount.ts';
export { createAttempt, newRequestId } from './attempt.ts';
export { transferKind, walletNotices } from './chat-kinds.ts';
export { entryAmount, entryReference, entryStatus, entryTitle, isNeutral } from './history.ts';
export { walletKeys } from './keys.ts';
export type { HistoryTab } from './queries.ts';
export {
  invalidateWallet,
  useBalance,
  useHistory,
  useHistoryCount,
  useSendChatTransfer,
  useVerifyMember,
  useWalletEntry,
  useWalletInfo,
  useWalletTransfer,
} from './queries.ts';
export { startWalletRealtime } from './realtime.ts';
