import { whenIdleAfterLoad } from '../lib/idle.ts';

/**
 * Registers the service worker (Workbox's sw.js, vite.config.ts) once the first screen is up and the page is
 * idle. Registering installs it, and installing downloads the whole precache (every page of the
 * app, about 600 KB compressed): started at the window's `load` event, as the generated registerSW.js did, that
 * download ran while the first page's own code was still arriving and shared the network and the CPU with it.
 * Offline use needs the worker only from the second visit on, so nothing is lost by waiting.
 */
export const registerServiceWorkerWhenIdle = () => {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('./sw.js', { scope: './' }).catch((error: unknown) => {
      // No worker (a development server, a private window that refuses it): the app works online.
      console.warn('service worker not registered', error);
    });
  };
  whenIdleAfterLoad(register);
};
