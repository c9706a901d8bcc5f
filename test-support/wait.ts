/**
 * Waiting, shared by the server tests, the browser tests and the benchmarks (each imports it by a relative
 * path; the shared package stays free of timers and Node types, since the browser app ships it).
 */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface WaitOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Pause between probes (default 50 ms). */
  intervalMs?: number;
  /** What the error says when time runs out: text, or a function asked at that moment (it may read state). */
  message?: string | (() => string | Promise<string>);
}

/**
 * Probes until `probe` answers something truthy and answers that value; throws when `timeoutMs` passes first.
 * A probe that throws is not retried: the error stops the wait.
 */
export const waitFor = async <T>(
  probe: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 50, message = 'condition not met' }: WaitOptions = {},
): Promise<Exclude<T, false | 0 | '' | null | undefined>> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Exclude<T, false | 0 | '' | null | undefined>;
    if (Date.now() > deadline) {
      const text = typeof message === 'function' ? await message() : message;
      throw new Error(`waited ${timeoutMs} ms: ${text}`);
    }
    await sleep(intervalMs);
  }
};
