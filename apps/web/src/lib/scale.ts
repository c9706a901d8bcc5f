import { onRouteChange } from './route-change.ts';

/**
 * Root font size = page width / 23.4375 (base width 375), the width capped at 960
 * (docs/product.md#appearance).
 */
export const BASE_WIDTH = 375;
export const MAX_WIDTH = 960;
export const rootFontSize = (windowWidth: number) => Math.min(windowWidth, MAX_WIDTH) / (BASE_WIDTH / 16);

/**
 * Whether the hash is the operator console's (`/admin/…`): a desktop layout sized in px with its own colours,
 * outside the member app's page scale and theme.
 */
export const isConsoleHash = (hash: string) => hash.startsWith('#/admin');

export const applyPageScale = () => {
  const apply = () => {
    document.documentElement.style.fontSize = isConsoleHash(window.location.hash)
      ? ''
      : `${rootFontSize(window.innerWidth)}px`;
  };
  apply();
  window.addEventListener('resize', apply);
  onRouteChange(apply);
};
