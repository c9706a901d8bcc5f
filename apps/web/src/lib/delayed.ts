import { useEffect, useState } from 'react';

/** The page loading indicator appears only when loading takes longer than 200 ms (docs/product.md#limits). */
export const PAGE_LOADING_DELAY_MS = 200;

/** Calls `show` once `ms` have passed, unless the returned cancel runs first. */
export const showAfter = (ms: number, show: () => void): (() => void) => {
  if (ms <= 0) {
    show();
    return () => {};
  }
  const timer = setTimeout(show, ms);
  return () => clearTimeout(timer);
};

/** False until `ms` after mounting, then true: quick loads never flash an indicator. */
export const useShownAfter = (ms: number = PAGE_LOADING_DELAY_MS) => {
  const [shown, setShown] = useState(ms <= 0);
  useEffect(() => showAfter(ms, () => setShown(true)), [ms]);
  return shown;
};
