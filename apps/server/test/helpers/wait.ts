/** The waiting helpers every suite shares (server tests, browser tests, benchmarks). */
export { sleep, waitFor } from '../../../../test-support/wait.ts';
