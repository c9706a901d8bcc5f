/**
 * Names the moments of start-up in the browser's performance timeline (`app:<name>`), so a trace or
 * `npm run bench:web:profile` shows where the time to the first useful screen goes. Costs a few microseconds.
 */
export const perfMark = (name: string) => {
  try {
    performance.mark(`app:${name}`);
  } catch {
    // No User Timing (tests, very old browsers): nothing to record.
  }
};
