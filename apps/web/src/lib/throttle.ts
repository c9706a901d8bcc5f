/** Lets a call through at most once per `ms` (the message sound: 1000 ms, docs/product.md#messages). */
export const throttle = (ms: number, now: () => number = Date.now) => {
  let last = Number.NEGATIVE_INFINITY;
  return (): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
};
