/** The proof-of-reserves feature's front door (CONTRIBUTING.md, Web features). */

export { reservesKeys } from './keys.ts';
export { fetchReserveTree, useLatestReserves, useMyReserveProof } from './queries.ts';
export { checkInBrowser, type ReservesVerdict, useReservesVerdict } from './verify.ts';
