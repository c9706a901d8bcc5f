/** The chain feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { useChainEvents, useChainRecords, useDepositAddress, useEstimate, useWithdraw } from './queries.ts';
