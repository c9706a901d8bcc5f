import { PUSH_TAP_DELAY_MS } from '@chatpay/shared';
import { navigate } from '../../lib/router/navigate.ts';

/**
 * A tapped notification while the app is open: the service worker focused this window and sends the route;
 * it opens after PUSH_TAP_DELAY_MS (docs/product.md#navigation), once the app is in front.
 */
export const listenForPushTaps = () => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== 'push-open' || typeof data.url !== 'string') return;
    const m = data.url.match(/^#(\/(?:pages|uni_modules)\/[\w/-]+)(?:\?id=(\d+))?$/);
    if (!m) return;
    const [, path, id] = m;
    setTimeout(
      () => navigate({ path: path!, ...(id ? { query: { id: Number(id) } } : {}) }),
      PUSH_TAP_DELAY_MS,
    );
  });
};
