/** The chain feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export {
  usableOn,
  useAddAddress,
  useAddressBook,
  useLabelAddress,
  useRemoveAddress,
  useSetAllowlist,
} from './address-book.ts';
export { useChainRecords, useDepositAddress, useEstimate, useWithdraw } from './queries.ts';
